// The zones module's manifest (ADR 0123), listed in ../index.ts: its routes; the placement of
// the bikes among the zones outside the ingest — a fleet's bikes when its zones change
// (`zone.changed`), every bike each minute (a zone's hours begin or end) — and the permit caps
// (docs/zones.md). The zones' automatic commands go with the placement (zone-conditions.ts).
import type { EventJobData } from '../../jobs/domain-events';
import { defineModule, type QueueHandler } from '../manifest/define';
import { placeInZones } from './ingest-step';
import { fleetsOf, placeFleets } from './placement';
import routes from './routes';
import { sweepZoneCaps } from './zone-caps';
import { MINUTE_SWEEP } from '../../jobs/queues';

const place: QueueHandler<EventJobData> = async (batch, { ctx }) => {
  await placeFleets(ctx.database, ctx.jobs, fleetsOf(batch), ctx.now());
};

const placeEveryBike: QueueHandler = async (_batch, { ctx, log }) => {
  const placed = await placeFleets(ctx.database, ctx.jobs, null, ctx.now());
  if (placed) log.info({ placed }, 'bikes placed among their zones');
};

const caps: QueueHandler = async (_batch, { ctx, log }) => {
  const changes = await sweepZoneCaps(ctx.database, ctx.jobs, ctx.now());
  if (changes.length) log.info({ changes: changes.length }, 'zone caps swept');
};

export default defineModule({
  name: 'zones',
  api: routes,
  ingest: placeInZones,
  // the zones are small and few: the browsers read them again
  live: { after: ['zone'], push: async (feed) => feed.broadcast('zones', {}) },
  queues: {
    'zones.place': {
      retryLimit: 8,
      retryDelay: 1,
      expireInSeconds: 120,
      batchSize: 50,
      // a burst of changes (an import, a clean-up) placed once: ADR 0125
      wakeMs: 500,
      owner: 'fleet',
      hears: ['zone.changed'],
      handler: place,
    },
    /** run at once by a fresh worker, before the alerts' sweep (the module list's order) */
    'zones.sweep': { ...MINUTE_SWEEP, handler: placeEveryBike },
    /** the permit caps: parked bikes counted, cap alerts opened and cleared */
    'zones.caps': { ...MINUTE_SWEEP, atStart: false, handler: caps },
  },
});

// The alerts module's manifest (ADR 0123), listed in ../index.ts: its routes, and its two
// queues — the subscriber that reconciles the bikes an event names, and the minute's sweep.
import type { EventJobData } from '../../jobs/domain-events';
import { defineModule, type LiveRead, type QueueHandler } from '../manifest/define';
import { alertChangesSince } from './queries';
import routes from './routes';
import { reconcileBikes, sweepAlerts } from './service';
import { MINUTE_SWEEP } from '../../jobs/queues';

const reconcile: QueueHandler<EventJobData> = async (batch, { ctx }) => {
  const bikeIds = batch.flatMap(({ data }) => ('bikeId' in data.data ? [data.data.bikeId] : []));
  await reconcileBikes(ctx.database, ctx.jobs, [...new Set(bikeIds)], ctx.now());
};

const sweep: QueueHandler = async (_batch, { ctx, log }) => {
  const changes = await sweepAlerts(ctx.database, ctx.jobs, ctx.now());
  if (changes.length) log.info({ changes: changes.length }, 'alerts swept');
};

/** The live stream names the bikes whose alerts changed (the screens reload theirs, ADR 0081). */
const live: LiveRead = {
  after: ['alert'],
  async push(feed, database) {
    const cursor = (feed.memory.get('cursor') as number | undefined) ?? feed.openedAt;
    const rows = await alertChangesSince(database, feed.fleetId, cursor - feed.lookbackUs);
    if (!rows.length) return;
    feed.memory.set('cursor', Math.max(cursor, ...rows.map((row) => row.at)));
    feed.broadcast('alerts', { vehicleNumbers: rows.map((row) => row.vehicleNumber) });
  },
};

export default defineModule({
  name: 'alerts',
  api: routes,
  live,
  queues: {
    /** opens and clears the alerts of the bikes a domain event names */
    'alerts.reconcile': {
      retryLimit: 8,
      retryDelay: 1,
      expireInSeconds: 60,
      batchSize: 200,
      owner: 'fleet',
      hears: [
        'theft.alarm',
        'theft.alarm-ended',
        'theft.reported',
        'theft.cancelled',
        'battery.low',
        'battery.ok',
        'module.back',
        'bike.zones-changed',
        'rule.firing-changed',
      ],
      handler: reconcile,
    },
    /** the silent modules (nothing happens when a module says nothing) and a safety net; a
     *  fresh worker runs it at once: the alerts match the bikes before the first minute is over */
    'alerts.sweep': { ...MINUTE_SWEEP, handler: sweep },
  },
});

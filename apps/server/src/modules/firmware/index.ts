// The firmware module's manifest (ADR 0123, ADR 0129), listed in ../index.ts: its routes
// (administrators), the modules' download outside the API prefix, the minute's tick that
// drives the campaigns (offers at the pace, timeouts, canary, pause, finish), and its two parts
// of the ingest: the up/firmware reports, and the offers' dispatcher beside the commands'.
import downloadRoutes from './download-routes';
import { defineModule, type QueueHandler } from '../manifest/define';
import type { IotService } from '../manifest/ingest-steps';
import { FirmwareOfferDispatcher } from './offer-dispatcher';
import { applyFirmwareReports } from './reports';
import routes from './routes';
import { runFirmwareTick } from './tick';
import { MINUTE_SWEEP } from '../../jobs/queues';

const tick: QueueHandler = async (_batch, { ctx }) => {
  await runFirmwareTick(ctx.database, ctx.now());
};

const offers: IotService = async (scope) => {
  const dispatcher = new FirmwareOfferDispatcher(scope);
  await dispatcher.start();
  return dispatcher;
};

export default defineModule({
  name: 'firmware',
  api: routes,
  root: [downloadRoutes],
  reports: { kind: 'firmware', apply: applyFirmwareReports },
  iot: offers,
  queues: {
    'firmware.tick': { ...MINUTE_SWEEP, handler: tick },
  },
});

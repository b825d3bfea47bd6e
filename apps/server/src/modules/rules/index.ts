// The rules module's manifest (ADR 0123, ADR 0126), listed in ../index.ts: its routes, and the
// minute's sweep that evaluates what no message says (durations, silences, schedules). The
// per-message evaluation runs in the ingest's batch (live.ts, called by ingest/batch-writer.ts).
import { defineModule, type QueueHandler } from '../manifest';
import routes from './routes';
import { sweepRules } from './sweep';

const sweep: QueueHandler = async (_batch, { ctx, log }) => {
  const changed = await sweepRules(ctx.database, ctx.jobs, ctx.now());
  if (changed) log.info({ bikes: changed }, 'rules swept');
};

export default defineModule({
  name: 'rules',
  api: routes,
  queues: {
    /** durations and absences: a fresh worker runs it at once (a restart loses no minute) */
    'rules.sweep': {
      retryLimit: 2,
      retryDelay: 5,
      expireInSeconds: 120,
      cron: '* * * * *',
      owner: 'operator',
      atStart: true,
      handler: sweep,
    },
  },
});

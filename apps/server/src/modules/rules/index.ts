// The rules module's manifest (ADR 0123, ADR 0126), listed in ../index.ts: its routes, and the
// minute's sweep that evaluates what no message says (durations, silences, schedules), and its
// ingest step: the per-message evaluation in the ingest's batch (ingest-step.ts, ADR 0135).
import { defineModule, type QueueHandler } from '../manifest/define';
import { evaluateRules } from './ingest-step';
import routes from './routes';
import { sweepRules } from './sweep';
import { MINUTE_SWEEP } from '../../jobs/queues';

const sweep: QueueHandler = async (_batch, { ctx, log }) => {
  const changed = await sweepRules(ctx.database, ctx.jobs, ctx.now());
  if (changed) log.info({ bikes: changed }, 'rules swept');
};

export default defineModule({
  name: 'rules',
  api: routes,
  ingest: evaluateRules,
  queues: {
    /** durations and absences: a fresh worker runs it at once (a restart loses no minute) */
    'rules.sweep': { ...MINUTE_SWEEP, handler: sweep },
  },
});

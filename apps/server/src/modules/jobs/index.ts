// The jobs home's administration (ADR 0081), listed in ../index.ts, and its probe (ADR 0123: a
// queue of this module's manifest).
import { setTimeout as sleep } from 'node:timers/promises';
import { recordProbe } from '../../jobs/queries';
import { defineModule, type QueueHandler } from '../manifest/define';
import routes from './routes';

/**
 * The probe's data: wait this long, then record the job's id (idempotent). Until `failUntil`
 * (server clock) it fails instead: how an operator sees retries and dead letters work.
 */
export interface ProbeData {
  token: string;
  waitMs?: number;
  failUntil?: string;
}

const probe: QueueHandler<ProbeData> = async ([job], { ctx }) => {
  if (!job) return;
  if (job.data.waitMs) await sleep(Math.min(job.data.waitMs, 60_000));
  if (job.data.failUntil && ctx.now() < new Date(job.data.failUntil))
    throw new Error(`probe ${job.data.token} fails until ${job.data.failUntil}`);
  await recordProbe(ctx.database, job.id, job.data.token, process.pid);
};

export default defineModule({
  name: 'jobs',
  api: routes,
  queues: {
    /** a job that waits and writes its id: the operator's "is a worker alive?" and the tests' */
    'jobs.probe': {
      retryLimit: 3,
      retryDelay: 1,
      expireInSeconds: 10,
      owner: 'operator',
      handler: probe,
    },
  },
});

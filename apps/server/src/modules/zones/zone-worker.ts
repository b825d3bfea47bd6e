// The zones' worker thread (zone-thread.ts, ADR 0125): each message a ZoneJob, each answer
// `{ ok: ZoneCheck }` — or `{ error }` when the job itself failed; `{ ready: true }` once loaded
// (a job's budget counts from then).
import { parentPort } from 'node:worker_threads';
import { runZoneJob, type ZoneJob } from './zone-checks';

parentPort!.on('message', (job: ZoneJob) => {
  try {
    parentPort!.postMessage({ ok: runZoneJob(job) });
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort!.postMessage({ ready: true });

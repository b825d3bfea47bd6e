// The zones' worker thread (zone-thread.ts, ADR 0125): each message a ZoneJob, each answer
// `{ ok: ZoneAnswer }` — or `{ error }` when the job itself failed; `{ ready: true }` once loaded
// (a job's budget counts from then).
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { runZoneJob, type ZoneJob } from './zone-checks';

/** On Linux this thread lowers its own priority (nice 19 since ADR 0141, `/proc/thread-self` names its thread
 * id): on a busy machine the API's thread — every fleet's requests — gets the cores first. */
function yieldToTheApi() {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 19);
  } catch {
    // elsewhere (or not allowed): the thread runs at the process's priority
  }
}

yieldToTheApi();

parentPort!.on('message', (job: ZoneJob) => {
  try {
    parentPort!.postMessage({ ok: runZoneJob(job) });
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort!.postMessage({ ready: true });

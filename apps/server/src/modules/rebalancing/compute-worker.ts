// The rebalancing's worker thread (compute-thread.ts, ADR 0136): each message a ComputeJob, each
// answer `{ ok }` — or `{ error }` when the job itself failed; `{ ready: true }` once loaded.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { runComputeJob, type ComputeJob } from './compute';

// on Linux the thread lowers its own priority (nice 10; the zones' thread, zone-worker.ts, 19): on
// a busy machine the API's thread gets the cores first
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {
  // elsewhere (or not allowed): the thread runs at the process's priority
}

parentPort!.on('message', (job: ComputeJob) => {
  try {
    parentPort!.postMessage({ ok: runComputeJob(job) });
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort!.postMessage({ ready: true });

// The rebalancing's CPU work off the event loop (ADR 0136, as the zones' checks: ADR 0125): the
// forecast's training, the recommendations and the routes run on one worker thread of the
// process (zones/thread-pool.ts: each fleet's jobs in its own queue, taken in turns; a job past
// its budget or a thread that died fails that job alone, and a fresh thread takes the next).
// The API's requests ("plan now", accepting a move) and the worker's jobs both go through it.
import { FairThreadPool } from '../zones/thread-pool';
import { moduleWorker } from '../zones/zone-thread';
import { runComputeJob, type ComputeJob, type ComputeResults } from './compute';

/** A job's time on the thread at most: the routes' search stops itself at 4 s. */
export const COMPUTE_BUDGET_MS = 60_000;
const THREAD_HEAP_MB = 512;

let pool: FairThreadPool | null = null;

/** A pool of the rebalancing's threads (one thread). */
export const computePool = () =>
  new FairThreadPool({
    spawn: () => moduleWorker(new URL('./compute-worker', import.meta.url).href, THREAD_HEAP_MB),
    budgetMs: COMPUTE_BUDGET_MS,
    queueMax: 16,
  });

/** This process's rebalancing thread, made on first use. */
export function computeThread(): FairThreadPool {
  return (pool ??= computePool());
}

/** Runs a job for a fleet on the thread (`inline`: here, for comparison). */
export async function compute<J extends ComputeJob>(
  fleetId: string,
  job: J,
  on: FairThreadPool | 'inline' = computeThread(),
): Promise<ComputeResults[J['op']]> {
  if (on === 'inline') return runComputeJob(job) as ComputeResults[J['op']];
  return on.run<ComputeResults[J['op']]>(fleetId, job);
}

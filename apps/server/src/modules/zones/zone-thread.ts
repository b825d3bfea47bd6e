// The zones' costly checks off the event loop (ADR 0125): a zone or an import of more than
// ZONE_INLINE_CORNERS_MAX corners is checked, simplified and serialised (zone-checks.ts) on
// the process's zones thread (thread-pool.ts: one thread, each fleet's jobs in its own queue,
// taken in turns); a smaller one inline, cheaper than the hop. A job past its budget is a 422
// ZONE_TOO_COMPLEX, a fleet with too many jobs waiting a 429 ZONE_CHECKS_BUSY, a thread that
// died a 503 ZONE_CHECKS_UNAVAILABLE (the thread is replaced: the next job runs).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { HttpProblem } from '../../lib/problem';
import {
  FairThreadPool,
  ThreadJobCrash,
  ThreadJobError,
  ThreadJobTimeout,
  ThreadQueueFull,
} from './thread-pool';
import { runZoneJob, type ZoneAnswer, type ZoneJob } from './zone-checks';

/** Up to this many corners in a request, the checks run inline (a few milliseconds). */
export const ZONE_INLINE_CORNERS_MAX = 1_000;
/** A job's time on the thread at most: a request's zones (≤ 1 MiB, ~35,000 corners) take a
 * few hundred milliseconds, a few seconds on a core shared with a busy machine. */
export const ZONE_CHECK_BUDGET_MS = 10_000;
/** A fleet's jobs waiting at most (a manager's imports are sequential: a few is plenty). */
const QUEUE_MAX = 4;
/** A thread's heap at most: a zone that needs more fails alone, not the process. */
const THREAD_HEAP_MB = 256;

/** tsx's ESM loader API (its package's `exports`): what lets a thread load the sources. */
function tsxApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return new URL(exports['./esm/api']!.import.default, pathToFileURL(manifest)).href;
}

/** A module's worker thread from its script's URL without extension (`new URL('./x-worker',
 * import.meta.url)`): the compiled `.js`, or the `.ts` source loaded through tsx. */
export function moduleWorker(script: string, heapMb: number): Worker {
  const compiled = import.meta.url.endsWith('.js');
  const url = new URL(`${script}.${compiled ? 'js' : 'ts'}`);
  const options = { resourceLimits: { maxOldGenerationSizeMb: heapMb } };
  if (compiled) return new Worker(url, options);
  const boot = `import(${JSON.stringify(tsxApi())})
    .then(({ register }) => register())
    .then(() => import(${JSON.stringify(url.href)}))`;
  return new Worker(boot, { ...options, eval: true });
}

/** The zones' worker thread; loaded through tsx when the server runs from its sources. */
export const zoneWorker = (): Worker =>
  moduleWorker(new URL('./zone-worker', import.meta.url).href, THREAD_HEAP_MB);

let pool: FairThreadPool | null = null;

/** This process's zones thread, made on first use. */
export function zoneThread(): FairThreadPool {
  return (pool ??= new FairThreadPool({
    spawn: zoneWorker,
    budgetMs: ZONE_CHECK_BUDGET_MS,
    queueMax: QUEUE_MAX,
  }));
}

/** The job's answer, inline or on the thread (a fleet's turn); refusals as problems. */
export async function runZoneCheck(
  fleetId: string,
  job: ZoneJob,
  corners: number,
  thread: () => FairThreadPool = zoneThread,
): Promise<ZoneAnswer> {
  if (corners <= ZONE_INLINE_CORNERS_MAX) return runZoneJob(job);
  try {
    return await thread().run<ZoneAnswer>(fleetId, job);
  } catch (error) {
    throw threadProblem(error);
  }
}

export function threadProblem(error: unknown): unknown {
  if (error instanceof ThreadJobTimeout)
    return new HttpProblem(
      422,
      'ZONE_TOO_COMPLEX',
      'Unprocessable content',
      `Checking these zones took more than ${error.budgetMs / 1000} s: ` +
        'simplify them, or send fewer at a time.',
    );
  if (error instanceof ThreadQueueFull)
    return new HttpProblem(
      429,
      'ZONE_CHECKS_BUSY',
      'Too many requests',
      "This fleet's zones are being checked already: try again when they are saved.",
      { retryAfterSeconds: 5 },
    );
  if (error instanceof ThreadJobCrash || error instanceof ThreadJobError)
    return new HttpProblem(
      503,
      'ZONE_CHECKS_UNAVAILABLE',
      'Service unavailable',
      'The zones could not be checked: try again.',
      { retryAfterSeconds: 5 },
    );
  return error;
}

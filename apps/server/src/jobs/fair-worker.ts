// A queue worked in slots (ADR 0118): pg-boss's own worker fetches a batch and fetches again
// only when the whole batch is done, so one receiver that never answers holds nine others.
// Here each job has a slot of its own: the worker fetches as many jobs as slots are free
// (queries/fair.ts: in turns across fleets, each fleet within its share), runs each by itself,
// completes or fails it by itself (pg-boss's complete/fail: its retries, backoff and dead
// letters), and fetches again as soon as a slot frees. A job whose worker dies stays active
// and is taken again after its lease, as with pg-boss's worker.
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { fetchFairly, type SqlRunner } from './queries/fair';
import type { JobMetrics } from './job-metrics';
import type { SlotPolicy } from './queues';

export type { SlotPolicy } from './queues';

/** A job as a handler takes it. */
export interface Job<T = unknown> {
  id: string;
  name: string;
  data: T;
}
export type JobHandler<T = unknown> = (jobs: Job<T>[]) => Promise<void>;

/** how long a stop waits for the jobs in progress (then they stay active: their lease) */
const STOP_GRACE_MS = 10_000;

export class FairWorker<T = unknown> {
  private inUse = 0;
  private fetching = false;
  private again = false;
  private stopped = false;
  private readonly running = new Set<Promise<void>>();
  private readonly poll: NodeJS.Timeout;

  constructor(
    private readonly boss: PgBoss,
    private readonly db: SqlRunner,
    readonly queue: string,
    readonly policy: SlotPolicy,
    private readonly handler: JobHandler<T>,
    private readonly metrics: JobMetrics,
    private readonly log: Logger,
    pollSeconds: number,
  ) {
    this.poll = setInterval(() => this.wake(), pollSeconds * 1000);
    this.poll.unref();
    this.wake();
  }

  get slotsInUse() {
    return this.inUse;
  }

  /** Fetches for the free slots (once at a time: a wake during a fetch fetches again after). */
  wake(): void {
    if (this.stopped) return;
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = true;
    void this.fill()
      .catch((error: unknown) => this.log.warn({ err: error, queue: this.queue }, 'fetch failed'))
      .finally(() => {
        this.fetching = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async fill() {
    while (!this.stopped) {
      const free = this.policy.slots - this.inUse;
      if (free <= 0) return;
      const jobs = await fetchFairly(this.db, this.queue, free, this.policy.fleetSlots);
      if (this.stopped) return; // fetched while stopping: active, taken again after the lease
      for (const job of jobs) this.start(job as Job<T>);
      // fewer than asked: nothing more is ready for now (or every fleet at its share)
      if (jobs.length < free) return;
    }
  }

  private start(job: Job<T>) {
    this.inUse += 1;
    this.metrics.slotTaken(this.queue);
    const started = performance.now();
    const run = (async () => {
      try {
        await this.handler([job]);
        this.metrics.done(this.queue, 1, performance.now() - started);
        await this.boss.complete(this.queue, job.id);
      } catch (error) {
        this.metrics.failed(this.queue, 1);
        this.log.warn({ err: error, queue: this.queue, jobs: [job.id] }, 'job failed');
        const message = error instanceof Error ? error.message : String(error);
        await this.boss.fail(this.queue, job.id, { message }).catch(() => {});
      }
    })().finally(() => {
      this.inUse -= 1;
      this.metrics.slotFreed(this.queue);
      this.running.delete(run);
      this.wake();
    });
    this.running.add(run);
  }

  /** No more fetches; the jobs in progress are awaited a while (then left to their lease). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([...this.running]),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, STOP_GRACE_MS);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }
}

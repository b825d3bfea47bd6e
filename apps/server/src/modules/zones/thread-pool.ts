// A worker thread for CPU-bound work that must not hold the event loop (ADR 0125): the zones'
// geometry checks and simplification. One thread by default (the API's loop keeps the other
// core); jobs wait in one queue per tenant (a fleet) and the thread takes them in turns — the
// tenant served longest ago first — so that a fleet's burst of imports delays another fleet's
// zone by the one job running at most. Each job has a time budget: past it the thread is ended (a
// job cannot be interrupted otherwise; the budget counts from when the thread has loaded), the
// job fails with ThreadJobTimeout and a fresh thread
// serves the next one. A thread that dies (out of memory, a crash) fails its job with
// ThreadJobCrash and is replaced the same way. Threads start on first use and end after a
// while without work; they never keep the process alive.
import type { Worker } from 'node:worker_threads';

export class ThreadJobTimeout extends Error {
  constructor(readonly budgetMs: number) {
    super(`the job took more than ${budgetMs} ms`);
    this.name = 'ThreadJobTimeout';
  }
}

export class ThreadJobCrash extends Error {
  constructor(cause: unknown) {
    super(`the worker thread stopped: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ThreadJobCrash';
  }
}

/** A refusal the job itself answered (the worker posted `{ error }`). */
export class ThreadJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ThreadJobError';
  }
}

export interface ThreadPoolOptions {
  /** How a thread is made (the worker script; see zone-thread.ts). The script posts
   * `{ ready: true }` once loaded, then answers each message with `{ ok }` or `{ error }`. */
  spawn: () => Worker;
  /** A job's time on a thread at most. */
  budgetMs: number;
  /** threads (1) */
  size?: number;
  /** A thread with nothing to do ends after this long (30 s). */
  idleMs?: number;
  /** Jobs one tenant may have waiting at most; past it `run` throws ThreadQueueFull. */
  queueMax?: number;
}

export class ThreadQueueFull extends Error {
  constructor(readonly waiting: number) {
    super(`${waiting} jobs of this tenant are waiting already`);
    this.name = 'ThreadQueueFull';
  }
}

interface Job {
  message: unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker | null;
  /** the thread said it is loaded (`{ ready: true }`): a job's budget starts then */
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}

export class FairThreadPool {
  /** waiting jobs by tenant; a Map keeps the order in which tenants came */
  private readonly queues = new Map<string, Job[]>();
  /** each tenant's last turn (a tenant's entry stays: a fleet served just now waits its turn) */
  private readonly served = new Map<string, number>();
  private turn = 0;
  private readonly slots: Slot[];
  private closed = false;
  /** threads made so far (a replaced one counts again) */
  started = 0;

  constructor(private readonly options: ThreadPoolOptions) {
    this.slots = Array.from({ length: options.size ?? 1 }, () => ({
      worker: null,
      ready: false,
      job: null,
      timer: null,
      idle: null,
    }));
  }

  /** Runs one job for a tenant; answers what the worker posted back. */
  run<T>(tenant: string, message: unknown): Promise<T> {
    if (this.closed) return Promise.reject(new ThreadJobCrash('the pool is closed'));
    const queue = this.queues.get(tenant) ?? [];
    if (queue.length >= (this.options.queueMax ?? 8))
      return Promise.reject(new ThreadQueueFull(queue.length));
    return new Promise<T>((resolve, reject) => {
      queue.push({ message, resolve: resolve as (value: unknown) => void, reject });
      this.queues.set(tenant, queue);
      this.dispatch();
    });
  }

  /** Jobs waiting (not running), all tenants together. */
  get waiting(): number {
    let n = 0;
    for (const queue of this.queues.values()) n += queue.length;
    return n;
  }

  /** Ends the threads; waiting jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const queue of this.queues.values())
      for (const job of queue) job.reject(new ThreadJobCrash('the pool is closed'));
    this.queues.clear();
    await Promise.all(this.slots.map((slot) => this.retire(slot, 'the pool is closed')));
  }

  /** The next job, in turns: the oldest job of the tenant served longest ago (never served
   * first; ties in the order tenants came). */
  private next(): Job | null {
    let chosen: string | null = null;
    let oldest = Infinity;
    for (const [tenant, queue] of this.queues) {
      const served = this.served.get(tenant) ?? -1;
      if (queue.length && served < oldest) [chosen, oldest] = [tenant, served];
    }
    if (chosen === null) return null;
    const queue = this.queues.get(chosen)!;
    const job = queue.shift()!;
    if (!queue.length) this.queues.delete(chosen);
    this.served.set(chosen, ++this.turn);
    return job;
  }

  private dispatch() {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.next();
      if (!job) return;
      this.start(slot, job);
    }
  }

  private start(slot: Slot, job: Job) {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    if (!slot.worker) this.spawn(slot);
    slot.job = job;
    if (slot.ready) this.post(slot);
  }

  /** The slot's job to its thread, its budget counted from now. */
  private post(slot: Slot) {
    slot.timer = setTimeout(() => {
      void this.retire(slot, new ThreadJobTimeout(this.options.budgetMs)).then(() =>
        this.dispatch(),
      );
    }, this.options.budgetMs);
    slot.timer.unref();
    slot.worker!.postMessage(slot.job!.message);
  }

  private spawn(slot: Slot): Worker {
    const worker = this.options.spawn();
    this.started += 1;
    worker.unref();
    worker.on('message', (answer: { ok?: unknown; error?: string; ready?: boolean }) => {
      if (slot.worker !== worker) return;
      if (answer?.ready) {
        slot.ready = true;
        if (slot.job) this.post(slot);
        return;
      }
      const job = this.finish(slot);
      if (job) {
        if (answer && typeof answer === 'object' && 'error' in answer)
          job.reject(new ThreadJobError(String(answer.error)));
        else job.resolve(answer?.ok);
      }
      this.dispatch();
      this.rest(slot);
    });
    const lost = (cause: unknown) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      slot.ready = false;
      this.finish(slot)?.reject(new ThreadJobCrash(cause));
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(`exit code ${code}`));
    slot.worker = worker;
    return worker;
  }

  /** The slot's job, done: its timer cleared, the slot free. */
  private finish(slot: Slot): Job | null {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    return job;
  }

  /** Ends the slot's thread; its job (if any) fails with `reason`. */
  private async retire(slot: Slot, reason: Error | string) {
    const worker = slot.worker;
    slot.worker = null;
    slot.ready = false;
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    const job = this.finish(slot);
    job?.reject(typeof reason === 'string' ? new ThreadJobCrash(reason) : reason);
    if (worker) await worker.terminate();
  }

  /** A thread left without a job ends after idleMs. */
  private rest(slot: Slot) {
    if (slot.job || !slot.worker) return;
    slot.idle = setTimeout(() => void this.retire(slot, 'idle'), this.options.idleMs ?? 30_000);
    slot.idle.unref();
  }
}

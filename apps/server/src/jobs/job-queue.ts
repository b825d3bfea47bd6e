// The jobs home (ADR 0081): a durable queue in VFM's own database —
// pg-boss 10 on PostgreSQL, and on the embedded PGlite through the same Database handle.
// Every process can send and publish (inside its own transactions); processes of role
// `worker` run the handlers and the recurring jobs. pg-boss claims with FOR UPDATE SKIP
// LOCKED (one claimer across processes), retries with backoff, keeps failed jobs (the dead
// letters) and takes back a job whose lease expired. A NOTIFY on `vfm_jobs` at commit wakes
// the workers at once instead of at their next poll.
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database, Queryable } from '../db/client';
import { JOBS_CHANNEL, notifyQueues, selectJobCounts } from './queries';
import type { DomainEvent, EventJobData } from './domain-events';
import { JobMetrics } from './job-metrics';
import { FairWorker, type JobHandler } from './fair-worker';
import { selectFleetLoad, type FleetLoad } from './queries/fair';
import { JOBS_SCHEMA, QUEUES, subscribersOf, type QueueName, type QueuePolicy } from './queues';

export { JOBS_CHANNEL };
/** a worker polls this often when no NOTIFY woke it (another database client's job) */
const POLL_SECONDS = 2;
/**
 * A notice wakes the queue's workers this long after it came, once for all the notices of that
 * time: every ingest batch with a warning notifies, and a fetch per batch would cost the
 * ingest more than the work itself (bench/alerts.ts); the jobs of 250 ms are fetched together
 * (an alert reaches the stream ~380 ms after its cause, p95: docs/performance.md).
 */
const WAKE_COALESCE_MS = 250;

export type { Job, JobHandler } from './fair-worker';

export interface SendOptions {
  /** run no earlier than this */
  startAfter?: Date;
  /** at most one waiting job with this key in the queue */
  singletonKey?: string;
}

/** pg-boss's Db over a transaction (or the database): a job stored with its cause. */
const asDb = (queryable: Queryable) => ({
  executeSql: async (text: string, values: unknown[] = []) => ({
    rows: await queryable.query(text, values),
  }),
});

export class Jobs {
  readonly metrics = new JobMetrics();
  private readonly workerIds = new Map<QueueName, string[]>();
  /** the queues worked in slots, fairly between fleets (ADR 0118): fair-worker.ts */
  private readonly fairWorkers = new Map<QueueName, FairWorker[]>();
  private unlisten: (() => Promise<void>) | null = null;
  private readonly wakeTimers = new Map<QueueName, NodeJS.Timeout>();
  private stopped = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly gate: DatabaseGate,
    private readonly database: Database,
    private readonly log: Logger,
    /** does this process run handlers (role worker)? */
    readonly working: boolean,
    /** queues switched off by configuration: no event is published to them */
    private readonly disabled: ReadonlySet<QueueName> = new Set(),
  ) {}

  static async open(
    database: Database,
    log: Logger,
    working: boolean,
    disabled: readonly QueueName[] = [],
  ): Promise<Jobs> {
    const gate = new DatabaseGate(database);
    const boss = new PgBoss({
      db: gate,
      schema: JOBS_SCHEMA,
      migrate: true,
      // supervision (leases, archiving) and cron run where the handlers run
      supervise: working,
      schedule: working,
      maintenanceIntervalSeconds: 10,
      // dead letters stay visible (and retryable) for 30 days, then go to the archive
      archiveCompletedAfterSeconds: 3600,
      archiveFailedAfterSeconds: 30 * 24 * 3600,
      deleteAfterDays: 7,
    });
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    await boss.start();
    // the queues are created by migrate() (db/migrate.ts), like the tables
    return new Jobs(boss, gate, database, log, working, new Set(disabled));
  }

  /** Stores a job (inside the caller's transaction when given one). */
  async send(
    queryable: Queryable | null,
    name: QueueName,
    data: object,
    options: SendOptions = {},
  ) {
    const db = asDb(queryable ?? this.database);
    await this.boss.insert(
      [
        {
          name,
          data,
          ...(options.startAfter ? { startAfter: options.startAfter } : {}),
          ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        },
      ],
      { db },
    );
    await this.wake(queryable ?? this.database, [name]);
  }

  /**
   * Publishes domain events inside the caller's transaction: one job per subscriber and
   * event, all in one statement; nothing when nobody subscribes.
   */
  async publish(tx: Queryable, events: DomainEvent[]): Promise<void> {
    const publishedAt = new Date().toISOString();
    const jobs = events.flatMap((event) =>
      subscribersOf(event.name)
        .filter((queue) => !this.disabled.has(queue))
        .map((queue) => ({
          name: queue,
          data: { ...event, publishedAt } satisfies EventJobData,
        })),
    );
    if (!jobs.length) return;
    await this.boss.insert(jobs, { db: asDb(tx) });
    await this.wake(tx, [...new Set(jobs.map((job) => job.name))]);
  }

  private async wake(queryable: Queryable, queues: string[]) {
    // delivered at commit (never for a rolled-back job); one notice per queue
    await notifyQueues(queryable, queues);
  }

  /** Runs this queue's jobs in this process (role worker); its cron too, when it has one. */
  async work<T>(name: QueueName, handler: JobHandler<T>): Promise<void> {
    if (!this.working) throw new Error(`jobs: this process is no worker (queue ${name})`);
    const policy: QueuePolicy = QUEUES[name];
    if (policy.slots) {
      // ADR 0118: a slot per job, fetched in turns across fleets, each fleet within its share;
      // the handler gets one job at a time
      const worker = new FairWorker<T>(
        this.boss,
        this.gate,
        name,
        policy.slots,
        handler,
        this.metrics,
        this.log,
        POLL_SECONDS,
      );
      this.metrics.slots(name, policy.slots.slots);
      this.fairWorkers.set(name, [...(this.fairWorkers.get(name) ?? []), worker as FairWorker]);
      await this.listenForWakes();
      return;
    }
    const batchSize = policy.batchSize ?? 1;
    let id = '';
    id = await this.boss.work<T>(
      name,
      { batchSize, pollingIntervalSeconds: POLL_SECONDS },
      async (jobs) => {
        const started = performance.now();
        try {
          await handler(jobs);
          this.metrics.done(name, jobs.length, performance.now() - started);
          // a full batch: more may wait — fetch again at once rather than after the poll
          if (jobs.length >= batchSize && id) this.boss.notifyWorker(id);
        } catch (error) {
          this.metrics.failed(name, jobs.length);
          this.log.warn({ err: error, queue: name, jobs: jobs.map((j) => j.id) }, 'job failed');
          throw error;
        }
      },
    );
    this.workerIds.set(name, [...(this.workerIds.get(name) ?? []), id]);
    if (policy.cron) await this.boss.schedule(name, policy.cron, {}, { tz: 'UTC' });
    await this.listenForWakes();
  }

  private async listenForWakes() {
    if (!this.unlisten) {
      this.unlisten = await this.database.listen(JOBS_CHANNEL, (queue) =>
        this.wakeSoon(queue as QueueName),
      );
    }
  }

  private wakeSoon(queue: QueueName) {
    if (this.stopped || this.wakeTimers.has(queue)) return;
    if (!this.workerIds.has(queue) && !this.fairWorkers.has(queue)) return;
    const timer = setTimeout(
      () => {
        this.wakeTimers.delete(queue);
        for (const workerId of this.workerIds.get(queue) ?? []) this.boss.notifyWorker(workerId);
        for (const worker of this.fairWorkers.get(queue) ?? []) worker.wake();
      },
      (QUEUES[queue] as QueuePolicy).wakeMs ?? WAKE_COALESCE_MS,
    );
    timer.unref();
    this.wakeTimers.set(queue, timer);
  }

  /** Jobs per queue and state (the metrics' backlog, the administration's counts). */
  async countByState(): Promise<Array<{ name: string; state: string; count: number }>> {
    return selectJobCounts(this.database);
  }

  /** The queues worked in slots: each fleet's jobs running and ready (the metrics, ADR 0118). */
  async fleetLoad(): Promise<FleetLoad[]> {
    const queues = Object.entries(QUEUES).flatMap(([name, policy]) =>
      (policy as QueuePolicy).slots ? [name] : [],
    );
    return selectFleetLoad(this.gate, queues);
  }

  /** Each slotted queue's share per fleet. */
  fleetShares(): ReadonlyMap<string, number> {
    return new Map(
      Object.entries(QUEUES).flatMap(([name, policy]) => {
        const slots = (policy as QueuePolicy).slots;
        return slots ? [[name, slots.fleetSlots] as const] : [];
      }),
    );
  }

  /** Sends a failed job again: one more attempt. */
  async retry(name: QueueName, id: string): Promise<void> {
    await this.boss.retry(name, id);
    await this.wake(this.database, [name]);
  }

  /** Ends the handlers (jobs in progress are failed and retried elsewhere), then the timers. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.wakeTimers.values()) clearTimeout(timer);
    this.wakeTimers.clear();
    await this.unlisten?.().catch(() => {});
    await Promise.all([...this.fairWorkers.values()].flat().map((worker) => worker.stop()));
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    await this.gate.close();
  }
}

/**
 * pg-boss's view of the database, closed by Jobs.stop(): its queries in flight finish before
 * the database closes, and a late one (a worker loop completing a job after the stop) is never
 * sent nor answered instead of failing on a closed pool — that job stays active and is taken
 * again after its lease (at-least-once; handlers are idempotent).
 */
class DatabaseGate {
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly database: Database) {}

  executeSql(text: string, values?: unknown[]) {
    // never answered: the stopped worker loop waits forever instead of reading a made-up row
    if (this.closed) return new Promise<{ rows: Record<string, unknown>[] }>(() => {});
    const query = this.database.executeSql(text, values);
    const settled = query.catch(() => {}).finally(() => this.inFlight.delete(settled));
    this.inFlight.add(settled);
    return query;
  }

  async close() {
    this.closed = true;
    await Promise.all([...this.inFlight]);
  }
}

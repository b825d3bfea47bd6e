// The queues of the jobs home (ADR 0081), with their retry policy and lease: what runs outside
// a request. Each module declares its own in its manifest (its index.ts, ADR 0123); the module
// list (modules/index.ts) registers them here and names them in QueueRegistry, so a queue name
// stays a typed union and the jobs home depends on no module. A job is retried with exponential backoff (retryDelay · 2^n seconds)
// up to retryLimit times, then stays FAILED (the dead letters: Administration → Jobs and
// `npm run admin -- jobs`), never lost. A job whose worker died (SIGKILL) is taken again once
// its lease (expireInSeconds) has passed.
import type { DomainEventName } from './domain-events';

/** How a queue's jobs share the worker processes (fair-worker.ts). */
export interface SlotPolicy {
  /** jobs run side by side by one worker process */
  slots: number;
  /** at most this many of the queue's jobs active per fleet, all processes together */
  fleetSlots: number;
}

/** The jobs home's tables (pg-boss), installed by db/migrate.ts so that templates carry them. */
export const JOBS_SCHEMA = 'pgboss';

export interface QueuePolicy {
  retryLimit: number;
  /** seconds before the first retry (doubled each time: retryBackoff) */
  retryDelay: number;
  /** the lease: a job active for longer is failed and retried */
  expireInSeconds: number;
  /** when it runs by itself (cron, UTC); otherwise only when sent or published to */
  cron?: string;
  /** jobs fetched together by one worker (the handler takes a batch) */
  batchSize?: number;
  /**
   * how long after a notice its workers are woken (default 250 ms: job-queue.ts); shorter for
   * a queue whose jobs come from other jobs, not from every ingest batch
   */
  wakeMs?: number;
  /**
   * worked in slots, fairly between fleets (ADR 0118: fair-worker.ts) instead of in batches:
   * each job its own slot, each fleet at most `fleetSlots` of the queue's active jobs. The
   * jobs carry their fleet (`data.fleetId`); the handler gets one job at a time.
   */
  slots?: SlotPolicy;
}

/**
 * Whose a job is (ADR 0120, job-scope.ts): a fleet's — its data names the fleet and its fleet's
 * administrators see and retry it — or the operator's (cron sweeps, housekeeping, the probe).
 */
export type JobOwner = 'fleet' | 'operator';

/** A queue as its module declares it. */
export interface QueueSpec extends QueuePolicy {
  owner: JobOwner;
  /** the domain events it subscribes to: one job per event published (domain-events.ts) */
  hears?: readonly DomainEventName[];
  /** a worker sends it one job as it starts (a sweep that should not wait for its minute) */
  atStart?: boolean;
}

/**
 * The operator's sweep of every minute: a lease of two minutes, two retries five seconds apart,
 * and one run as a worker starts (`atStart`), so that a restart loses no minute.
 */
export const MINUTE_SWEEP = {
  retryLimit: 2,
  retryDelay: 5,
  expireInSeconds: 120,
  cron: '* * * * *',
  owner: 'operator',
  atStart: true,
} as const satisfies QueueSpec;

/** The queue names, as keys: filled in by the module list (modules/index.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface QueueRegistry {}
export type QueueName = Extract<keyof QueueRegistry, string>;

/** Every registered queue (the module list registers them as it loads). */
export const QUEUES = {} as Readonly<Record<QueueName, QueueSpec>>;

/** Registers the modules' queues; a name declared twice is a mistake of the manifests. */
export function registerQueues(specs: Readonly<Record<string, QueueSpec>>): void {
  const registry = QUEUES as Record<string, QueueSpec>;
  for (const [name, spec] of Object.entries(specs)) {
    if (registry[name] && registry[name] !== spec) throw new Error(`queue ${name} declared twice`);
    registry[name] = spec;
  }
}

export const queueNames = () => Object.keys(QUEUES) as QueueName[];

export const isQueueName = (name: string): name is QueueName => name in QUEUES;

/** The queues subscribed to an event (each queue's `hears`, in its module's manifest). */
export function subscribersOf(name: DomainEventName): QueueName[] {
  return (Object.entries(QUEUES) as Array<[QueueName, QueueSpec]>)
    .filter(([, spec]) => spec.hears?.includes(name))
    .map(([queue]) => queue);
}

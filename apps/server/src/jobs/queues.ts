// Every queue of the jobs home (ADR 0081), with its retry policy and lease: what runs outside
// a request, in one list. A job is retried with exponential backoff (retryDelay · 2^n seconds)
// up to retryLimit times, then stays FAILED (the dead letters: Administration → Jobs and
// `npm run admin -- jobs`), never lost. A job whose worker died (SIGKILL) is taken again once
// its lease (expireInSeconds) has passed.
import type { SlotPolicy } from './fair-worker';

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

export const QUEUES = {
  /** opens and clears the alerts of the bikes a domain event names (modules/alerts) */
  'alerts.reconcile': { retryLimit: 8, retryDelay: 1, expireInSeconds: 60, batchSize: 200 },
  /** opens and cancels the automatic tasks of the alerts a domain event names (modules/tasks,
   *  docs/tasks.md) */
  'tasks.automate': { retryLimit: 8, retryDelay: 1, expireInSeconds: 60, batchSize: 100 },
  /** opens the maintenance tasks of the bikes a schedule says are due (docs/tasks.md) */
  'tasks.maintenance': {
    retryLimit: 3,
    retryDelay: 30,
    expireInSeconds: 300,
    cron: '*/10 * * * *',
  },
  /** the zones' permit caps: parked bikes counted, cap alerts opened and cleared (docs/zones.md) */
  'zones.caps': { retryLimit: 2, retryDelay: 5, expireInSeconds: 120, cron: '* * * * *' },
  /** the zones' placement (docs/zones.md): a fleet's bikes when its zones change (zone.changed) */
  'zones.place': { retryLimit: 8, retryDelay: 1, expireInSeconds: 120, batchSize: 50, wakeMs: 20 },
  /** every bike placed again each minute: a zone's hours begin or end */
  'zones.sweep': { retryLimit: 2, retryDelay: 5, expireInSeconds: 120, cron: '* * * * *' },
  /** the silent modules (nothing happens when a module says nothing) and a safety net */
  'alerts.sweep': { retryLimit: 2, retryDelay: 5, expireInSeconds: 120, cron: '* * * * *' },
  /** commands not acknowledged within 24 h become EXPIRED (DESIGN §7) */
  'commands.expire': { retryLimit: 2, retryDelay: 5, expireInSeconds: 120, cron: '* * * * *' },
  /** expired sessions, one-time tokens and sign-in attempts are deleted */
  'auth.maintenance': { retryLimit: 3, retryDelay: 60, expireInSeconds: 600, cron: '17 * * * *' },
  /** next month's telemetry partitions exist before they are needed */
  'telemetry.partitions': {
    retryLimit: 5,
    retryDelay: 60,
    expireInSeconds: 600,
    cron: '7 3 * * *',
  },
  /** alert.opened / alert.cleared → one delivery per webhook endpoint (ADR 0088) */
  'webhooks.fanout': {
    retryLimit: 8,
    retryDelay: 1,
    expireInSeconds: 60,
    batchSize: 100,
    // published by alerts.reconcile, not by the ingest: woken at once (docs/performance.md, ≤ 2 s)
    wakeMs: 20,
  },
  /**
   * one attempt of a webhook delivery; the retries of a failed attempt are the deliveries'
   * own schedule (new jobs, 30 s to 8 h apart) — this policy only retries a job whose worker
   * died or whose database write failed (the lease covers the 10 s timeout). In slots, not
   * batches (ADR 0118): an attempt starts when any slot frees, and one fleet holds at most 12
   * attempts at once in the whole deployment (more than the 10 of a batch before: a fleet alone
   * loses no speed), so its receivers that never answer leave the other slots to other fleets
   */
  'webhooks.deliver': {
    retryLimit: 5,
    retryDelay: 5,
    expireInSeconds: 30,
    wakeMs: 20,
    slots: { slots: 32, fleetSlots: 12 },
  },
  /** tells a fleet's administrators that a failing webhook was disabled */
  'webhooks.disabled-mail': { retryLimit: 5, retryDelay: 60, expireInSeconds: 120 },
  /** docs/notifications.md: the rules matching an alert (or a module back, a command failed) → the
   *  users' notifications and one delivery job per e-mail (modules/notifications) */
  'notifications.fanout': { retryLimit: 8, retryDelay: 1, expireInSeconds: 60, batchSize: 100 },
  /** one notification e-mail; a retry never sends it twice (ADR 0087). 8 retries from 5 s:
   *  over 20 minutes of a mail server down */
  'notifications.deliver': {
    retryLimit: 8,
    retryDelay: 5,
    expireInSeconds: 60,
    // ADR 0118: side by side (one at a time before), each fleet within its share (the SMTP
    // deadline is 30 s)
    slots: { slots: 16, fleetSlots: 6 },
  },
  /** ADR 0118: one push notification to a user's browsers (in parallel, under one 10 s
   *  deadline), apart from the e-mails so that dead push services never hold an e-mail back */
  'notifications.push': {
    retryLimit: 8,
    retryDelay: 5,
    expireInSeconds: 60,
    wakeMs: 20,
    slots: { slots: 16, fleetSlots: 6 },
  },
  /** one account's digest (ADR 0118): sent, refused or retried on its own — a mailbox that
   *  refuses holds no other account's digest back */
  'notifications.digest-send': {
    retryLimit: 3,
    retryDelay: 30,
    expireInSeconds: 120,
    slots: { slots: 4, fleetSlots: 2 },
  },
  /** the held e-mails (digests, throttle, quiet hours) whose digest is due: gathered, then one
   *  `notifications.digest-send` job per account */
  'notifications.digest': {
    retryLimit: 3,
    retryDelay: 30,
    expireInSeconds: 300,
    cron: '*/5 * * * *',
  },
  /** a job that waits and writes its id: the operator's "is a worker alive?" and the tests' */
  'jobs.probe': { retryLimit: 3, retryDelay: 1, expireInSeconds: 10 },
} as const satisfies Record<string, QueuePolicy>;

export type QueueName = keyof typeof QUEUES;
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];

export const isQueueName = (name: string): name is QueueName => name in QUEUES;

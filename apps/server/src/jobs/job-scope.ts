// Whose a job is (ADR 0120): a fleet's — its data names the fleet (`data.fleetId`, or
// `data.data.fleetId` for a domain event) and its fleet's administrators see and retry it in
// Administration → Jobs — or the operator's (cron sweeps, housekeeping, the probe: no fleet),
// seen and retried only with `npm run admin -- jobs`. A job of a fleet queue without a fleet
// is the operator's too: nobody of a fleet reads another fleet's errors by accident.
import type { QueueName } from './queues';

export type JobOwner = 'fleet' | 'operator';

/** Each queue's owner; a new queue does not compile until it is given one. */
export const QUEUE_OWNERS: Record<QueueName, JobOwner> = {
  'alerts.reconcile': 'fleet',
  'tasks.automate': 'fleet',
  'zones.place': 'fleet',
  'webhooks.fanout': 'fleet',
  'webhooks.deliver': 'fleet',
  'webhooks.disabled-mail': 'fleet',
  'notifications.fanout': 'fleet',
  'notifications.deliver': 'fleet',
  'notifications.push': 'fleet',
  // one account's digest (ADR 0118): the account's fleet
  'notifications.digest-send': 'fleet',
  // the crons: one job for every fleet (the digest cron gathers; each account's digest is then
  // a job of its fleet)
  'tasks.maintenance': 'operator',
  'zones.caps': 'operator',
  'zones.sweep': 'operator',
  'alerts.sweep': 'operator',
  'commands.expire': 'operator',
  'auth.maintenance': 'operator',
  'telemetry.partitions': 'operator',
  'notifications.digest': 'operator',
  'jobs.probe': 'operator',
};

export const FLEET_QUEUES = (Object.keys(QUEUE_OWNERS) as QueueName[]).filter(
  (queue) => QUEUE_OWNERS[queue] === 'fleet',
);

/** SQL: the fleet a job's data names (a domain event's is in its data), else null. */
export const JOB_FLEET_SQL = (job: string) =>
  `coalesce(${job}.data->'data'->>'fleetId', ${job}.data->>'fleetId')`;

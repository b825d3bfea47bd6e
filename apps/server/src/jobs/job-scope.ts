// Whose a job is (ADR 0120): a fleet's — its data names the fleet (`data.fleetId`, or
// `data.data.fleetId` for a domain event) and its fleet's administrators see and retry it in
// Administration → Jobs — or the operator's (cron sweeps, housekeeping, the probe: no fleet),
// seen and retried only with `npm run admin -- jobs`. A job of a fleet queue without a fleet
// is the operator's too: nobody of a fleet reads another fleet's errors by accident.
import { QUEUES, queueNames, type JobOwner, type QueueName } from './queues';

export type { JobOwner };

/** Each queue's owner, as its module declares it (QueueSpec.owner). */
export const ownerOf = (queue: QueueName): JobOwner => QUEUES[queue].owner;

/** The queues whose jobs are their fleet's. */
export const fleetQueues = (): QueueName[] =>
  queueNames().filter((queue) => ownerOf(queue) === 'fleet');

/** SQL: the fleet a job's data names (a domain event's is in its data), else null. */
export const JOB_FLEET_SQL = (job: string) =>
  `coalesce(${job}.data->'data'->>'fleetId', ${job}.data->>'fleetId')`;

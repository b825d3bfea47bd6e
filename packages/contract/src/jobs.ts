// The jobs home seen by a fleet administrator (ADR 0081): the queues' counts and
// the jobs that failed after all their retries (the dead letters), which they send again once
// the cause is fixed.
import { Type, type Static } from '@sinclair/typebox';
import { pagingProperties } from './bike-records';
import { DateTime, IdParamsSchema, Nullable, Page } from './schema-helpers';

const strict = { additionalProperties: false } as const;

export const JOB_STATES = [
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
] as const;

export const QueueCountsSchema = Type.Object(
  {
    queue: Type.String(),
    created: Type.Integer({ minimum: 0 }),
    retry: Type.Integer({ minimum: 0 }),
    active: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0 }),
  },
  strict,
);
export type QueueCounts = Static<typeof QueueCountsSchema>;

export const FailedJobSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    queue: Type.String(),
    /** the domain event the job was for, if any (e.g. battery.low) */
    event: Nullable(Type.String()),
    vehicleNumber: Nullable(Type.String()),
    /** the last attempt's error */
    error: Type.String(),
    attempts: Type.Integer({ minimum: 1 }),
    createdAt: DateTime(),
    failedAt: Nullable(DateTime()),
  },
  strict,
);
export type FailedJob = Static<typeof FailedJobSchema>;

export const JobsQuerySchema = Type.Object(pagingProperties(50), strict);
export type JobsQuery = Static<typeof JobsQuerySchema>;

export const JobsOverviewSchema = Type.Object(
  {
    /** the fleet's jobs and the system's (no fleet) per queue */
    queues: Type.Array(QueueCountsSchema),
    /** failed after all retries, newest first */
    failed: Page(FailedJobSchema),
  },
  strict,
);
export type JobsOverview = Static<typeof JobsOverviewSchema>;

export const JobParamsSchema = IdParamsSchema;

/**
 * Each queue of the server's jobs home (declared by the server modules' manifests) → the key of
 * its name in the web's wording (`administration.jobs.queues.<key>`). A server test checks that
 * every queue a module declares has one; a queue the web does not know keeps its own name.
 */
export const QUEUE_LABEL_KEYS = {
  'alerts.reconcile': 'alertsReconcile',
  'alerts.sweep': 'alertsSweep',
  'auth.maintenance': 'authMaintenance',
  'battery.estimate': 'batteryEstimate',
  'battery.reassess': 'batteryReassess',
  'city-access.maintenance': 'cityAccessMaintenance',
  'commands.expire': 'commandsExpire',
  'firmware.tick': 'firmwareTick',
  'jobs.probe': 'jobsProbe',
  'notifications.deliver': 'notificationsDeliver',
  'notifications.digest': 'notificationsDigest',
  'notifications.digest-send': 'notificationsDigestSend',
  'notifications.fanout': 'notificationsFanout',
  'notifications.push': 'notificationsPush',
  'notifications.sms': 'notificationsSms',
  'rebalancing.plan': 'rebalancingPlan',
  'rebalancing.replan': 'rebalancingReplan',
  'rebalancing.rollup': 'rebalancingRollup',
  'reports.deliver': 'reportsDeliver',
  'reports.rollup': 'reportsRollup',
  'reports.schedules': 'reportsSchedules',
  'rules.sweep': 'rulesSweep',
  'tasks.automate': 'tasksAutomate',
  'tasks.maintenance': 'tasksMaintenance',
  'telemetry.partitions': 'telemetryPartitions',
  'webhooks.deliver': 'webhooksDeliver',
  'webhooks.disabled-mail': 'webhooksDisabledMail',
  'webhooks.fanout': 'webhooksFanout',
  'webhooks.maintenance': 'webhooksMaintenance',
  'zones.caps': 'zonesCaps',
  'zones.place': 'zonesPlace',
  'zones.sweep': 'zonesSweep',
} as const;

// The parts of field work beside the tasks themselves (docs/tasks.md): the maintenance schedules
// that open tasks when a bike falls due, the task statistics, and the battery swap queue
// (ADR 0100). The tasks are in ./tasks.ts.
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, IdParamsSchema, Nullable, StringEnum } from './schema-helpers';
import { SWAP_REASONS } from './battery';
import {
  TASK_ACTIVE_STATUSES,
  TASK_KINDS,
  TASK_TITLE_MAX,
  TaskPositionSchema as Position,
  TaskUserRefSchema as UserRef,
} from './tasks';

const strict = { additionalProperties: false } as const;

// ---- maintenance schedules (docs/tasks.md) ------------------------------------------------

export const MaintenanceScheduleSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    /** a vehicle type (the bikes' model), null: every type */
    model: Nullable(Type.String()),
    /** a group (its bikes and those of its sub-groups), null: every group */
    groupId: Nullable(Type.String({ format: 'uuid' })),
    everyKm: Nullable(Type.Number()),
    everyDays: Nullable(Type.Integer()),
    everyCycles: Nullable(Type.Integer()),
    /** the bikes the schedule covers now, and those with a maintenance task open */
    bikes: Type.Integer({ minimum: 0 }),
    due: Type.Integer({ minimum: 0 }),
    createdAt: DateTime(),
  },
  strict,
);
export type MaintenanceSchedule = Static<typeof MaintenanceScheduleSchema>;

export const MaintenanceScheduleListSchema = Type.Object(
  { content: Type.Array(MaintenanceScheduleSchema) },
  strict,
);
export type MaintenanceScheduleList = Static<typeof MaintenanceScheduleListSchema>;

/** At least one of everyKm, everyDays, everyCycles. */
export const MaintenanceScheduleCreateSchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: TASK_TITLE_MAX,
      pattern: '^[^\\u0000-\\u001F\\u007F]*\\S[^\\u0000-\\u001F\\u007F]*$',
    }),
    model: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64 }))),
    groupId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    everyKm: Type.Optional(Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 }))),
    everyDays: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 3650 }))),
    everyCycles: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 100_000 }))),
  },
  strict,
);
export type MaintenanceScheduleCreate = Static<typeof MaintenanceScheduleCreateSchema>;

export const MaintenanceScheduleParamsSchema = IdParamsSchema;

// ---- statistics (docs/tasks.md) -----------------------------------------------------------

/** At most a year of days in one answer. */
export const TASK_STATS_MAX_DAYS = 366;

export const TaskStatisticsQuerySchema = Type.Object(
  {
    /** first day (UTC, YYYY-MM-DD); default: 29 days before `to` */
    from: Type.Optional(Type.String({ format: 'date' })),
    /** last day, included (UTC); default: today */
    to: Type.Optional(Type.String({ format: 'date' })),
  },
  strict,
);
export type TaskStatisticsQuery = Static<typeof TaskStatisticsQuerySchema>;

const CloseFigures = {
  /** tasks done in the period */
  done: Type.Integer({ minimum: 0 }),
  /** median minutes from creation to done, null without any */
  medianMinutesToClose: Nullable(Type.Number()),
};

export const TaskStatisticsSchema = Type.Object(
  {
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    perDay: Type.Array(
      Type.Object(
        {
          day: Type.String({ format: 'date' }),
          opened: Type.Integer({ minimum: 0 }),
          closed: Type.Integer({ minimum: 0 }),
        },
        strict,
      ),
    ),
    byKind: Type.Array(Type.Object({ kind: StringEnum(TASK_KINDS), ...CloseFigures }, strict)),
    byTechnician: Type.Array(Type.Object({ user: UserRef, ...CloseFigures }, strict)),
  },
  strict,
);
export type TaskStatistics = Static<typeof TaskStatisticsSchema>;

// ---- the battery swap queue (ADR 0100) -------------------------------------

/** bikes in one answer of the queue at most */
export const BATTERY_QUEUE_MAX = 500;
/** bikes within this distance of a group's first bike join that group (one stop) */
export const BATTERY_QUEUE_GROUP_METERS = 400;

export const BatteryQueueQuerySchema = Type.Object(
  {
    /** a bike needs a battery at this charge or under (default: the low battery threshold) */
    maxLevel: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    /** `lat,lon` of the caller: distances, and the nearest group first */
    near: Type.Optional(
      Type.String({ pattern: '^-?[0-9]{1,2}(\\.[0-9]{1,8})?,-?[0-9]{1,3}(\\.[0-9]{1,8})?$' }),
    ),
    limit: Type.Integer({ minimum: 1, maximum: BATTERY_QUEUE_MAX, default: 200 }),
  },
  strict,
);
export type BatteryQueueQuery = Static<typeof BatteryQueueQuerySchema>;

export const BatteryQueueBikeSchema = Type.Object(
  {
    /** 1 = the most urgent (lowest charge, then least range left) */
    rank: Type.Integer({ minimum: 1 }),
    vehicleNumber: Type.String(),
    bikeBatteryLevel: Nullable(Type.Integer()),
    autonomyKm: Nullable(Type.Number()),
    batteryNumber: Nullable(Type.String()),
    lastBatteryChangeDate: Nullable(DateTime()),
    position: Nullable(Position),
    distanceMeters: Nullable(Type.Number()),
    /** the index of its group in `groups`, null without a position */
    group: Nullable(Type.Integer({ minimum: 0 })),
    /** why it needs a battery (docs/battery.md); absent from servers without battery health */
    reasons: Type.Optional(Type.Array(StringEnum(SWAP_REASONS))),
    /** its active battery swap task, if any */
    task: Nullable(
      Type.Object(
        {
          id: Type.String({ format: 'uuid' }),
          status: StringEnum(TASK_ACTIVE_STATUSES),
          assignee: Nullable(UserRef),
        },
        strict,
      ),
    ),
  },
  strict,
);
export type BatteryQueueBike = Static<typeof BatteryQueueBikeSchema>;

export const BatteryQueueGroupSchema = Type.Object(
  {
    /** its bikes' centre */
    latitude: Type.Number(),
    longitude: Type.Number(),
    bikes: Type.Integer({ minimum: 1 }),
    /** the lowest charge of its bikes */
    minLevel: Nullable(Type.Integer()),
    distanceMeters: Nullable(Type.Number()),
  },
  strict,
);
export type BatteryQueueGroup = Static<typeof BatteryQueueGroupSchema>;

export const BatteryQueueSchema = Type.Object(
  {
    maxLevel: Type.Integer({ minimum: 0, maximum: 100 }),
    /** every bike that needs a battery (more than `bikes` when the limit cut the list) */
    total: Type.Integer({ minimum: 0 }),
    /** the stops in the order to follow: nearest first with `near`, else most urgent first */
    groups: Type.Array(BatteryQueueGroupSchema),
    /** the bikes group by group in that order, by rank within a group; those without a position last */
    bikes: Type.Array(BatteryQueueBikeSchema),
  },
  strict,
);
export type BatteryQueue = Static<typeof BatteryQueueSchema>;

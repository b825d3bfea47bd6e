// Field work (ADR 0090–0092): a task sends somebody to a bike — a battery swap, a
// repair, an inspection, a rebalance, the recovery of a stolen bike, or anything else (custom).
// Its status goes OPEN → IN_PROGRESS → DONE | CANCELLED; DONE or CANCELLED → OPEN only through
// an explicit reopen. Each kind has its checklist, defined here (the server refuses any other
// item, the web app names each item in eleven languages).
import { Type, type Static } from '@sinclair/typebox';
import { MARKING_PATTERN, VEHICLE_NUMBER_PATTERN } from './patterns';
import type { WarningType } from './enums';
import { DateTime, IdParamsSchema, Nullable, Page, StringEnum } from './schema-helpers';
import { pagingProperties } from './bike-records';
import { BUILTIN_RULE_KINDS } from './rule-kinds';

const strict = { additionalProperties: false } as const;

export const TASK_KINDS = [
  'BATTERY_SWAP',
  'REPAIR',
  'INSPECT',
  'REBALANCE',
  'RECOVER',
  'CUSTOM',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

export const TASK_STATUSES = ['OPEN', 'IN_PROGRESS', 'DONE', 'CANCELLED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** the statuses of a task somebody still has to do */
export const TASK_ACTIVE_STATUSES = ['OPEN', 'IN_PROGRESS'] as const;

export const TASK_PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** The checklist of each kind, in the order it is done. */
export const TASK_CHECKLISTS = {
  BATTERY_SWAP: ['removeBattery', 'fitChargedBattery', 'checkChargeShown', 'closeCompartment'],
  REPAIR: ['diagnose', 'replaceParts', 'testRide'],
  INSPECT: ['checkModule', 'checkBrakes', 'checkTyres', 'checkLights'],
  REBALANCE: ['pickUp', 'dropOff', 'takePhoto'],
  RECOVER: ['locate', 'secure', 'bringToDepot'],
  CUSTOM: [],
} as const satisfies Record<TaskKind, readonly string[]>;
export type TaskChecklistItem = (typeof TASK_CHECKLISTS)[TaskKind][number];
/** every item of every kind (the union the web app translates) */
export const TASK_CHECKLIST_ITEMS = [
  ...new Set(Object.values(TASK_CHECKLISTS).flat()),
] as TaskChecklistItem[];

/**
 * What opened a task by itself (ADR 0091): an alert of this kind. At most one open automatic
 * task per bike and cause; it is cancelled when the cause clears before anyone started it.
 */
export const TASK_CAUSES = [
  'LOW_VEHICLE_BATTERY',
  'LACK_MODULE_COMM',
  'SUSPECTED_THEFT',
  'REPORTED_THEFT',
  /** a maintenance schedule says the bike is due (docs/tasks.md) */
  'MAINTENANCE_DUE',
] as const;
export type TaskCause = (typeof TASK_CAUSES)[number];
/** The kind of task each cause opens. */
export const TASK_KIND_OF_CAUSE: Record<TaskCause, TaskKind> = {
  LOW_VEHICLE_BATTERY: 'BATTERY_SWAP',
  LACK_MODULE_COMM: 'INSPECT',
  SUSPECTED_THEFT: 'RECOVER',
  REPORTED_THEFT: 'RECOVER',
  MAINTENANCE_DUE: 'REPAIR',
};

/** The kind of task a warning suggests (the warnings screen's selection, docs/tasks.md). */
export const TASK_KIND_OF_WARNING: Record<WarningType, TaskKind> = {
  REPORTED_THEFT: 'RECOVER',
  SUSPECTED_THEFT: 'RECOVER',
  LACK_MODULE_COMM: 'INSPECT',
  LOW_VEHICLE_BATTERY: 'BATTERY_SWAP',
  LOW_MODULE_BATTERY: 'INSPECT',
};

/** bikes of one bulk creation (a selection of the fleet screen) */
export const TASK_BULK_MAX = 100;
export const TASK_NOTES_MAX = 2000;
export const TASK_TITLE_MAX = 120;

/** The events a task writes in the audit trail (source MANAGER, the bike named). */
export const TASK_EVENT_NAMES = [
  'TASK_CREATED',
  'TASK_UPDATED',
  'TASK_STARTED',
  'TASK_DONE',
  'TASK_CANCELLED',
  'TASK_REOPENED',
] as const;

/** The lines of a task's history. */
export const TASK_HISTORY_ACTIONS = [
  'CREATED',
  'UPDATED',
  'STARTED',
  'DONE',
  'CANCELLED',
  'REOPENED',
  'CHECKED',
  'UNCHECKED',
  'AUTO_CANCELLED',
] as const;
export type TaskHistoryAction = (typeof TASK_HISTORY_ACTIONS)[number];

/** Somebody a task names (who it is for, who made it). */
export const TaskUserRefSchema = Type.Object(
  { id: Type.String({ format: 'uuid' }), email: Type.String(), name: Nullable(Type.String()) },
  strict,
);
export type TaskUserRef = Static<typeof TaskUserRefSchema>;
const UserRef = TaskUserRefSchema;

/** A bike's last known place, and when it was known. */
export const TaskPositionSchema = Type.Object(
  { latitude: Type.Number(), longitude: Type.Number(), at: Nullable(DateTime()) },
  strict,
);
const Position = TaskPositionSchema;

/** Where a rebalancing move leaves its bike (docs/tasks.md "Rebalancing moves"). */
export const TaskDropOffSchema = Type.Object(
  { latitude: Type.Number(), longitude: Type.Number() },
  strict,
);
export type TaskDropOff = Static<typeof TaskDropOffSchema>;

/** The rule that opened a task, as it was then (docs/tasks.md "Opened by a rule"). */
export const TaskRuleRefSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    /** a built-in rule's kind (each language names it), null for a written rule */
    builtin: Nullable(StringEnum(BUILTIN_RULE_KINDS)),
  },
  strict,
);
export type TaskRuleRef = Static<typeof TaskRuleRefSchema>;

export const TaskChecklistEntrySchema = Type.Object(
  { item: Type.String(), checked: Type.Boolean() },
  strict,
);

/** The battery fitted by a swap (ADR 0100): its charge, and its number when it has one. */
export const TaskBatterySwapSchema = Type.Object(
  {
    batteryLevel: Type.Integer({ minimum: 0, maximum: 100 }),
    batteryNumber: Type.Optional(Nullable(Type.String({ pattern: MARKING_PATTERN }))),
  },
  strict,
);
export type TaskBatterySwap = Static<typeof TaskBatterySwapSchema>;

export const TASK_PARTS_MAX = 500;
/** an amount (kept to the cent) and its ISO 4217 currency code */
export const TaskCostSchema = Type.Object(
  {
    amount: Type.Number({ minimum: 0, maximum: 1_000_000 }),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  },
  strict,
);
export type TaskCost = Static<typeof TaskCostSchema>;

export const TaskSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: StringEnum(TASK_KINDS),
    /** a custom task's title ('' for the other kinds, whose kind says it) */
    title: Type.String(),
    vehicleNumber: Type.String(),
    status: StringEnum(TASK_STATUSES),
    priority: StringEnum(TASK_PRIORITIES),
    dueAt: Nullable(DateTime()),
    assignee: Nullable(UserRef),
    notes: Type.String(),
    checklist: Type.Array(TaskChecklistEntrySchema),
    /** the alert kind that opened it; null for a task created by hand */
    cause: Nullable(StringEnum(TASK_CAUSES)),
    /** the rule whose action opened it; null otherwise */
    rule: Nullable(TaskRuleRefSchema),
    createdAt: DateTime(),
    /** null: created automatically */
    createdBy: Nullable(UserRef),
    startedAt: Nullable(DateTime()),
    startedBy: Nullable(UserRef),
    closedAt: Nullable(DateTime()),
    /** null when closed automatically (the cause cleared) */
    closedBy: Nullable(UserRef),
    /** the bike's last known position (navigation) */
    position: Nullable(Position),
    /** where a move made from a rebalancing recommendation leaves its bike; else null */
    dropOff: Nullable(TaskDropOffSchema),
    /** metres from the position the list was asked `near`, else null */
    distanceMeters: Nullable(Type.Number()),
    /** the battery fitted when a battery swap was done (ADR 0100), else null */
    batterySwap: Nullable(TaskBatterySwapSchema),
    /** the parts used, as the technician wrote them ('' when none) */
    parts: Type.String(),
    /** what the work cost, when somebody recorded it */
    cost: Nullable(TaskCostSchema),
    updatedAt: DateTime(),
  },
  strict,
);
export type Task = Static<typeof TaskSchema>;

export const TaskHistoryEntrySchema = Type.Object(
  {
    at: DateTime(),
    action: StringEnum(TASK_HISTORY_ACTIONS),
    /** null: VFM itself (automatic tasks) */
    by: Nullable(UserRef),
    /** what changed: the fields, the checklist item, the reason */
    data: Type.Record(Type.String(), Type.Unknown()),
  },
  strict,
);
export type TaskHistoryEntry = Static<typeof TaskHistoryEntrySchema>;

export const TaskDetailSchema = Type.Object(
  { task: TaskSchema, history: Type.Array(TaskHistoryEntrySchema) },
  strict,
);
export type TaskDetail = Static<typeof TaskDetailSchema>;

const Notes = Type.String({
  maxLength: TASK_NOTES_MAX,
  pattern: '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$',
});
const Title = Type.String({ maxLength: TASK_TITLE_MAX, pattern: '^[^\\u0000-\\u001F\\u007F]*$' });

export const TaskCreateSchema = Type.Object(
  {
    kind: StringEnum(TASK_KINDS),
    /** one task per bike: one bike, or a selection of up to TASK_BULK_MAX */
    vehicleNumbers: Type.Array(Type.String({ pattern: VEHICLE_NUMBER_PATTERN }), {
      minItems: 1,
      maxItems: TASK_BULK_MAX,
    }),
    /** required for a custom task */
    title: Type.Optional(Title),
    priority: Type.Optional(StringEnum(TASK_PRIORITIES, { default: 'NORMAL' })),
    dueAt: Type.Optional(Nullable(DateTime())),
    /** an active account of the fleet; null or absent: nobody yet */
    assigneeId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    notes: Type.Optional(Notes),
  },
  strict,
);
export type TaskCreate = Static<typeof TaskCreateSchema>;

export const TaskCreatedSchema = Type.Object({ tasks: Type.Array(TaskSchema) }, strict);
export type TaskCreated = Static<typeof TaskCreatedSchema>;

export const TaskUpdateSchema = Type.Object(
  {
    title: Type.Optional(Title),
    priority: Type.Optional(StringEnum(TASK_PRIORITIES)),
    dueAt: Type.Optional(Nullable(DateTime())),
    assigneeId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    notes: Type.Optional(Notes),
  },
  { ...strict, minProperties: 1 },
);
export type TaskUpdate = Static<typeof TaskUpdateSchema>;

export const TaskParamsSchema = IdParamsSchema;
export const TaskChecklistParamsSchema = Type.Object(
  { id: Type.String({ format: 'uuid' }), item: Type.String({ maxLength: 64 }) },
  strict,
);
export const TaskCheckSchema = Type.Object({ checked: Type.Boolean() }, strict);
export type TaskCheck = Static<typeof TaskCheckSchema>;

/** Closing or cancelling: an optional comment, kept in the history. */
export const TaskTransitionSchema = Type.Object(
  { comment: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })) },
  strict,
);
export type TaskTransition = Static<typeof TaskTransitionSchema>;

/**
 * Finishing: the comment, and what the work leaves behind — the battery fitted (a battery swap
 * only; it updates the bike's battery record), the parts used and their cost (the service book).
 */
export const TaskFinishSchema = Type.Object(
  {
    comment: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    batterySwap: Type.Optional(TaskBatterySwapSchema),
    parts: Type.Optional(
      Type.String({
        maxLength: TASK_PARTS_MAX,
        pattern: '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$',
      }),
    ),
    cost: Type.Optional(TaskCostSchema),
  },
  strict,
);
export type TaskFinish = Static<typeof TaskFinishSchema>;

/** `active` = OPEN and IN_PROGRESS (the default). */
export const TASK_STATUS_FILTERS = ['active', ...TASK_STATUSES, 'all'] as const;
export const TASK_SORTS = ['due', 'priority', 'created', 'distance'] as const;

export const TaskQuerySchema = Type.Object(
  {
    ...pagingProperties(50),
    status: StringEnum(TASK_STATUS_FILTERS, { default: 'active' }),
    kind: Type.Optional(StringEnum(TASK_KINDS)),
    vehicleNumber: Type.Optional(Type.String({ pattern: VEHICLE_NUMBER_PATTERN })),
    /** only the caller's tasks (assigned to them) */
    mine: Type.Optional(Type.Boolean()),
    /** with `mine`: also the open tasks nobody has taken yet */
    unassigned: Type.Optional(Type.Boolean()),
    /** `lat,lon` of the caller: distances, and the nearest first with sort=distance */
    near: Type.Optional(
      Type.String({ pattern: '^-?[0-9]{1,2}(\\.[0-9]{1,8})?,-?[0-9]{1,3}(\\.[0-9]{1,8})?$' }),
    ),
    /** due: soonest due first (then priority); priority: most urgent first (then due) */
    sort: StringEnum(TASK_SORTS, { default: 'due' }),
    /**
     * Keyset paging (ADR 0105): the `next` of the previous page — the page starts
     * after its last task, whatever `page` says (then only echoed). Same filters and sort.
     */
    after: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 400,
        pattern: '^[A-Za-z0-9_-]+$',
        description: 'the `next` of the previous page (same filters and sort)',
      }),
    ),
  },
  strict,
);
export type TaskQuery = Static<typeof TaskQuerySchema>;

export const TaskPageSchema = Type.Object(
  {
    ...Page(TaskSchema).properties,
    /** `after` for the page that follows this one; null when this one is the last */
    next: Nullable(
      Type.String({ description: '`after` for the next page; null on the last page' }),
    ),
  },
  strict,
);
export type TaskPage = Static<typeof TaskPageSchema>;

// Reports of a period (ADR 0127, docs/reports.md): how a fleet, a group, a zone or a bike was
// used, what broke and how fast it was fixed, for a day, a week, a month or any period of at
// most REPORT_MAX_DAYS UTC days, beside the period just before it. The use of the bikes follows
// the MDS Metrics definitions (dockless metrics 2.6–2.10); the report reads the daily rollups.
import { Type, type Static } from '@sinclair/typebox';
import { VEHICLE_NUMBER_PATTERN } from './patterns';
import { IdParamsSchema, Nullable, StringEnum } from './schema-helpers';
import { TASK_PRIORITIES } from './tasks';

const strict = { additionalProperties: false } as const;

export const REPORT_MAX_DAYS = 400;
export const REPORT_PERIODS = ['day', 'week', 'month', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_SCOPES = ['fleet', 'group', 'zone', 'bike'] as const;
export type ReportScopeKind = (typeof REPORT_SCOPES)[number];
export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const ReportQuerySchema = Type.Object(
  {
    /** day: `from`; week: the ISO week (Monday–Sunday) holding `from`; month: its month;
     *  custom: `from` to `to` (default: the last 30 days) */
    period: Type.Optional(StringEnum(REPORT_PERIODS, { default: 'custom' })),
    /** first day (UTC, YYYY-MM-DD); default: today (day, week, month) */
    from: Type.Optional(Type.String({ format: 'date' })),
    /** last day, included (custom only) */
    to: Type.Optional(Type.String({ format: 'date' })),
    /** one of these at most: the report of a group (with its subgroups), a zone or a bike */
    groupId: Type.Optional(Type.String({ format: 'uuid' })),
    zoneId: Type.Optional(Type.String({ format: 'uuid' })),
    vehicleNumber: Type.Optional(Type.String({ pattern: VEHICLE_NUMBER_PATTERN })),
  },
  strict,
);
export type ReportQuery = Static<typeof ReportQuerySchema>;

export const ReportExportQuerySchema = Type.Composite([
  ReportQuerySchema,
  Type.Object({ format: StringEnum(REPORT_FORMATS) }),
]);
export type ReportExportQuery = Static<typeof ReportExportQuerySchema>;

const Count = Type.Integer({ minimum: 0 });
const Minutes = Nullable(Type.Number());

/** A period's totals; a ratio is null when there is nothing to divide by. */
export const ReportFiguresSchema = Type.Object(
  {
    trips: Count,
    km: Type.Number(),
    rideMinutes: Type.Number(),
    /** MDS dockless.utilization.trips_per_vehicle.avg, per day: trips ÷ deployed bike-days */
    tripsPerBikePerDay: Nullable(Type.Number()),
    /** MDS dockless.utilization.idle.percent: not on a trip ÷ time in the right of way, 0–100 */
    idlePercent: Nullable(Type.Number()),
    /** MDS dockless.deployed.avg: bikes in the public right of way, on average */
    deployedBikesAverage: Nullable(Type.Number()),
    /** MDS dockless.active.count / inactive.count over the period (null for a zone) */
    activeBikes: Nullable(Count),
    inactiveBikes: Nullable(Count),
    /** hours the bikes were available to a rider */
    hoursAvailable: Nullable(Type.Number()),
    alertsOpened: Count,
    tasksDone: Count,
    /** tasks done by their due time, 0–100 */
    tasksWithinSlaPercent: Nullable(Type.Number()),
    /** BATTERY_SWAP tasks done */
    batterySwaps: Count,
  },
  strict,
);
export type ReportFigures = Static<typeof ReportFiguresSchema>;

export const ReportDaySchema = Type.Object(
  {
    day: Type.String({ format: 'date' }),
    trips: Count,
    km: Type.Number(),
    rideMinutes: Type.Number(),
    activeBikes: Nullable(Count),
    idlePercent: Nullable(Type.Number()),
    hoursAvailable: Nullable(Type.Number()),
  },
  strict,
);
export type ReportDay = Static<typeof ReportDaySchema>;

export const ReportSchema = Type.Object(
  {
    period: StringEnum(REPORT_PERIODS),
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    days: Type.Integer({ minimum: 1 }),
    previous: Type.Object(
      { from: Type.String({ format: 'date' }), to: Type.String({ format: 'date' }) },
      strict,
    ),
    scope: Type.Object(
      { kind: StringEnum(REPORT_SCOPES), id: Nullable(Type.String()), name: Type.String() },
      strict,
    ),
    figures: ReportFiguresSchema,
    previousFigures: ReportFiguresSchema,
    perDay: Type.Array(ReportDaySchema),
    zones: Type.Array(
      Type.Object(
        {
          id: Type.String({ format: 'uuid' }),
          name: Type.String(),
          type: Type.String(),
          /** trips that started in it (null in a group's report: trips are the fleet's) */
          trips: Nullable(Count),
          km: Nullable(Type.Number()),
          rideMinutes: Nullable(Type.Number()),
          /** distinct bikes that started a trip in it, on an average day */
          bikesPerDay: Nullable(Type.Number()),
          /** time in the zone: hours the scope's bikes stood parked in it (in the right of way) */
          parkedHours: Type.Number(),
          /** bikes parked in it on average over the period (null: not observed) */
          meanParked: Nullable(Type.Number()),
          /** the most bikes parked in it at once (sampled each minute; the fleet's and a zone's
           *  report only: a cap counts the fleet's bikes) */
          peakParked: Nullable(Count),
          /** minutes with more bikes parked than its maximum, fewer than its minimum */
          minutesAboveMax: Nullable(Count),
          minutesBelowMin: Nullable(Count),
          minBikes: Nullable(Count),
          maxBikes: Nullable(Count),
        },
        strict,
      ),
    ),
    alerts: Type.Array(
      Type.Object(
        {
          kind: Type.String(),
          opened: Count,
          acknowledged: Count,
          medianMinutesToAcknowledge: Minutes,
          cleared: Count,
          medianMinutesToClear: Minutes,
        },
        strict,
      ),
    ),
    tasksByPriority: Type.Array(
      Type.Object(
        {
          priority: StringEnum(TASK_PRIORITIES),
          done: Count,
          withinSla: Count,
          withinSlaPercent: Nullable(Type.Number()),
        },
        strict,
      ),
    ),
    technicians: Type.Array(
      Type.Object(
        {
          id: Type.String({ format: 'uuid' }),
          email: Type.String(),
          name: Nullable(Type.String()),
          done: Count,
          medianMinutesToClose: Minutes,
        },
        strict,
      ),
    ),
  },
  strict,
);
export type Report = Static<typeof ReportSchema>;

// ---- report schedules --------------------------------------------------------------------

export const REPORT_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_ATTACHMENTS = ['pdf', 'xlsx'] as const;
export const REPORT_RECIPIENTS_MAX = 50;

export const ReportScheduleInputSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    frequency: StringEnum(REPORT_FREQUENCIES),
    format: StringEnum(REPORT_ATTACHMENTS),
    groupId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    zoneId: Type.Optional(Nullable(Type.String({ format: 'uuid' }))),
    recipients: Type.Array(Type.String({ format: 'email', maxLength: 254 }), {
      minItems: 1,
      maxItems: REPORT_RECIPIENTS_MAX,
    }),
    /** IANA time zone of recipients without an account (default UTC) */
    timeZone: Type.Optional(Type.String({ maxLength: 64 })),
    /** the local hour the report is sent (default 7) */
    hour: Type.Optional(Type.Integer({ minimum: 0, maximum: 23 })),
  },
  strict,
);
export type ReportScheduleInput = Static<typeof ReportScheduleInputSchema>;

export const ReportScheduleSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    frequency: StringEnum(REPORT_FREQUENCIES),
    format: StringEnum(REPORT_ATTACHMENTS),
    groupId: Nullable(Type.String({ format: 'uuid' })),
    zoneId: Nullable(Type.String({ format: 'uuid' })),
    recipients: Type.Array(Type.String()),
    timeZone: Type.String(),
    hour: Type.Integer(),
    /** the first day of the next period to be sent */
    nextFrom: Type.String({ format: 'date' }),
    lastDelivery: Nullable(
      Type.Object(
        {
          status: StringEnum(['PENDING', 'SENT', 'FAILED'] as const),
          periodFrom: Type.String({ format: 'date' }),
          periodTo: Type.String({ format: 'date' }),
          at: Type.String({ format: 'date-time' }),
        },
        strict,
      ),
    ),
  },
  strict,
);
export type ReportSchedule = Static<typeof ReportScheduleSchema>;

export const ReportScheduleListSchema = Type.Object(
  { content: Type.Array(ReportScheduleSchema) },
  strict,
);
export type ReportScheduleList = Static<typeof ReportScheduleListSchema>;

export const ReportScheduleIdParamsSchema = IdParamsSchema;

export const ReportSendNowSchema = Type.Object(
  {
    periodFrom: Type.String({ format: 'date' }),
    periodTo: Type.String({ format: 'date' }),
    deliveries: Type.Integer({ minimum: 0 }),
  },
  strict,
);

// ---- the city pack -----------------------------------------------------------------------

export const CityReportQuerySchema = Type.Object(
  {
    /** the month (UTC), YYYY-MM; default: the last whole month */
    month: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })),
  },
  strict,
);
export type CityReportQuery = Static<typeof CityReportQuerySchema>;

/** The monthly report a city permit asks for, by the MDS definitions: its trips are those of
 *  the MDS `trips` endpoint (ended in the month, placed), its events those of `events`. */
export const CityReportSchema = Type.Object(
  {
    month: Type.String(),
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    trips: Type.Object(
      {
        count: Count,
        /** metres, each trip rounded as MDS publishes it */
        distance: Count,
        /** seconds, likewise */
        duration: Count,
      },
      strict,
    ),
    /** MDS Metrics dockless metrics over the month (from the daily rollups) */
    vehicles: Type.Object(
      {
        deployedAverage: Nullable(Type.Number()),
        activeCount: Count,
        inactiveCount: Count,
        idlePercent: Nullable(Type.Number()),
        tripsPerVehiclePerDay: Nullable(Type.Number()),
      },
      strict,
    ),
    /** thefts reported (MDS `not_located`) */
    thefts: Count,
    /** bikes taken off the street: for maintenance (`maintenance_pick_up`) and to rebalance
     *  (`rebalance_pick_up`) */
    removals: Type.Object({ maintenance: Count, rebalance: Count }, strict),
    /** damage recorded by a REPAIR task done in the month (VFM has no vandalism flag) */
    repairs: Count,
  },
  strict,
);
export type CityReport = Static<typeof CityReportSchema>;

// ---- the fleet screen's KPI strip --------------------------------------------------------

const KpiFigures = Type.Object(
  {
    /** trips started since midnight (UTC) until the time of the call */
    trips: Count,
    /** bikes with at least one of them */
    activeBikes: Count,
    /** active bikes ÷ the fleet's bikes, 0–100 */
    utilisationPercent: Nullable(Type.Number()),
    /** alerts opened in the same span */
    alertsOpened: Count,
    /** the hour of the span with the most trips started (null: no trip) */
    peakHour: Nullable(Type.String({ format: 'date-time' })),
    /** the fewest bikes available to rent in that hour (from the rollup: null until computed) */
    bikesAvailableAtPeak: Nullable(Count),
    /** alerts whose time to acknowledge (ALERT_ACK_SLA_MINUTES) ran out in the span while
     *  neither acknowledged nor cleared */
    alertsPastSla: Count,
  },
  strict,
);

/** How long an alert may wait for an acknowledgement, by its severity (the KPI strip's
 *  "alerts past their SLA"): a critical one a quarter of an hour, a major one an hour, a minor
 *  one four. */
export const ALERT_ACK_SLA_MINUTES = { CRITICAL: 15, MAJOR: 60, MINOR: 240 } as const;

/** Today so far against the same span of the same day last week. */
export const FleetKpisSchema = Type.Object(
  { at: Type.String({ format: 'date-time' }), today: KpiFigures, lastWeek: KpiFigures },
  strict,
);
export type FleetKpis = Static<typeof FleetKpisSchema>;

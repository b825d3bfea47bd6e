// Shapes of the bike calls, under products/… (DESIGN §5 "Products, fleet, commands, accounts").
import { Type, type Static } from '@sinclair/typebox';
import { EVENT_SOURCES, EVENT_TYPES, WARNING_TYPES } from './enums';
import { FIND_RESULT_LIMIT, PAGE_SIZE_MAX } from './constants';
import { MARKING_PATTERN } from './patterns';
import { DateTime, EnumCounts, Nullable, Page, StringEnum } from './schema-helpers';
import {
  AvailabilitySchema,
  FLEET_LIST_SORT_FIELDS,
  FleetListItemSchema,
  TheftSchema,
  VehicleNumberSchema,
  WarningTypeSchema,
} from './bike';
import { CommandSchema } from './commands';
import { AutotestResultSchema } from './mqtt';

const strict = { additionalProperties: false } as const;

/** page and size of a paged call; size ≤ PAGE_SIZE_MAX (DESIGN §5). */
export const pagingProperties = (defaultSize = 20) => ({
  page: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  size: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: defaultSize }),
});

// ---- find -------------------------------------------------------------------------------

/** Frame no., IoT code or bike unique code: the union of their SPEC §5 alphabets. */
export const FindParamsSchema = Type.Object(
  { text: Type.String({ pattern: MARKING_PATTERN, description: 'frame, IoT or bike code' }) },
  strict,
);
export const FindResultSchema = Type.Object(
  { vehicleNumbers: Type.Array(Type.String(), { maxItems: FIND_RESULT_LIMIT }) },
  strict,
);
export type FindResult = Static<typeof FindResultSchema>;

// ---- self-diagnosis ---------------------------------------------------------------------

export const AutotestReportSchema = Type.Object(
  { date: DateTime(), results: Type.Array(AutotestResultSchema) },
  strict,
);
export type AutotestReport = Static<typeof AutotestReportSchema>;
export const AutotestQuerySchema = Type.Object(
  { size: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 20 }) },
  strict,
);
export const AutotestSchema = Type.Object(
  {
    latest: Nullable(AutotestReportSchema),
    /** newest first, the latest included, at most `size` reports */
    history: Type.Array(AutotestReportSchema),
  },
  strict,
);
export type Autotest = Static<typeof AutotestSchema>;

// ---- command history --------------------------------------------------------------------

export const CommandHistoryQuerySchema = Type.Object(
  { size: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: 50 }) },
  strict,
);
/** newest first, at most `size` commands */
export const CommandHistorySchema = Type.Array(CommandSchema);
export type CommandHistory = Static<typeof CommandHistorySchema>;

// ---- event history ----------------------------------------------------------------------

export const EventSchema = Type.Object(
  {
    id: Type.Integer(),
    vehicleNumber: Nullable(Type.String()),
    type: StringEnum(EVENT_TYPES),
    /** an EVENT_NAMES or AUDIT_EVENT_NAMES value; anything else displays "Unknown" */
    name: Type.String(),
    source: StringEnum(EVENT_SOURCES),
    userEmail: Nullable(Type.String()),
    occurredAt: DateTime(),
    data: Nullable(Type.Record(Type.String(), Type.Unknown())),
  },
  strict,
);
export type VfmEvent = Static<typeof EventSchema>;
export const EventPageQuerySchema = Type.Object(pagingProperties(20), strict);
export const EventPageSchema = Page(EventSchema);
export type EventPage = Static<typeof EventPageSchema>;

// ---- trips ------------------------------------------------------------------------------

/** Longest period of one products/details/trips call, and its default (bounded ranges). */
export const TRIPS_MAX_DAYS = 31;
export const TRIPS_DEFAULT_DAYS = 7;
/** A trip's positions are simplified on the server to at most this many points. */
export const TRIP_POSITIONS_MAX = 500;

export const TripsQuerySchema = Type.Object(
  {
    /** default: `to` minus TRIPS_DEFAULT_DAYS days */
    from: Type.Optional(DateTime()),
    /** default: now; at most TRIPS_MAX_DAYS days after `from` */
    to: Type.Optional(DateTime()),
  },
  strict,
);
export type TripsQuery = Static<typeof TripsQuerySchema>;

/** [longitude, latitude, time in ms since the epoch] — GeoJSON order, plus the time. */
export const TripPositionSchema = Type.Tuple([
  Type.Number({ minimum: -180, maximum: 180 }),
  Type.Number({ minimum: -90, maximum: 90 }),
  Type.Integer(),
]);
export type TripPosition = Static<typeof TripPositionSchema>;

/** One ride, as the module's telemetry tells it (DESIGN §7: MOVING starts it, PARKED ends it). */
export const TripSchema = Type.Object(
  {
    startedAt: DateTime(),
    endedAt: DateTime(),
    distanceKm: Type.Number({ minimum: 0 }),
    durationSeconds: Type.Integer({ minimum: 0 }),
    /** the ride's positions, oldest first, simplified to at most TRIP_POSITIONS_MAX */
    positions: Type.Array(TripPositionSchema, { maxItems: TRIP_POSITIONS_MAX }),
  },
  strict,
);
export type Trip = Static<typeof TripSchema>;

export const TripsSchema = Type.Object(
  {
    vehicleNumber: Type.String(),
    from: DateTime(),
    to: DateTime(),
    /** the trips that started in [from, to), newest first */
    trips: Type.Array(TripSchema),
  },
  strict,
);
export type Trips = Static<typeof TripsSchema>;

// ---- warnings ---------------------------------------------------------------------------

export const WarningCountsSchema = EnumCounts(WARNING_TYPES);
export type WarningCounts = Static<typeof WarningCountsSchema>;

export const WarningSchema = Type.Object(
  {
    type: WarningTypeSchema,
    /** when the condition began; null when the module did not say */
    since: Nullable(DateTime()),
  },
  strict,
);
export type Warning = Static<typeof WarningSchema>;

/** A bike of the warnings page: its list row, its theft, and when each warning began. */
export const WarnedBikeSchema = Type.Composite(
  [
    Type.Omit(FleetListItemSchema, ['theft', 'warnings']),
    Type.Object({ theft: TheftSchema, warnings: Type.Array(WarningSchema) }),
  ],
  strict,
);
export type WarnedBike = Static<typeof WarnedBikeSchema>;

/** Columns of the warnings list a user may sort by: when the warning began, or a list column. */
export const WARNINGS_SORT_FIELDS = ['since', ...FLEET_LIST_SORT_FIELDS] as const;
export type WarningsSortField = (typeof WARNINGS_SORT_FIELDS)[number];

export const WarningsQuerySchema = Type.Object(
  {
    /** only bikes with this warning; else any warning */
    type: Type.Optional(WarningTypeSchema),
    ...pagingProperties(20),
    /**
     * `column` or `column,asc|desc`; `since` is when the tab's warning began (with no type:
     * the most recent of the bike's warnings). Default: `since,desc` with a type, else
     * `vehicleNumber,asc`.
     */
    sort: Type.Optional(
      Type.String({ pattern: `^(${WARNINGS_SORT_FIELDS.join('|')})(,(asc|desc))?$` }),
    ),
  },
  strict,
);
export type WarningsQuery = Static<typeof WarningsQuerySchema>;

export const WarningsSchema = Type.Object(
  {
    counts: WarningCountsSchema,
    content: Type.Array(WarnedBikeSchema),
    totalElements: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 0 }),
    size: Type.Integer({ minimum: 1 }),
  },
  strict,
);
export type Warnings = Static<typeof WarningsSchema>;

// ---- availability and theft -------------------------------------------------------------

/** PUT products/availability; the item limit is the server's bulk limit (DESIGN §5). */
export const availabilityQuerySchema = (bulkLimit: number) =>
  Type.Object(
    {
      vehicleNumbers: Type.Array(VehicleNumberSchema, { minItems: 1, maxItems: bulkLimit }),
      availability: AvailabilitySchema,
    },
    strict,
  );
export type AvailabilityQuery = Static<ReturnType<typeof availabilityQuerySchema>>;

export const AvailabilityResultSchema = Type.Object(
  {
    availability: AvailabilitySchema,
    /** bikes whose availability changed (the others already had it) */
    changed: Type.Array(Type.String()),
    unchanged: Type.Array(Type.String()),
  },
  strict,
);
export type AvailabilityResult = Static<typeof AvailabilityResultSchema>;

export const TheftResultSchema = Type.Object(
  {
    vehicleNumber: Type.String(),
    theft: TheftSchema,
    availability: AvailabilitySchema,
    /** the MODE command sent to the module, null when none was needed */
    commandId: Nullable(Type.String({ format: 'uuid' })),
  },
  strict,
);
export type TheftResult = Static<typeof TheftResultSchema>;

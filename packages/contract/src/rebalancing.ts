// Where bikes are needed (ADR 0128, docs/rebalancing.md): heat maps in H3 cells (supply, trip
// starts, trip ends, idle bikes, unmet demand) by hour of day and day of week; a forecast of trip
// starts per cell and hour for the next 24 h; recommendations "move N bikes from cell A to cell
// B before T — about X more rides", accepted (REBALANCE tasks), snoozed or dismissed; and one
// ordered route per technician mixing battery swaps and rebalancing pickups and drop-offs.
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, IdParamsSchema, Nullable, StringEnum } from './schema-helpers';

const strict = { additionalProperties: false } as const;

/** H3 resolutions a heat map may ask for (7 ≈ 5 km², 8 ≈ 0.7 km², 9 ≈ 0.1 km², 10 ≈ 15,000 m²) */
export const REBALANCING_MIN_RESOLUTION = 6;
export const REBALANCING_MAX_RESOLUTION = 10;
export const REBALANCING_DEFAULT_RESOLUTION = 8;
/** the longest period of a heat map */
export const REBALANCING_MAX_DAYS = 90;
export const REBALANCING_DEFAULT_DAYS = 28;
/** a bike unmoved for this many days is idle, unless the query says otherwise */
export const REBALANCING_DEFAULT_IDLE_DAYS = 3;
/** how far the forecast looks ahead */
export const REBALANCING_FORECAST_HOURS = 24;

/** The audit events of recommendations; data: `{ recommendationId, fromCell, toCell, bikes }`. */
export const REBALANCING_ACCEPTED = 'REBALANCING_ACCEPTED';
export const REBALANCING_SNOOZED = 'REBALANCING_SNOOZED';
export const REBALANCING_DISMISSED = 'REBALANCING_DISMISSED';
export const REBALANCING_REPLANNED = 'REBALANCING_REPLANNED';
export const REBALANCING_EVENT_NAMES = [
  REBALANCING_ACCEPTED,
  REBALANCING_SNOOZED,
  REBALANCING_DISMISSED,
  REBALANCING_REPLANNED,
] as const;

export const HEATMAP_LAYERS = ['supply', 'starts', 'ends', 'idle', 'unmet'] as const;
export type HeatmapLayer = (typeof HEATMAP_LAYERS)[number];

/** an H3 cell index (hexadecimal, 15 characters) */
export const H3CellSchema = Type.String({ pattern: '^[0-9a-fA-F]{15}$' });

export const HeatmapQuerySchema = Type.Object(
  {
    layer: StringEnum(HEATMAP_LAYERS),
    resolution: Type.Optional(
      Type.Integer({
        minimum: REBALANCING_MIN_RESOLUTION,
        maximum: REBALANCING_MAX_RESOLUTION,
        default: REBALANCING_DEFAULT_RESOLUTION,
      }),
    ),
    /** default: REBALANCING_DEFAULT_DAYS days before `to`; at most REBALANCING_MAX_DAYS */
    from: Type.Optional(DateTime()),
    /** default: now */
    to: Type.Optional(DateTime()),
    /** only this hour of day (0–23, UTC) */
    hour: Type.Optional(Type.Integer({ minimum: 0, maximum: 23 })),
    /** only this day of week (1 Monday … 7 Sunday, UTC) */
    weekday: Type.Optional(Type.Integer({ minimum: 1, maximum: 7 })),
    /** the idle layer: unmoved for at least this many days */
    idleDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })),
  },
  strict,
);
export type HeatmapQuery = Static<typeof HeatmapQuerySchema>;

export const HeatmapCellSchema = Type.Object(
  {
    cell: H3CellSchema,
    /** the cell's centre [longitude, latitude] */
    centre: Type.Tuple([Type.Number(), Type.Number()]),
    /** the cell's outline [[longitude, latitude]…], closed: the map draws it as is */
    boundary: Type.Array(Type.Tuple([Type.Number(), Type.Number()])),
    /** supply: mean rentable bikes; starts/ends/unmet: trips (expected) per day; idle: bikes */
    value: Type.Number(),
  },
  strict,
);
export type HeatmapCell = Static<typeof HeatmapCellSchema>;

export const HeatmapSchema = Type.Object(
  {
    layer: StringEnum(HEATMAP_LAYERS),
    resolution: Type.Integer(),
    from: DateTime(),
    to: DateTime(),
    unit: StringEnum(['bikes', 'trips/day'] as const),
    cells: Type.Array(HeatmapCellSchema),
    /** the whole map's value by hour of day (24) and by day of week (7, Monday first) */
    byHour: Type.Array(Type.Number()),
    byWeekday: Type.Array(Type.Number()),
    max: Type.Number(),
  },
  strict,
);
export type Heatmap = Static<typeof HeatmapSchema>;

export const ForecastQuerySchema = Type.Object(
  {
    /** only this cell (of the forecast's resolution); an unknown cell is a 400 */
    cell: Type.Optional(Type.String({ maxLength: 20 })),
    resolution: Type.Optional(
      Type.Integer({
        minimum: REBALANCING_MIN_RESOLUTION,
        maximum: REBALANCING_MAX_RESOLUTION,
        default: REBALANCING_DEFAULT_RESOLUTION,
      }),
    ),
  },
  strict,
);
export type ForecastQuery = Static<typeof ForecastQuerySchema>;

export const ForecastCellSchema = Type.Object(
  {
    cell: H3CellSchema,
    centre: Type.Tuple([Type.Number(), Type.Number()]),
    /** which model the cell keeps: the seasonal baseline, or the regression that beat it */
    model: StringEnum(['baseline', 'regression'] as const),
    /** expected trip starts for each of the next REBALANCING_FORECAST_HOURS hours */
    hourly: Type.Array(Type.Number()),
  },
  strict,
);
export const ForecastSchema = Type.Object(
  {
    /** when the worker trained it; null: never yet (the answer is empty) */
    trainedAt: Nullable(DateTime()),
    /** the first hour forecast */
    from: Nullable(DateTime()),
    resolution: Type.Integer(),
    cells: Type.Array(ForecastCellSchema),
  },
  strict,
);
export type Forecast = Static<typeof ForecastSchema>;

export const RECOMMENDATION_STATES = [
  'OPEN',
  'ACCEPTED',
  'SNOOZED',
  'DISMISSED',
  'SUPERSEDED',
] as const;
export type RecommendationState = (typeof RECOMMENDATION_STATES)[number];

export const RecommendationSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    fromCell: H3CellSchema,
    toCell: H3CellSchema,
    from: Type.Tuple([Type.Number(), Type.Number()]),
    /** where to leave the bikes [longitude, latitude]: a preferred parking place when there is one */
    to: Type.Tuple([Type.Number(), Type.Number()]),
    bikes: Type.Integer({ minimum: 1 }),
    vehicleNumbers: Type.Array(Type.String()),
    before: DateTime(),
    /** about this many more rides over the forecast's horizon */
    extraRides: Type.Number(),
    state: StringEnum(RECOMMENDATION_STATES),
    snoozedUntil: Nullable(DateTime()),
    createdAt: DateTime(),
    taskIds: Type.Array(Type.String({ format: 'uuid' })),
  },
  strict,
);
export type Recommendation = Static<typeof RecommendationSchema>;

export const RecommendationListQuerySchema = Type.Object(
  { state: Type.Optional(StringEnum([...RECOMMENDATION_STATES, 'all'] as const)) },
  strict,
);
export const RecommendationListSchema = Type.Object(
  { content: Type.Array(RecommendationSchema) },
  strict,
);
export type RecommendationList = Static<typeof RecommendationListSchema>;

export const RecommendationParamsSchema = IdParamsSchema;
export const SnoozeSchema = Type.Object(
  { hours: Type.Integer({ minimum: 1, maximum: 72 }) },
  strict,
);
export type Snooze = Static<typeof SnoozeSchema>;

/** accepting: tasks made (ACCEPTED), or the bikes moved meanwhile and it was planned anew */
export const AcceptResultSchema = Type.Object(
  {
    outcome: StringEnum(['ACCEPTED', 'REPLANNED', 'GONE'] as const),
    recommendation: RecommendationSchema,
    /** the re-planned recommendation (REPLANNED), to accept in its turn */
    replacement: Nullable(RecommendationSchema),
  },
  strict,
);
export type AcceptResult = Static<typeof AcceptResultSchema>;

export const ROUTE_STOP_KINDS = ['SWAP', 'PICKUP', 'DROP'] as const;
export type RouteStopKind = (typeof ROUTE_STOP_KINDS)[number];

export const RouteStopSchema = Type.Object(
  {
    kind: StringEnum(ROUTE_STOP_KINDS),
    /** the task; null for a bike of the swap queue with no swap task yet */
    taskId: Nullable(Type.String({ format: 'uuid' })),
    vehicleNumber: Type.String(),
    position: Type.Tuple([Type.Number(), Type.Number()]),
    /** planned arrival */
    at: DateTime(),
    /** bikes in the van after the stop */
    load: Type.Integer({ minimum: 0 }),
  },
  strict,
);
export const RouteSchema = Type.Object(
  {
    technicianId: Type.String({ format: 'uuid' }),
    technicianName: Type.String(),
    shiftStart: DateTime(),
    shiftEnd: DateTime(),
    plannedAt: DateTime(),
    lengthKm: Type.Number(),
    stops: Type.Array(RouteStopSchema),
  },
  strict,
);
export type Route = Static<typeof RouteSchema>;
export const RouteListSchema = Type.Object(
  {
    content: Type.Array(RouteSchema),
  },
  strict,
);
export type RouteList = Static<typeof RouteListSchema>;

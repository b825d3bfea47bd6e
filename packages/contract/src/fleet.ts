// Shapes of the fleet calls (DESIGN §5): group tree, information, list, CSV, markers,
// statistics, traffic, chart and the live stream.
import { Type, type Static } from '@sinclair/typebox';
import {
  ACTIVITY_STATUSES,
  AVAILABILITIES,
  IOT_MODES,
  THEFT_STATES,
  TRAFFIC_GRANULARITIES,
  WARNING_TYPES,
  type ActivityStatus,
  type Availability,
  type IotMode,
  type TheftState,
  type WarningType,
} from './enums';
import { DateTime, EnumCounts, Nullable, Page, StringEnum } from './schema-helpers';
import {
  ActivityStatusSchema,
  AvailabilitySchema,
  FleetListItemSchema,
  FLEET_LIST_SORT_FIELDS,
  IotModeSchema,
  WarningTypeSchema,
} from './bike';
import { CommandSchema } from './commands';
import { EventSchema, WarningCountsSchema, pagingProperties } from './products';

const strict = { additionalProperties: false } as const;
const Count = Type.Integer({ minimum: 0 });
const GroupId = Type.String({ format: 'uuid' });

// ---- group tree -------------------------------------------------------------------------

export const FleetGroupNodeSchema = Type.Recursive(
  (Node) =>
    Type.Object(
      {
        id: Type.String(),
        name: Type.String(),
        /** bikes of this group and of all its descendants */
        bikeCount: Count,
        /** bikes directly in this group */
        ownBikeCount: Count,
        children: Type.Array(Node),
      },
      strict,
    ),
  { $id: 'FleetGroupNode' },
);
export type FleetGroupNode = Static<typeof FleetGroupNodeSchema>;
/** roots of the group tree, sorted by name (children too) */
export const FleetGroupTreeSchema = Type.Array(FleetGroupNodeSchema);
export type FleetGroupTree = Static<typeof FleetGroupTreeSchema>;

// ---- counts -----------------------------------------------------------------------------

/** IoT modes plus UNKNOWN for modules that never reported one. */
export const MODE_COUNT_KEYS = [...IOT_MODES, 'UNKNOWN'] as const;

export const FleetInformationSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    totalBikes: Count,
    availability: EnumCounts(AVAILABILITIES),
    status: EnumCounts(ACTIVITY_STATUSES),
    modes: EnumCounts(MODE_COUNT_KEYS),
    warnings: WarningCountsSchema,
    /** DESIGN §7: warning thresholds and the CO2 factor are fleet settings */
    settings: Type.Object(
      {
        lowVehicleBatteryPercent: Count,
        lowModuleBatteryPercent: Count,
        lackOfCommunicationHours: Count,
        co2KgPerKm: Type.Number(),
      },
      strict,
    ),
  },
  strict,
);
export type FleetInformation = Static<typeof FleetInformationSchema>;

/** SPEC §4 battery quarters; unknown = the level was never reported. */
export const BatteryQuartersSchema = Type.Object(
  { from0To25: Count, from26To50: Count, from51To75: Count, from76To100: Count, unknown: Count },
  strict,
);
export type BatteryQuarters = Static<typeof BatteryQuartersSchema>;

/** fleet/statistics: the whole fleet, or the groups given and their descendants. */
export const StatisticsQuerySchema = Type.Object(
  { groupId: Type.Optional(Type.Array(GroupId, { maxItems: 100 })) },
  strict,
);
export type StatisticsQuery = Static<typeof StatisticsQuerySchema>;

export const FleetStatisticsSchema = Type.Object(
  {
    totalBikes: Count,
    /** SPEC §4: up to 7 days, 8 to 14 days, 15 days or more (whole days since the last data) */
    lastCommunication: Type.Object(
      { upTo7Days: Count, from8To14Days: Count, from15Days: Count, never: Count },
      strict,
    ),
    bikeBattery: BatteryQuartersSchema,
    iotBattery: BatteryQuartersSchema,
    availability: EnumCounts(AVAILABILITIES),
    status: EnumCounts(ACTIVITY_STATUSES),
    modes: EnumCounts(MODE_COUNT_KEYS),
    warnings: WarningCountsSchema,
    totals: Type.Object({ km: Type.Number(), co2AvoidedKg: Type.Number(), trips: Count }, strict),
  },
  strict,
);
export type FleetStatistics = Static<typeof FleetStatisticsSchema>;

// ---- list -------------------------------------------------------------------------------

export const FLEET_LIST_SORT_PATTERN = `^(${FLEET_LIST_SORT_FIELDS.join('|')})(,(asc|desc))?$`;

/** Filters shared by the list, its CSV and the vehicles CSV. Values of one filter are OR-ed. */
export const fleetFilterProperties = {
  /** text search in frame no., bike code, IoT code and model (case-insensitive) */
  q: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001F\\u007F]+$' }),
  ),
  availability: Type.Optional(Type.Array(AvailabilitySchema, { maxItems: 10 })),
  status: Type.Optional(Type.Array(ActivityStatusSchema, { maxItems: 10 })),
  mode: Type.Optional(Type.Array(IotModeSchema, { maxItems: 10 })),
  warning: Type.Optional(Type.Array(WarningTypeSchema, { maxItems: 10 })),
  /** bikes of these groups and of their descendants */
  groupId: Type.Optional(Type.Array(GroupId, { maxItems: 100 })),
  /** only bikes whose assistance is locked (true) or not locked (false) */
  locked: Type.Optional(Type.Boolean()),
};
export const FleetFilterSchema = Type.Object(fleetFilterProperties, strict);
export type FleetFilter = Static<typeof FleetFilterSchema>;

export const FleetListQuerySchema = Type.Object(
  {
    ...fleetFilterProperties,
    ...pagingProperties(50),
    /** `column` or `column,asc|desc`; unknown values never reach the database */
    sort: Type.Optional(
      Type.String({ pattern: FLEET_LIST_SORT_PATTERN, default: 'vehicleNumber,asc' }),
    ),
  },
  strict,
);
export type FleetListQuery = Static<typeof FleetListQuerySchema>;

export const FleetListPageSchema = Page(FleetListItemSchema);
export type FleetListPage = Static<typeof FleetListPageSchema>;

// ---- markers ----------------------------------------------------------------------------

const Flag = Type.Boolean({ default: true });
/**
 * SPEC §7 flags: each defaults to true; flags of one group are OR-ed, groups AND-ed. The list's
 * filters (text, availability, status, mode, warning, group) apply too, so that the map and
 * the list of the fleet screen always show the same set of bikes.
 */
export const MARKER_FLAG_GROUPS = {
  theft: ['isReportedTheft', 'isSuspectedTheft', 'isNotReportedOrSuspectedTheft'],
  status: ['isParked', 'isMoving'],
  availability: ['isAvailable', 'isInOperation', 'inTransit', 'out'],
} as const;
export const MarkersQuerySchema = Type.Object(
  {
    isReportedTheft: Type.Optional(Flag),
    isSuspectedTheft: Type.Optional(Flag),
    isNotReportedOrSuspectedTheft: Type.Optional(Flag),
    isParked: Type.Optional(Flag),
    isMoving: Type.Optional(Flag),
    isAvailable: Type.Optional(Flag),
    isInOperation: Type.Optional(Flag),
    inTransit: Type.Optional(Flag),
    out: Type.Optional(Flag),
    ...fleetFilterProperties,
  },
  strict,
);
export type MarkersQuery = Static<typeof MarkersQuerySchema>;

/**
 * Bit layout of a marker's `state` integer (ADR 0021): everything the map colours and filters
 * by, in one small number per bike. Decode with decodeMarkerState().
 *   bits 0-4   warnings, bit k = WARNING_TYPES[k]
 *   bit 5      status (ACTIVITY_STATUSES index)
 *   bits 6-7   availability (AVAILABILITIES index)
 *   bits 8-9   theft (THEFT_STATES index)
 *   bits 10-12 iotMode: 0 unknown, k + 1 = IOT_MODES[k]
 */
export const MARKER_STATE_SHIFT = {
  warnings: 0,
  status: 5,
  availability: 6,
  theft: 8,
  iotMode: 10,
} as const;

export interface MarkerState {
  warnings: WarningType[];
  status: ActivityStatus;
  availability: Availability;
  theft: TheftState;
  iotMode: IotMode | null;
}

export function decodeMarkerState(state: number): MarkerState {
  const field = (shift: number, bits: number) => (state >> shift) & ((1 << bits) - 1);
  const mode = field(MARKER_STATE_SHIFT.iotMode, 3);
  return {
    warnings: WARNING_TYPES.filter((_, bit) => (state & (1 << bit)) !== 0),
    status: ACTIVITY_STATUSES[field(MARKER_STATE_SHIFT.status, 1)] ?? 'PARKED',
    availability: AVAILABILITIES[field(MARKER_STATE_SHIFT.availability, 2)] ?? 'AVAILABLE',
    theft: THEFT_STATES[field(MARKER_STATE_SHIFT.theft, 2)] ?? 'NONE',
    iotMode: mode === 0 ? null : (IOT_MODES[mode - 1] ?? null),
  };
}

/** Coordinates of the markers are integers: degrees × 100,000 (about 1 m). */
export const MARKER_COORDINATE_SCALE = 100_000;

/**
 * Compact, columnar payload of the map (ADR 0021): one array per field, index i of every
 * array describes bike i. Bikes without a position are left out.
 */
export const MarkersSchema = Type.Object(
  {
    count: Count,
    /** the fleet's group ids; `group[i]` indexes this list (null: no group) */
    groups: Type.Array(Type.String()),
    vehicleNumber: Type.Array(Type.String()),
    /** degrees × MARKER_COORDINATE_SCALE */
    latitude: Type.Array(Type.Integer()),
    longitude: Type.Array(Type.Integer()),
    /** see MARKER_STATE_SHIFT and decodeMarkerState() */
    state: Type.Array(Type.Integer({ minimum: 0 })),
    group: Type.Array(Nullable(Type.Integer({ minimum: 0 }))),
  },
  strict,
);
export type Markers = Static<typeof MarkersSchema>;

// ---- traffic and chart ------------------------------------------------------------------

/** Longest period of one call, per granularity (bounded ranges, DESIGN §5 bad input). */
export const TRAFFIC_MAX_DAYS = { hour: 31, day: 366 } as const;

export const TrafficQuerySchema = Type.Object(
  {
    /** default: `to` minus 7 days (hour) or 30 days (day) */
    from: Type.Optional(DateTime()),
    /** default: now */
    to: Type.Optional(DateTime()),
    granularity: Type.Optional(StringEnum(TRAFFIC_GRANULARITIES, { default: 'day' })),
    /** only trips of bikes in these groups and their descendants */
    groupId: fleetFilterProperties.groupId,
  },
  strict,
);
export type TrafficQuery = Static<typeof TrafficQuerySchema>;

export const TrafficBucketSchema = Type.Object(
  {
    /** start of the UTC hour or day; trips count in the bucket they started in */
    start: DateTime(),
    trips: Count,
    distanceKm: Type.Number(),
    activeBikes: Count,
  },
  strict,
);
export const TrafficSchema = Type.Object(
  {
    from: DateTime(),
    to: DateTime(),
    granularity: StringEnum(TRAFFIC_GRANULARITIES),
    buckets: Type.Array(TrafficBucketSchema),
  },
  strict,
);
export type Traffic = Static<typeof TrafficSchema>;

export const ChartQuerySchema = Type.Object(
  {
    /** default: `to` minus 30 days */
    from: Type.Optional(DateTime()),
    /** default: now */
    to: Type.Optional(DateTime()),
    /** only trips and events of bikes in these groups and their descendants */
    groupId: fleetFilterProperties.groupId,
  },
  strict,
);
export type ChartQuery = Static<typeof ChartQuerySchema>;

export const ChartDaySchema = Type.Object(
  {
    /** UTC day, YYYY-MM-DD */
    date: Type.String({ format: 'date' }),
    trips: Count,
    distanceKm: Type.Number(),
    durationMinutes: Type.Number(),
    co2AvoidedKg: Type.Number(),
    activeBikes: Count,
    /** ALARM_TRIGGERED events */
    alarms: Count,
    /** THEFT_DECLARED events, by riders and managers */
    theftsDeclared: Count,
  },
  strict,
);
export type ChartDay = Static<typeof ChartDaySchema>;
export const ChartSchema = Type.Object(
  { from: DateTime(), to: DateTime(), days: Type.Array(ChartDaySchema) },
  strict,
);
export type Chart = Static<typeof ChartSchema>;

// ---- live stream (Server-Sent Events, ADR 0020) -----------------------------------------

export const STREAM_EVENTS = [
  'ready',
  'bikes',
  'removed',
  'warnings',
  'commands',
  'events',
  'resync',
] as const;
export type StreamEventName = (typeof STREAM_EVENTS)[number];

/** The data of each event of GET fleet/stream (JSON in the `data:` line). */
export const StreamPayloadSchemas = {
  ready: Type.Object({ fleetId: Type.String(), serverTime: DateTime() }, strict),
  /** bikes whose state changed, as list items */
  bikes: Type.Object({ bikes: Type.Array(FleetListItemSchema) }, strict),
  /** bikes removed from the fleet */
  removed: Type.Object({ vehicleNumbers: Type.Array(Type.String()) }, strict),
  /** the warning counters (sent when they change) */
  warnings: Type.Object({ counts: WarningCountsSchema }, strict),
  /** commands created or whose status changed */
  commands: Type.Object({ commands: Type.Array(CommandSchema) }, strict),
  /** new events of the fleet's bikes */
  events: Type.Object({ events: Type.Array(EventSchema) }, strict),
  /** too much changed at once: reload what is shown */
  resync: Type.Object({ reason: Type.String() }, strict),
} as const;
export type StreamPayloads = { [K in StreamEventName]: Static<(typeof StreamPayloadSchemas)[K]> };

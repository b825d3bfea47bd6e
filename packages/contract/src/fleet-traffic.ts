// Shapes of GET fleet/statistics/traffic and fleet/chart (DESIGN §5): activity per UTC hour or
// day over a bounded period.
import { Type, type Static } from '@sinclair/typebox';
import { TRAFFIC_GRANULARITIES } from './enums';
import { DateTime, StringEnum } from './schema-helpers';
import { fleetFilterProperties } from './fleet-filter';

const strict = { additionalProperties: false } as const;
const Count = Type.Integer({ minimum: 0 });

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

// The warnings of DESIGN §7 as SQL over bikeFrom() (bike b, its fleet's thresholds f), so that
// lists, counts, filters and the map all derive them the same way. Thresholds are fleet
// settings; the lack of communication depends on the time of the request (f.lack_before),
// never on a stored flag. The alerts (modules/alerts) open and clear on these same conditions:
// this file is the one owner of "when is a bike in a warning".
import { BATTERY_HYSTERESIS_PERCENT, WARNING_TYPES, type WarningType } from '@vfm/contract';

/**
 * A low battery: at or below the fleet's threshold, and, once low (the ingest's `since`,
 * derive.ts lowBatterySince), until it is back above the threshold + the hysteresis — a
 * battery hovering at the threshold does not flap (ADR 0081). Read against the fleet's
 * current threshold, so a settings change applies at once.
 */
const lowBattery = (level: string, since: string, threshold: string) =>
  `(${level} <= ${threshold}
      OR (${since} IS NOT NULL AND ${level} <= ${threshold} + ${BATTERY_HYSTERESIS_PERCENT}))`;

/** SQL condition per warning type. */
export function warningConditions(): Record<WarningType, string> {
  return {
    REPORTED_THEFT: `b.theft_state = 'REPORTED'`,
    SUSPECTED_THEFT: `b.theft_state = 'SUSPECTED'`,
    // a bike that never spoke gets the same grace period from its creation
    LACK_MODULE_COMM: `(b.module_id IS NOT NULL
      AND coalesce(b.last_communication_date, b.created_at) < f.lack_before)`,
    LOW_VEHICLE_BATTERY: lowBattery(
      'b.bike_battery_level',
      'b.low_vehicle_battery_since',
      'f.low_vehicle_battery_percent',
    ),
    LOW_MODULE_BATTERY: lowBattery(
      'b.iot_battery_level',
      'b.low_module_battery_since',
      'f.low_module_battery_percent',
    ),
  };
}

/**
 * The fleet columns the conditions read (of `fleet`): its thresholds, and at the time `now`
 * (an SQL expression, also `at`) the start of the lack of communication.
 */
export const thresholdColumnsSql = (now: string) =>
  `id, low_vehicle_battery_percent, low_module_battery_percent, ${now}::timestamptz AS at,
   lack_of_communication_hours * interval '1 hour' AS lack_interval,
   ${now}::timestamptz - lack_of_communication_hours * interval '1 hour' AS lack_before,
   no_parking_grace_minutes * interval '1 minute' AS no_parking_grace`;

/** Every fleet's threshold columns as `f` (the alerts' reconciliation, across fleets). */
export const fleetThresholdsSql = (now: string) =>
  `(SELECT ${thresholdColumnsSql(now)} FROM fleet) f`;

/** When each warning began (null when unknown). */
export function warningSince(): Record<WarningType, string> {
  return {
    REPORTED_THEFT: 'b.theft_since',
    SUSPECTED_THEFT: 'coalesce(b.suspected_theft_since, b.theft_since)',
    LACK_MODULE_COMM: `coalesce(b.last_communication_date, b.created_at) + f.lack_interval`,
    LOW_VEHICLE_BATTERY: 'b.low_vehicle_battery_since',
    LOW_MODULE_BATTERY: 'b.low_module_battery_since',
  };
}

/** The warnings of a bike as a bit set: bit k = WARNING_TYPES[k] (also the markers' format). */
export function warningBitsSql(): string {
  const conditions = warningConditions();
  return `(${WARNING_TYPES.map(
    (type, bit) => `(CASE WHEN ${conditions[type]} THEN ${1 << bit} ELSE 0 END)`,
  ).join(' + ')})`;
}

export function decodeWarnings(bits: number): WarningType[] {
  return WARNING_TYPES.filter((_, bit) => (bits & (1 << bit)) !== 0);
}

/** `count(*) FILTER (…) AS w_<type>` for every warning type. */
export function warningCountColumns(): string {
  const conditions = warningConditions();
  return WARNING_TYPES.map(
    (type) => `count(*) FILTER (WHERE ${conditions[type]}) AS "w_${type}"`,
  ).join(',\n');
}

export function readWarningCounts(row: Record<string, unknown>): Record<WarningType, number> {
  return Object.fromEntries(
    WARNING_TYPES.map((type) => [type, Number(row[`w_${type}`] ?? 0)]),
  ) as Record<WarningType, number>;
}

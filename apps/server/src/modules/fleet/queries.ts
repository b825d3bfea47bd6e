// The fleet module's SQL: group tree, list and CSV batches, counts, traffic and chart, markers.
// Every query starts from the caller's fleet id (DESIGN §5 scoping); filters come from
// filters.ts, the shared bike read model from ../bikes. The live stream's reads are in
// stream/change-feed.ts.
import {
  ACTIVITY_STATUSES,
  AVAILABILITIES,
  IOT_MODES,
  MARKER_COORDINATE_SCALE,
  MARKER_FLAG_GROUPS,
  MARKER_FLAG_VALUES,
  MARKER_STATE_FIELDS,
  WARNING_TYPES,
  type FleetFilter,
  type FleetListSortField,
  type MarkerStateField,
  type MarkersQuery,
  type TrafficGranularity,
} from '@vfm/contract';
import type { Queryable } from '../../db/client';
import type { Period } from '../../lib/period';
import { cachedCount } from './count-cache';
import {
  LIST_ITEM_COLUMNS,
  bikeFrom,
  detailColumns,
  listColumns,
  type DetailRow,
  type ListRow,
} from '../bikes/bike-view';
import { groupScopeCondition } from '../bikes/group-scope';
import { SqlParams } from '../bikes/sql';
import { warningBitsSql } from '../bikes/warnings-sql';
import { filterConditions } from './filters';

// ---- group tree --------------------------------------------------------------------------

export interface GroupRow {
  id: string;
  parent_id: string | null;
  name: string;
  own: number;
}

/** The fleet's groups, each with the number of bikes directly in it. */
export function groupRows(db: Queryable, fleetId: string) {
  return db.query<GroupRow>(
    `SELECT g.id, g.parent_id, g.name, coalesce(c.n, 0) AS own
       FROM fleet_group g
       LEFT JOIN (SELECT group_id, count(*) AS n FROM bike
                   WHERE fleet_id = $1 AND group_id IS NOT NULL GROUP BY group_id) c
              ON c.group_id = g.id
      WHERE g.fleet_id = $1`,
    [fleetId],
  );
}

// ---- list ----------------------------------------------------------------------------------

/** Each sort field's column: the list item's own (bikes/bike-view.ts). */
const SORT_COLUMNS: Record<FleetListSortField, string> = LIST_ITEM_COLUMNS;

/** ORDER BY of `field[,asc|desc]`; the schema pattern already restricted it to the allow-list. */
export function orderBy(sort: string): string {
  const [field, direction] = sort.split(',') as [FleetListSortField, string | undefined];
  const column = SORT_COLUMNS[field] ?? SORT_COLUMNS.vehicleNumber;
  return direction === 'desc'
    ? `${column} DESC NULLS LAST, b.id DESC`
    : `${column} ASC NULLS FIRST, b.id ASC`;
}

/** A page of the filtered fleet and the number of bikes the filter selects (count-cache.ts). */
export async function listPage(
  db: Queryable,
  fleetId: string,
  at: Date,
  request: { filter: FleetFilter; page: number; size: number; sort: string },
): Promise<{ rows: ListRow[]; total: number }> {
  const { page, size } = request;
  const params = new SqlParams();
  const fleet = params.add(fleetId);
  const now = params.add(at);
  const where = filterConditions(params, fleet, fleetId, request.filter);
  const from = bikeFrom(fleet, now);
  const countValues = [...params.values];
  const pageSql = `SELECT ${listColumns()} FROM ${from} WHERE ${where}
    ORDER BY ${orderBy(request.sort)} LIMIT ${params.add(size)} OFFSET ${params.add(page * size)}`;
  const countSql = `SELECT count(*) AS n FROM ${from} WHERE ${where}`;
  const [rows, total] = await Promise.all([
    db.query<ListRow>(pageSql, params.values),
    cachedCount(db, `${fleetId} ${JSON.stringify(request.filter)}`, async () => {
      const [row] = await db.query<{ n: number }>(countSql, countValues);
      return row?.n ?? 0;
    }),
  ]);
  return { rows, total };
}

// ---- CSV ----------------------------------------------------------------------------------

/** One keyset batch of the filtered fleet in (frame no., id) order, after `after`. */
export function bikeBatch(
  db: Queryable,
  fleetId: string,
  at: Date,
  filter: FleetFilter,
  after: { vn: string; id: number } | null,
  size: number,
) {
  const params = new SqlParams();
  const fleet = params.add(fleetId);
  const now = params.add(at);
  let where = filterConditions(params, fleet, fleetId, filter);
  if (after) {
    where += ` AND (b.vehicle_number, b.id) > (${params.add(after.vn)}, ${params.add(after.id)})`;
  }
  return db.query<DetailRow & { id: number }>(
    `SELECT b.id, ${detailColumns()} FROM ${bikeFrom(fleet, now)} WHERE ${where}
      ORDER BY b.vehicle_number, b.id LIMIT ${params.add(size)}`,
    params.values,
  );
}

// ---- counts (information, statistics) ------------------------------------------------------

const DAY_MS = 86_400_000;
export const QUARTERS = [
  'from0To25',
  'from26To50',
  'from51To75',
  'from76To100',
  'unknown',
] as const;
export const LAST_COMMUNICATION = ['upTo7Days', 'from8To14Days', 'from15Days', 'never'] as const;

// SPEC §4 quarters 0-25, 26-50, 51-75, 76-100 (levels are integers); index 4 = never reported
const quarter = (column: string) => `CASE WHEN ${column} IS NULL THEN 4 WHEN ${column} <= 25 THEN 0
  WHEN ${column} <= 50 THEN 1 WHEN ${column} <= 75 THEN 2 ELSE 3 END`;

const countsOf = (alias: string, column: string, values: readonly string[]) =>
  values.map((value) => `count(*) FILTER (WHERE x.${column} = '${value}') AS "${alias}:${value}"`);
const countsByIndex = (alias: string, column: string, keys: readonly string[]) =>
  keys.map((key, index) => `count(*) FILTER (WHERE x.${column} = ${index}) AS "${alias}:${key}"`);

const countsSql = (where: string) => `SELECT count(*) AS total,
  ${[
    ...countsOf('availability', 'availability', AVAILABILITIES),
    ...countsOf('status', 'status', ACTIVITY_STATUSES),
    ...countsOf('modes', 'iot_mode', IOT_MODES),
    ...countsByIndex('lastCommunication', 'lc', LAST_COMMUNICATION),
    ...countsByIndex('bikeBattery', 'bq', QUARTERS),
    ...countsByIndex('iotBattery', 'iq', QUARTERS),
    ...WARNING_TYPES.map(
      (type, bit) => `count(*) FILTER (WHERE x.w & ${1 << bit} <> 0) AS "warnings:${type}"`,
    ),
  ].join(',\n  ')},
  coalesce(sum(x.total_km), 0) AS km, coalesce(sum(x.co2_avoided_kg), 0) AS co2,
  coalesce(sum(x.trip_count), 0) AS trips
FROM (
  SELECT b.availability, b.status, b.iot_mode, b.total_km, b.co2_avoided_kg, b.trip_count,
         CASE WHEN b.last_communication_date IS NULL THEN 3
              WHEN b.last_communication_date > $3 THEN 0
              WHEN b.last_communication_date > $4 THEN 1 ELSE 2 END AS lc,
         ${quarter('b.bike_battery_level')} AS bq,
         ${quarter('b.iot_battery_level')} AS iq,
         ${warningBitsSql()} AS w
    FROM ${bikeFrom('$1', '$2')}
   WHERE b.fleet_id = $1${where}
  OFFSET 0) x`;

export type CountRow = Record<string, number>;

/** The counts of the fleet, or of the groups given and their descendants. */
export async function fleetCounts(
  db: Queryable,
  fleetId: string,
  at: Date,
  groupIds?: string[],
): Promise<CountRow> {
  const now = at.getTime();
  const params = new SqlParams();
  params.add(fleetId);
  params.add(at);
  // SPEC §4 buckets in whole days since the last data: ≤ 7 means less than 8 days old
  params.add(new Date(now - 8 * DAY_MS));
  params.add(new Date(now - 15 * DAY_MS));
  const where = groupIds?.length ? ` AND ${groupScopeCondition(params, fleetId, groupIds)}` : '';
  const [row] = await db.query<CountRow>(countsSql(where), params.values);
  return row ?? {};
}

export interface FleetRow {
  id: string;
  name: string;
  low_vehicle_battery_percent: number;
  low_module_battery_percent: number;
  lack_of_communication_hours: number;
  co2_kg_per_km: number;
  no_parking_grace_minutes: number;
}

export async function fleetRow(db: Queryable, fleetId: string): Promise<FleetRow | undefined> {
  const [row] = await db.query<FleetRow>(
    `SELECT id, name, low_vehicle_battery_percent, low_module_battery_percent,
            lack_of_communication_hours, co2_kg_per_km, no_parking_grace_minutes
       FROM fleet WHERE id = $1`,
    [fleetId],
  );
  return row;
}

// ---- traffic and chart -----------------------------------------------------------------------

export interface TripBucket {
  start: Date;
  trips: number;
  km: number;
  minutes: number;
  bikes: number;
}

/** `AND bike_id IN (bikes of the groups and their descendants)`, or nothing. */
function bikesOfGroups(params: SqlParams, fleetId: string, groupIds?: string[]) {
  if (!groupIds?.length) return '';
  return ` AND bike_id IN (SELECT b.id FROM bike b WHERE b.fleet_id = $1
    AND ${groupScopeCondition(params, fleetId, groupIds)})`;
}

/** The fleet's trips per UTC hour or day of the period (only the buckets with trips). */
export async function tripBuckets(
  db: Queryable,
  fleetId: string,
  period: Period,
  unit: TrafficGranularity,
  groupIds?: string[],
) {
  const params = new SqlParams();
  params.add(fleetId);
  params.add(period.from);
  params.add(period.to);
  const rows = await db.query<TripBucket>(
    `SELECT date_trunc('${unit}', started_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start,
            count(*) AS trips, coalesce(sum(distance_km), 0) AS km,
            coalesce(sum(duration_minutes), 0) AS minutes, count(DISTINCT bike_id) AS bikes
       FROM trip WHERE fleet_id = $1 AND started_at >= $2 AND started_at < $3
       ${bikesOfGroups(params, fleetId, groupIds)}
      GROUP BY 1`,
    params.values,
  );
  return new Map(rows.map((row) => [row.start.getTime(), row]));
}

export interface EventDay {
  day: Date;
  alarms: number;
  thefts: number;
}

/** Alarms and declared thefts per UTC day of the period. */
export function alertDays(db: Queryable, fleetId: string, period: Period, groupIds?: string[]) {
  const params = new SqlParams();
  params.add(fleetId);
  params.add(period.from);
  params.add(period.to);
  const ofGroups = bikesOfGroups(params, fleetId, groupIds);
  return db.query<EventDay>(
    `SELECT date_trunc('day', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS day,
            count(*) FILTER (WHERE name = 'ALARM_TRIGGERED') AS alarms,
            count(*) FILTER (WHERE name = 'THEFT_DECLARED') AS thefts
       FROM event
      WHERE fleet_id = $1 AND occurred_at >= $2 AND occurred_at < $3
        AND name IN ('ALARM_TRIGGERED', 'THEFT_DECLARED')${ofGroups}
      GROUP BY 1`,
    params.values,
  );
}

export async function co2KgPerKm(db: Queryable, fleetId: string): Promise<number> {
  const [fleet] = await db.query<{ co2: number }>(
    'SELECT co2_kg_per_km AS co2 FROM fleet WHERE id = $1',
    [fleetId],
  );
  return fleet?.co2 ?? 0;
}

// ---- markers -------------------------------------------------------------------------------

/** The column of each group of flags (SPEC §7); the values are the contract's MARKER_FLAG_VALUES. */
const GROUP_COLUMNS = {
  theft: 'b.theft_state',
  status: 'b.status',
  availability: 'b.availability',
};

/** The column each field of the marker state is computed from (the encoding: the contract's
 * MARKER_STATE_FIELDS; the warnings' bits: warningBitsSql, bit k = MARKER_WARNING_TYPES[k]). */
const STATE_COLUMNS: Record<MarkerStateField, string> = {
  status: 'b.status',
  availability: 'b.availability',
  theft: 'b.theft_state',
  iotMode: 'b.iot_mode',
};

/** `(CASE column WHEN values[0] THEN offset … ELSE 0 END) << shift`, constants of the contract only. */
const codeOf = (field: MarkerStateField) => {
  const { values, shift, offset } = MARKER_STATE_FIELDS[field];
  return `((CASE ${STATE_COLUMNS[field]} ${values.map((v, i) => `WHEN '${v}' THEN ${i + offset}`).join(' ')}
     ELSE 0 END) << ${shift})`;
};

const STATE_SQL = [
  warningBitsSql(),
  ...(Object.keys(MARKER_STATE_FIELDS) as MarkerStateField[]).map(codeOf),
].join(' | ');

/** Flags default to true; within a group they are OR-ed, the groups are AND-ed (SPEC §7). */
function flagConditions(params: SqlParams, query: MarkersQuery): string[] {
  const conditions: string[] = [];
  for (const [group, flags] of Object.entries(MARKER_FLAG_GROUPS)) {
    const allowed = flags.filter((flag) => query[flag] !== false).map((f) => MARKER_FLAG_VALUES[f]);
    if (allowed.length === flags.length) continue;
    const column = GROUP_COLUMNS[group as keyof typeof GROUP_COLUMNS];
    conditions.push(allowed.length ? `${column} = ANY(${params.add(allowed)}::text[])` : 'false');
  }
  return conditions;
}

export interface MarkerColumns {
  n: number;
  groups: string | null;
  vn: string | null;
  lat: string | null;
  lon: string | null;
  state: string | null;
  grp: string | null;
}

/** The markers' columns as JSON text fragments, aggregated by the database (ADR 0021): raw SQL
 * on purpose — no row object is built in Node for 100,000 bikes (docs/performance.md). */
/** The bikes the map shows for a query: placed ones, filtered, flags applied. */
function markerSelection(fleetId: string, at: Date, query: MarkersQuery) {
  const params = new SqlParams();
  const fleet = params.add(fleetId);
  const now = params.add(at);
  const where = [
    filterConditions(params, fleet, fleetId, query),
    'b.latitude IS NOT NULL',
    'b.longitude IS NOT NULL',
    ...flagConditions(params, query),
  ];
  return { params, fleet, now, where };
}

/**
 * A version of what the fleet's markers are built from, read from index edges without
 * building them (≈ 1 ms instead of ≈ 150 ms at 100,000 bikes): the fleet's change sequence
 * (`fleet_change.seq`, bumped by every change notice: it catches a transaction committing after
 * a newer one, and is the same for every process, ADR 0082), the newest change time (every
 * writer sets updated_at, notice or not), the next bike to fall silent and the next one never
 * heard of to pass the fleet's lack-of-communication delay (the one state that moves with
 * time, not with writes), the fleet's groups and its settings (warning thresholds).
 */
export async function fleetVersion(db: Queryable, fleetId: string, at: Date) {
  const [row] = await db.query<Record<string, string | number | null>>(
    `WITH f AS (SELECT f::text AS text,
                       $2::timestamptz - lack_of_communication_hours * interval '1 hour' AS lack_before
                  FROM fleet f WHERE f.id = $1)
     SELECT (SELECT coalesce(max(seq), 0) FROM fleet_change WHERE fleet_id = $1)::text AS seq,
       (SELECT max(updated_at) FROM bike WHERE fleet_id = $1)::text AS touched,
       (SELECT min(s.last_communication_date) FROM bike s WHERE s.fleet_id = $1
           AND s.last_communication_date >= (SELECT lack_before FROM f))::text AS next_silent,
       (SELECT min(s.created_at) FROM bike s WHERE s.fleet_id = $1
           AND s.last_communication_date IS NULL
           AND s.created_at >= (SELECT lack_before FROM f))::text AS next_never,
       (SELECT coalesce(string_agg(id::text, ',' ORDER BY id), '') FROM fleet_group
         WHERE fleet_id = $1) AS groups,
       (SELECT text FROM f) AS fleet`,
    [fleetId, at],
  );
  return row!;
}

export async function markerColumns(
  db: Queryable,
  fleetId: string,
  at: Date,
  query: MarkersQuery,
  vehicleNumbers: string,
  slice: { part: number; parts: number },
) {
  const { params, fleet, now, where } = markerSelection(fleetId, at, query);
  if (slice.parts > 1) where.push(`b.id % ${slice.parts} = ${slice.part}`);
  const scale = MARKER_COORDINATE_SCALE;
  const [row] = await db.query<MarkerColumns>(
    `WITH gi AS (
      SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS idx
        FROM fleet_group WHERE fleet_id = ${fleet})
    SELECT count(*) AS n,
      (SELECT string_agg('"' || id || '"', ',' ORDER BY idx) FROM gi) AS groups,
      ${vehicleNumbers} AS vn,
      string_agg(round(b.latitude * ${scale})::bigint::text, ',') AS lat,
      string_agg(round(b.longitude * ${scale})::bigint::text, ',') AS lon,
      string_agg((${STATE_SQL})::text, ',') AS state,
      string_agg(coalesce(gi.idx::text, 'null'), ',') AS grp
    FROM ${bikeFrom(fleet, now)} LEFT JOIN gi ON gi.id = b.group_id
    WHERE ${where.join(' AND ')}`,
    params.values,
  );
  return row;
}

// The fleet module's SQL of the markers (ADR 0021): one columnar document the database
// assembles, each bike's state packed in one integer, and the version behind its ETag.
import {
  MARKER_COORDINATE_SCALE,
  MARKER_FLAG_GROUPS,
  MARKER_FLAG_VALUES,
  MARKER_STATE_FIELDS,
  type MarkerStateField,
  type MarkersQuery,
} from '@vfm/contract';
import type { Queryable } from '../../../db/client';
import { bikeFrom } from '../../bikes/queries/bike-from';
import { SqlParams } from '../../bikes/sql';
import { warningBitsSql } from '../../bikes/queries/warnings';
import { filterConditions } from '../filters';

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

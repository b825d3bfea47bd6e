// GET fleet/markers (DESIGN §5, SPEC §7, ADR 0021): the map's payload for up to 100,000 bikes.
// The JSON text is assembled by the database (one aggregate per column) so that no row object
// is ever built in Node; the ETag is a hash of that text.
import { createHash } from 'node:crypto';
import {
  ACTIVITY_STATUSES,
  AVAILABILITIES,
  IOT_MODES,
  MARKER_COORDINATE_SCALE,
  MARKER_FLAG_GROUPS,
  MARKER_STATE_SHIFT,
  THEFT_STATES,
  type MarkersQuery,
} from '@vfm/contract';
import { bikeFrom } from '../bikes/bike-view';
import type { RequestScope } from '../../lib/request-scope';
import { SqlParams } from '../bikes/sql';
import { warningBitsSql } from '../bikes/warnings-sql';
import { filterConditions } from './filters';

type Flag = (typeof MARKER_FLAG_GROUPS)[keyof typeof MARKER_FLAG_GROUPS][number];

/** The value each flag stands for, per group of SPEC §7. */
const FLAG_VALUES: Record<Flag, string> = {
  isReportedTheft: 'REPORTED',
  isSuspectedTheft: 'SUSPECTED',
  isNotReportedOrSuspectedTheft: 'NONE',
  isParked: 'PARKED',
  isMoving: 'MOVING',
  isAvailable: 'AVAILABLE',
  isInOperation: 'IN_OPERATION',
  inTransit: 'TRANSIT',
  out: 'OUT',
};
const GROUP_COLUMNS = {
  theft: 'b.theft_state',
  status: 'b.status',
  availability: 'b.availability',
};

/** `(CASE column WHEN values[0] THEN 0 … END) << shift`, constants of the contract only. */
const codeOf = (column: string, values: readonly string[], shift: number, offset = 0) =>
  `((CASE ${column} ${values.map((v, i) => `WHEN '${v}' THEN ${i + offset}`).join(' ')}
     ELSE 0 END) << ${shift})`;

const STATE_SQL = [
  warningBitsSql(),
  codeOf('b.status', ACTIVITY_STATUSES, MARKER_STATE_SHIFT.status),
  codeOf('b.availability', AVAILABILITIES, MARKER_STATE_SHIFT.availability),
  codeOf('b.theft_state', THEFT_STATES, MARKER_STATE_SHIFT.theft),
  codeOf('b.iot_mode', IOT_MODES, MARKER_STATE_SHIFT.iotMode, 1),
].join(' | ');

export interface MarkersAnswer {
  json: string;
  etag: string;
}

/** Flags default to true; within a group they are OR-ed, the groups are AND-ed (SPEC §7). */
function flagConditions(params: SqlParams, query: MarkersQuery): string[] {
  const conditions: string[] = [];
  for (const [group, flags] of Object.entries(MARKER_FLAG_GROUPS)) {
    const allowed = flags.filter((flag) => query[flag] !== false).map((f) => FLAG_VALUES[f]);
    if (allowed.length === flags.length) continue;
    const column = GROUP_COLUMNS[group as keyof typeof GROUP_COLUMNS];
    conditions.push(allowed.length ? `${column} = ANY(${params.add(allowed)}::text[])` : 'false');
  }
  return conditions;
}

interface MarkerColumns {
  n: number;
  groups: string | null;
  vn: string | null;
  lat: string | null;
  lon: string | null;
  state: string | null;
  grp: string | null;
}

// Frame numbers follow the SPEC §5 pattern and need no JSON escaping, so they are joined as
// they are; should one not (a bad import), the query runs again with proper escaping.
const VN_FAST = `'"' || string_agg(b.vehicle_number, '","') || '"'`;
const VN_ESCAPED = `string_agg(to_json(b.vehicle_number)::text, ',')`;
/** true when the fast join is valid JSON: no backslash, no control, exactly 2 quotes a bike */
function joinedSafely(text: string, count: number): boolean {
  let quotes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x5c) return false;
    if (code === 0x22) quotes += 1;
  }
  return quotes === 2 * count;
}

/**
 * PostgreSQL before 16 cannot aggregate strings in parallel, so the bikes are split into
 * PARTS interleaved slices aggregated on as many connections at once (measured: −20 % at
 * 100,000 bikes on 2 cores; docs/performance.md). PGlite runs one query at a time: one part.
 */
const PARTS = 2;

export async function getMarkers(scope: RequestScope, query: MarkersQuery): Promise<MarkersAnswer> {
  const parts = scope.database.kind === 'postgres' ? PARTS : 1;
  const rows = await Promise.all(
    Array.from({ length: parts }, async (_, part) => {
      const slice = { part, parts };
      const row = await queryMarkers(scope, query, VN_FAST, slice);
      return row?.vn && !joinedSafely(row.vn, row.n)
        ? queryMarkers(scope, query, VN_ESCAPED, slice)
        : row;
    }),
  );
  const column = (name: keyof Omit<MarkerColumns, 'n' | 'groups'>) =>
    rows
      .map((row) => row?.[name])
      .filter(Boolean)
      .join(',');
  const count = rows.reduce((sum, row) => sum + Number(row?.n ?? 0), 0);
  const json =
    `{"count":${count},"groups":[${rows[0]?.groups ?? ''}],"vehicleNumber":[${column('vn')}],` +
    `"latitude":[${column('lat')}],"longitude":[${column('lon')}],` +
    `"state":[${column('state')}],"group":[${column('grp')}]}`;
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

async function queryMarkers(
  scope: RequestScope,
  query: MarkersQuery,
  vehicleNumbers: string,
  slice: { part: number; parts: number },
) {
  const params = new SqlParams();
  const fleet = params.add(scope.fleetId);
  const now = params.add(scope.now);
  const where = [
    filterConditions(params, fleet, scope.fleetId, query),
    'b.latitude IS NOT NULL',
    'b.longitude IS NOT NULL',
    ...flagConditions(params, query),
  ];
  if (slice.parts > 1) where.push(`b.id % ${slice.parts} = ${slice.part}`);
  const scale = MARKER_COORDINATE_SCALE;
  const [row] = await scope.database.query<MarkerColumns>(
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

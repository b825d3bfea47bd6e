// GET fleet/markers (DESIGN §5, SPEC §7, ADR 0021): the map's payload for up to 100,000 bikes.
// The JSON text is assembled by the database (one aggregate per column) so that no row object
// is ever built in Node. The ETag comes from a version read from index edges and the fleet's
// change sequence (fleetVersion, ADR 0082), the same in every API process: an unchanged map
// answers 304 without being built, whichever process a browser reaches. One build at a time per fleet and query: a request arriving while one runs
// shares it (its answer is at most one build old, with that build's own ETag), so that
// managers opening the map together do not each aggregate 100,000 bikes.
import { createHash } from 'node:crypto';
import type { MarkersQuery } from '@vfm/contract';
import type { RequestScope } from '../../plugins/request-scope';
import { matchesEtag } from './etag';
import { fleetVersion, markerColumns, type MarkerColumns } from './queries';

export interface MarkersAnswer {
  etag: string;
  /** null: the client's copy (If-None-Match) is current */
  json: string | null;
}

interface Build {
  etag: string;
  json: Promise<string>;
  done: boolean;
}

/** The last build of each fleet and query, per database; at most CACHED of them. */
const CACHED = 8;
const builds = new WeakMap<object, Map<string, Build>>();

export async function getMarkers(
  scope: RequestScope,
  query: MarkersQuery,
  ifNoneMatch: string | undefined,
): Promise<MarkersAnswer> {
  const version = await fleetVersion(scope.database, scope.fleetId, scope.now);
  const etag = `"${createHash('sha1')
    .update(JSON.stringify([version, query]))
    .digest('base64url')}"`;
  if (matchesEtag(ifNoneMatch, etag)) return { etag, json: null };
  let cache = builds.get(scope.database);
  if (!cache) builds.set(scope.database, (cache = new Map()));
  const key = `${scope.fleetId} ${JSON.stringify(query)}`;
  const last = cache.get(key);
  if (last && (last.etag === etag || !last.done)) {
    return { etag: last.etag, json: await last.json };
  }
  const build: Build = { etag, json: buildMarkers(scope, query), done: false };
  cache.delete(key);
  cache.set(key, build);
  if (cache.size > CACHED) cache.delete(cache.keys().next().value!);
  try {
    return { etag, json: await build.json };
  } catch (error) {
    if (cache.get(key) === build) cache.delete(key);
    throw error;
  } finally {
    build.done = true;
  }
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

async function buildMarkers(scope: RequestScope, query: MarkersQuery): Promise<string> {
  const parts = scope.database.kind === 'postgres' ? PARTS : 1;
  const rows = await Promise.all(
    Array.from({ length: parts }, async (_, part) => {
      const slice = { part, parts };
      const row = await markerColumns(
        scope.database,
        scope.fleetId,
        scope.now,
        query,
        VN_FAST,
        slice,
      );
      return row?.vn && !joinedSafely(row.vn, row.n)
        ? markerColumns(scope.database, scope.fleetId, scope.now, query, VN_ESCAPED, slice)
        : row;
    }),
  );
  const column = (name: keyof Omit<MarkerColumns, 'n' | 'groups'>) =>
    rows
      .map((row) => row?.[name])
      .filter(Boolean)
      .join(',');
  const count = rows.reduce((sum, row) => sum + Number(row?.n ?? 0), 0);
  return (
    `{"count":${count},"groups":[${rows[0]?.groups ?? ''}],"vehicleNumber":[${column('vn')}],` +
    `"latitude":[${column('lat')}],"longitude":[${column('lon')}],` +
    `"state":[${column('state')}],"group":[${column('grp')}]}`
  );
}

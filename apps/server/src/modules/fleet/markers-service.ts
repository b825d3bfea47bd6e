// GET fleet/markers (DESIGN §5, SPEC §7, ADR 0021, ADR 0114): the map's payload for up to 100,000
// bikes. The JSON text is assembled by the database (one aggregate per column) so that no row
// object is ever built in Node. The ETag comes from a version read from index edges and the
// fleet's change sequence (fleetVersion, ADR 0082), the same in every API process.
//
// A snapshot per fleet and filter (ADR 0114): its version is read at most once per
// `markersSnapshotMs` (1 s), it is built only when that version moved, and compressed once per
// encoding — whatever the number of clients, a fleet changing 1,000 times a second costs one
// build and one compression a second, not one per request. An answer is then up to that old:
// it says how old (`x-markers-age`, ms) and the map completes it with the live stream's changes
// of that time. Requests arriving while a read or a build runs share it.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MarkersQuery } from '@vfm/contract';
import type { RequestScope } from '../../plugins/request-scope';
import { matchesEtag } from './etag';
import { fleetVersion, markerColumns, type MarkerColumns } from './queries';

export type MarkersEncoding = 'br' | 'gzip' | 'identity';

export interface MarkersAnswer {
  etag: string;
  /** null: the client's copy (If-None-Match) is current */
  body: Buffer | null;
  encoding: MarkersEncoding;
  /** how long ago the answer's version was read (ms) */
  ageMs: number;
}

interface Snapshot {
  etag: string;
  json: Buffer;
  /** when its version was last read and found the same (process clock, ms) */
  readAt: number;
  encoded: Map<Exclude<MarkersEncoding, 'identity'>, Promise<Buffer>>;
}

interface Entry {
  /** the version's ETag as last read, and when */
  etag: string | null;
  checkedAt: number;
  snapshot: Snapshot | null;
  /** the version read and the build under way, shared by the requests arriving meanwhile */
  reading: Promise<void> | null;
  building: Promise<void> | null;
}

/** answers smaller than this leave uncompressed (as @fastify/compress's threshold) */
const COMPRESS_FROM_BYTES = 1024;
/** The fastest levels: 3.4 MB of markers take ~35 ms at gzip 1 (~150 ms at 6), ~20 ms at br 1. */
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const ENCODE = {
  gzip: (json: Buffer) => gzip(json, { level: 1 }),
  br: (json: Buffer) =>
    brotli(json, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    }),
};

/** The snapshots of each fleet and query, per database; at most CACHED of them. */
const CACHED = 8;
const entries = new WeakMap<object, Map<string, Entry>>();
const clock = () => performance.now();

export async function getMarkers(
  scope: RequestScope,
  query: MarkersQuery,
  request: { ifNoneMatch: string | undefined; acceptEncoding: string | undefined },
  snapshotMs: number,
): Promise<MarkersAnswer> {
  const entry = entryOf(scope, query);
  // the version, read again once it is older than snapshotMs (one read at a time)
  if (entry.etag === null || clock() - entry.checkedAt >= snapshotMs) {
    await (entry.reading ??= settle(
      readVersion(scope, query, entry),
      () => (entry.reading = null),
    ));
  }
  const etag = entry.etag!;
  if (matchesEtag(request.ifNoneMatch, etag)) {
    return { etag, body: null, encoding: 'identity', ageMs: ageOf(entry.checkedAt) };
  }
  // built once per version (a build under way for an older one is waited for, then another)
  while (entry.snapshot?.etag !== entry.etag) {
    await (entry.building ??= settle(build(scope, query, entry), () => (entry.building = null)));
  }
  const snapshot = entry.snapshot!;
  const encoding =
    snapshot.json.length < COMPRESS_FROM_BYTES ? 'identity' : pickEncoding(request.acceptEncoding);
  const body = encoding === 'identity' ? snapshot.json : await encoded(snapshot, encoding);
  return { etag: snapshot.etag, body, encoding, ageMs: ageOf(snapshot.readAt) };
}

/** work, then `done` (whether it failed or not) */
const settle = (work: Promise<void>, done: () => void) => work.finally(done);

const ageOf = (since: number) => Math.max(0, Math.round(clock() - since));

function entryOf(scope: RequestScope, query: MarkersQuery): Entry {
  let cache = entries.get(scope.database);
  if (!cache) entries.set(scope.database, (cache = new Map()));
  const key = `${scope.fleetId} ${JSON.stringify(query)}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = { etag: null, checkedAt: 0, snapshot: null, reading: null, building: null };
    cache.set(key, entry);
    if (cache.size > CACHED) cache.delete(cache.keys().next().value!);
  }
  return entry;
}

async function readVersion(scope: RequestScope, query: MarkersQuery, entry: Entry) {
  const readAt = clock();
  const version = await fleetVersion(scope.database, scope.fleetId, scope.now);
  entry.etag = `"${createHash('sha1')
    .update(JSON.stringify([version, query]))
    .digest('base64url')}"`;
  entry.checkedAt = readAt;
  // unchanged: the snapshot is as new as this read
  if (entry.snapshot?.etag === entry.etag) entry.snapshot.readAt = readAt;
}

async function build(scope: RequestScope, query: MarkersQuery, entry: Entry) {
  const etag = entry.etag!;
  const readAt = entry.checkedAt;
  const json = Buffer.from(await buildMarkers(scope, query));
  entry.snapshot = { etag, json, readAt, encoded: new Map() };
}

function encoded(snapshot: Snapshot, encoding: Exclude<MarkersEncoding, 'identity'>) {
  let body = snapshot.encoded.get(encoding);
  if (!body) {
    body = ENCODE[encoding](snapshot.json);
    snapshot.encoded.set(encoding, body);
    // a failed compression is tried again by the next request
    body.catch(() => snapshot.encoded.delete(encoding));
  }
  return body;
}

/** br, else gzip, else the JSON as is — as Accept-Encoding allows (RFC 9110 §12.5.3). */
export function pickEncoding(header: string | undefined): MarkersEncoding {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
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

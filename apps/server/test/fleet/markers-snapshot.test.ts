// fleet/markers as a snapshot (ADR 0114): its version read at most once per MARKERS_SNAPSHOT_MS,
// built once per version and compressed once per encoding whatever the number of clients; each
// answer says how old it is (x-markers-age) so that the map completes it from the stream.
import { MARKERS_AGE_HEADER, type Markers } from '@vfm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../../src/modules/fleet/markers-service';
import type { ApiClient } from '../helpers/api-client';
import { createBike } from '../helpers/bikes';
import { createFleetWithUsers } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

const SNAPSHOT_MS = 1500;
let t: TestServer;
let api: ApiClient;
let bikeId: number;

beforeAll(async () => {
  t = await startTestServer({ env: { MARKERS_SNAPSHOT_MS: String(SNAPSHOT_MS) } });
  const a = await createFleetWithUsers(t);
  api = t.api({ token: a.managerToken });
  // enough bikes for an answer over the compression threshold
  for (let i = 0; i < 40; i += 1) {
    const bike = await createBike(t, a.fleet, { latitude: 45 + i / 100, longitude: 5 });
    bikeId ??= bike.id;
  }
});
afterAll(() => t.close());

const get = (headers: Record<string, string> = {}) =>
  api.get<Markers>('fleet/markers', { headers: { 'accept-encoding': 'gzip', ...headers } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('fleet/markers snapshot', () => {
  it('answers from one snapshot until it is MARKERS_SNAPSHOT_MS old, saying its age', async () => {
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('vary')).toMatch(/accept-encoding/i);
    const age = Number(first.headers.get(MARKERS_AGE_HEADER));
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(SNAPSHOT_MS);
    const started = performance.now();

    // a bike moves: within the snapshot's time every client still gets the snapshot
    await t.server.database.query(
      `UPDATE bike SET latitude = 46.5, updated_at = now() WHERE id = $1`,
      [bikeId],
    );
    const clients = await Promise.all(Array.from({ length: 12 }, () => get()));
    if (performance.now() - started < SNAPSHOT_MS - 100) {
      for (const answer of clients) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get('etag')).toBe(first.headers.get('etag'));
        expect(answer.text).toBe(first.text);
        expect(Number(answer.headers.get(MARKERS_AGE_HEADER))).toBeLessThanOrEqual(SNAPSHOT_MS);
      }
    }
    // and If-None-Match of the snapshot is a 304 meanwhile
    const same = await get({ 'if-none-match': first.headers.get('etag')! });
    if (performance.now() - started < SNAPSHOT_MS - 100) expect(same.status).toBe(304);

    // once the snapshot is older than that, the next call reads the version again: a new one
    await sleep(SNAPSHOT_MS + 100);
    const after = await get();
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(after.body.latitude).not.toEqual(first.body.latitude);
    expect(Number(after.headers.get(MARKERS_AGE_HEADER))).toBeLessThan(SNAPSHOT_MS);
  });

  it('is compressed as Accept-Encoding allows: br, gzip, or not at all', async () => {
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get({ 'accept-encoding': 'br;q=0, gzip' });
    const plain = await get({ 'accept-encoding': 'identity' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    // the same markers under each encoding
    expect(br.body).toEqual(plain.body);
    expect(gzip.body).toEqual(plain.body);
  });

  it('picks the encoding by weight', () => {
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('')).toBe('identity');
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('GZIP')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, identity')).toBe('identity');
    expect(pickEncoding('deflate')).toBe('identity');
  });
});

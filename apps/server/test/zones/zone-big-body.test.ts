// A big zone import is read on the zones' thread, not on the API's (ADR 0141): the same answer
// as a small body's for every input — stored when good, and each kind of bad body refused with
// the same problem (status, code, fields) whether it is read inline or on the thread. A body is
// made big by a padding property the import's envelope allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import type { ApiClient } from '../helpers/api-client';
import { circleRing } from '../helpers/zones';

let t: TestServer;
let manager: ApiClient;
let fleetId: string;

/** over RAW_BODY_MIN_BYTES (64 KiB): read on the zones' thread */
const PAD = 'x'.repeat(70 * 1024);

beforeAll(async () => {
  t = await startTestServer();
  const fleet = await createFleetWithUsers(t);
  fleetId = fleet.fleet.id;
  manager = t.api({ token: fleet.managerToken });
});
afterAll(() => t.close());

const feature = (name: string, lon: number, corners = 40) => ({
  type: 'Feature',
  properties: { name, type: 'NO_PARKING' },
  geometry: { type: 'Polygon', coordinates: [circleRing(corners, lon, 45.7, 0.005)] },
});

/** the same import sent small and big, as text */
const both = (text: (pad: string) => string) =>
  Promise.all([
    manager.post('zones/import', undefined, { raw: text(''), contentType: 'application/json' }),
    manager.post('zones/import', undefined, { raw: text(PAD), contentType: 'application/json' }),
  ]);

const zoneCount = async () => {
  const [row] = await t.server.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM zone WHERE fleet_id = $1',
    [fleetId],
  );
  return row!.n;
};

describe('a big zone import', () => {
  it('is stored as a small one is, each zone named and counted', async () => {
    const corners = 4_000; // ≈ 90 KB of coordinates alone
    const body = {
      type: 'FeatureCollection',
      features: [feature('Big one', 4.8, corners), feature('Big two', 4.85, corners)],
    };
    expect(JSON.stringify(body).length).toBeGreaterThan(64 * 1024);
    const answer = await manager.post('zones/import', body);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.created).toBe(2);
    expect(answer.body.content.map((z: { name: string }) => z.name)).toEqual([
      'Big one',
      'Big two',
    ]);
    const ring = body.features[0]!.geometry.coordinates[0]!;
    expect(answer.body.content[0].vertexCount).toBe(ring.length);
    const full = await manager.get(`zones/${answer.body.content[0].id}`);
    expect(full.body.geometry.coordinates[0]).toEqual(ring);
    expect(await zoneCount()).toBe(2);
  });

  it('refuses each kind of bad body with the problem a small body gets, storing nothing', async () => {
    const before = await zoneCount();
    const good = (pad: string) => ({
      type: 'FeatureCollection',
      pad,
      features: [feature('A', 4.9)],
    });
    const cases: Array<[string, (pad: string) => string, number, string]> = [
      [
        'not JSON',
        (pad) => `{"pad": "${pad}", "type": "FeatureCollection", "features": [`,
        400,
        'CTP_INVALID_JSON_BODY',
      ],
      [
        'not a FeatureCollection',
        (pad) => JSON.stringify({ ...good(pad), type: 'Feature', features: [] }),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a non-finite corner',
        (pad) => JSON.stringify(good(pad)).replace(/\[(4\.9\d*),/, '[1e999,'),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a poisoned prototype',
        (pad) => JSON.stringify(good(pad)).replace('{"type"', '{"__proto__": {"x": 1}, "type"'),
        400,
        'CTP_INVALID_JSON_BODY',
      ],
      [
        'a bad zone',
        (pad) =>
          JSON.stringify({
            ...good(pad),
            features: [
              { ...feature('Bad', 4.95), geometry: { type: 'Point', coordinates: [1, 2] } },
            ],
          }),
        400,
        'VALIDATION_FAILED',
      ],
    ];
    for (const [what, text, status, code] of cases) {
      const [small, big] = await both(text);
      expect(small.status, `${what}: ${small.text}`).toBe(status);
      expect(small.body.code, what).toBe(code);
      expect(small.headers.get('content-type')).toContain('application/problem+json');
      expect(
        {
          status: big.status,
          code: big.body.code,
          detail: big.body.detail,
          errors: big.body.errors,
        },
        what,
      ).toEqual({
        status: small.status,
        code: small.body.code,
        detail: small.body.detail,
        errors: small.body.errors,
      });
    }
    expect(await zoneCount()).toBe(before);
  });

  it('counts its corners against the fleet before reading its zones', async () => {
    const t2 = await startTestServer({ env: { ZONE_WRITE_CORNERS_PER_10_MIN: '1000' } });
    try {
      const fleet = await createFleetWithUsers(t2);
      const api = t2.api({ token: fleet.managerToken });
      const refused = await api.post('zones/import', {
        type: 'FeatureCollection',
        features: [feature('Too many', 4.8, 4_000)],
      });
      expect(refused.status, refused.text).toBe(429);
      expect(refused.body.code).toBe('ZONE_WRITE_RATE');
    } finally {
      await t2.close();
    }
  });
});

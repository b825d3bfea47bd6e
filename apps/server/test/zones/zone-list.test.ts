// GET zones light for the map (ADR 0119): each zone's geometry as the map draws it by default
// (at most ZONE_MAP_VERTICES_MAX corners, flagged `simplified`), the whole geometry with
// `geometry=full` and from GET zones/{id}; a zone written before the map's column is
// simplified when read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZONE_MAP_VERTICES_MAX, ZoneListSchema, vertexCount } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import { expectShape } from '../helpers/contract';
import type { ApiClient } from '../helpers/api-client';
import { circleRing, squareRing, zigZagRing } from '../helpers/zones';

let t: TestServer;
let manager: ApiClient;
const polygon = (ring: number[][]) => ({ type: 'Polygon', coordinates: [ring] });
const big = polygon(zigZagRing(2_499, 4.8, 45.5));
const round = polygon(circleRing(4_000, 4.85, 45.75, 0.01));
const small = polygon(squareRing(4.9, 45.7, 0.01));
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  manager = t.api({ token: (await createFleetWithUsers(t)).managerToken });
  for (const [name, geometry] of Object.entries({ Big: big, Round: round, Small: small })) {
    const res = await manager.post('zones', { name, type: 'NO_PARKING', geometry });
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    ids[name] = res.body.id;
  }
});
afterAll(() => t.close());

type Listed = { name: string; geometry: { coordinates: number[][][] }; simplified?: boolean };
const byName = (body: { content: Listed[] }) =>
  Object.fromEntries(body.content.map((zone) => [zone.name, zone]));

describe('GET zones', () => {
  it('answers each geometry as the map draws it: big zones simplified, small ones whole', async () => {
    const res = await manager.get('zones');
    expect(res.status).toBe(200);
    expectShape(ZoneListSchema, res.body);
    const zones = byName(res.body);
    expect(zones.Big).toMatchObject({ simplified: true, vertexCount: 9_999 });
    expect(vertexCount(zones.Big!.geometry as never)).toBeLessThanOrEqual(ZONE_MAP_VERTICES_MAX);
    expect(zones.Round!.simplified).toBe(true);
    expect(vertexCount(zones.Round!.geometry as never)).toBeLessThan(500);
    expect(zones.Small).toMatchObject({ simplified: false, geometry: small });
  });

  it('is a small fraction of the whole geometries, which geometry=full and GET zones/{id} answer', async () => {
    const light = await manager.get('zones');
    const full = await manager.get('zones', { query: { geometry: 'full' } });
    expect(full.status).toBe(200);
    expectShape(ZoneListSchema, full.body);
    expect(byName(full.body).Big!.geometry).toEqual(big);
    expect(light.text.length * 10).toBeLessThan(full.text.length);
    const one = await manager.get(`zones/${ids.Round}`);
    expect(one.body.geometry).toEqual(round);
    expect(one.body.simplified).toBeUndefined();
    expect((await manager.get('zones', { query: { geometry: 'none' } })).status).toBe(400);
  });

  it('simplifies when read a zone written before the map geometry was kept', async () => {
    await t.server.database.query('UPDATE zone SET map_geometry = NULL WHERE id = $1', [ids.Big]);
    const zones = byName((await manager.get('zones')).body);
    expect(zones.Big!.simplified).toBe(true);
    expect(vertexCount(zones.Big!.geometry as never)).toBeLessThanOrEqual(ZONE_MAP_VERTICES_MAX);
  });

  it('keeps the map geometry with each change of the zone', async () => {
    const current = (await manager.get(`zones/${ids.Small}`)).body;
    const res = await manager.put(`zones/${ids.Small}`, {
      name: 'Small',
      type: 'NO_PARKING',
      geometry: round,
      version: current.version,
    });
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    const zones = byName((await manager.get('zones')).body);
    expect(zones.Small!.simplified).toBe(true);
    expect(zones.Small!.geometry).toEqual(zones.Round!.geometry);
  });
});

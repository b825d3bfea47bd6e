// zones (ADR 0084): a fleet's zones created, read, replaced, deleted and imported
// through the API; geometry and rules refused with a 400 naming the problem (never a 500);
// a stale version is a 409; another fleet's zone is a 404; every change is audited; a bike's
// zones come from its last position.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../helpers/sse';
import { BikeZonesSchema, ZoneListSchema, ZoneOccupancySchema, ZoneSchema } from '@vfm/contract';
import type { TestServer } from '../helpers/server';
import { createFleetWithUsers, twoFleets, type FleetCast } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';
import { squareRing } from '../helpers/zones';

let t: TestServer, cast: FleetCast, other: FleetCast;

const square = squareRing;
const polygon = (ring = square(4.8, 45.7, 0.1)) => ({ type: 'Polygon', coordinates: [ring] });
const zone = (overrides: Record<string, unknown> = {}) => ({
  name: 'Centre',
  type: 'SERVICE_AREA',
  geometry: polygon(),
  ...overrides,
});

beforeAll(async () => {
  ({ t, cast, other } = await twoFleets(createFleetWithUsers));
  await createBike(t, cast.fleet, { vehicle_number: 'ZON-1', latitude: 45.75, longitude: 4.85 });
  await createBike(t, cast.fleet, { vehicle_number: 'ZON-2', latitude: 46.2, longitude: 4.85 });
});
afterAll(() => t.close());

const admin = () => t.api({ token: cast.adminToken });
const manager = () => t.api({ token: cast.managerToken });
const otherManager = () => t.api({ token: other.managerToken });

describe('zones', () => {
  let id: string;

  it('creates a zone with the default colour of its type, lists it and reads it', async () => {
    const res = await manager().post('zones', zone({ minBikes: 2, maxBikes: 40 }));
    expect(res.status, res.text).toBe(201);
    expectShape(ZoneSchema, res.body);
    expect(res.body).toMatchObject({
      name: 'Centre',
      type: 'SERVICE_AREA',
      colour: '#2563eb',
      version: 1,
      vertexCount: 5,
      minBikes: 2,
      maxBikes: 40,
      activeHours: null,
    });
    expect(res.body.bbox).toEqual([4.8, 45.7, 4.8 + 0.1, 45.7 + 0.1]);
    id = res.body.id;

    const list = await admin().get('zones');
    expect(list.status).toBe(200);
    expectShape(ZoneListSchema, list.body);
    expect(list.body.content.map((z: { id: string }) => z.id)).toEqual([id]);
    expect((await manager().get(`zones/${id}`)).body.geometry).toEqual(polygon());
  });

  it("keeps another fleet's zones out of sight: 404, never changed", async () => {
    expect((await otherManager().get(`zones/${id}`)).status).toBe(404);
    expect((await otherManager().get('zones')).body.content).toEqual([]);
    const put = await otherManager().put(`zones/${id}`, { ...zone(), version: 1 });
    expect(put.status).toBe(404);
    expect((await otherManager().delete(`zones/${id}`)).status).toBe(404);
    expect((await manager().get('zones/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('replaces a zone at its version, and refuses a stale version with a 409', async () => {
    const res = await manager().put(`zones/${id}`, {
      ...zone({ name: 'Centre-ville', type: 'SLOW', maxSpeedKmh: 15 }),
      version: 1,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: 'Centre-ville', version: 2, maxSpeedKmh: 15 });
    const stale = await admin().put(`zones/${id}`, { ...zone({ name: 'Lost' }), version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('ZONE_CHANGED');
    expect((await manager().get(`zones/${id}`)).body.name).toBe('Centre-ville');
    expect((await manager().delete(`zones/${id}`, { query: { version: 1 } })).status).toBe(409);
  });

  it('refuses bad geometry and rules with a 400 naming the problem, never a 500', async () => {
    const bowTie = [
      [4.8, 45.7],
      [4.9, 45.8],
      [4.9, 45.7],
      [4.8, 45.8],
      [4.8, 45.7],
    ];
    const bad: Array<[unknown, RegExp]> = [
      [zone({ geometry: polygon(square(4.8, 45.7, 0.1).slice(0, 4)) }), /not closed/],
      [zone({ geometry: polygon(bowTie) }), /crosses itself/],
      [zone({ geometry: polygon(square(200, 45, 1)) }), /longitude/],
      [
        zone({
          geometry: polygon([
            [0, 0],
            [1, 1],
            [0, 0],
          ]),
        }),
        /at least 4 positions/,
      ],
      [zone({ geometry: { type: 'Point', coordinates: [4.8, 45.7] } }), /geometry/],
      [zone({ geometry: { type: 'Polygon', coordinates: 'x' } }), /geometry/],
      [zone({ type: 'SLOW' }), /maximum speed/],
      [zone({ maxSpeedKmh: 20 }), /only a slow zone/],
      [zone({ minBikes: 5, maxBikes: 2 }), /maxBikes/],
      [zone({ colour: 'red' }), /colour/],
      [zone({ name: '' }), /name/],
      [
        zone({
          activeHours: { from: '08:00', to: '20:00', days: ['MON'], timeZone: 'Mars/Olympus' },
        }),
        /time zone/,
      ],
      [
        zone({ activeHours: { from: '25:00', to: '20:00', days: ['MON'], timeZone: 'UTC' } }),
        /from/,
      ],
    ];
    for (const [body, expected] of bad) {
      const res = await manager().post('zones', body);
      expect(res.status, res.text).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(JSON.stringify(res.body)).toMatch(expected);
    }
    const huge = Array.from({ length: 10_001 }, (_, i) => {
      const a = (i / 10_001) * 2 * Math.PI;
      return [4.8 + Math.cos(a) / 100, 45.7 + Math.sin(a) / 100];
    });
    huge.push(huge[0]!);
    const res = await manager().post('zones', zone({ geometry: polygon(huge) }));
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/10000/);
    expect((await manager().get('zones')).body.content).toHaveLength(1);
  });

  it('imports a FeatureCollection all or nothing, naming the bad feature', async () => {
    const features = [
      {
        type: 'Feature',
        properties: { name: 'Gare', type: 'NO_PARKING' },
        geometry: polygon(square(4.86, 45.74, 0.01)),
      },
      { type: 'Feature', properties: null, geometry: polygon(square(5, 46, 0.01)) },
    ];
    const refused = await manager().post('zones/import', {
      type: 'FeatureCollection',
      features: [...features, { type: 'Feature', geometry: { type: 'LineString' } }],
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.errors[0].field).toMatch(/^features\/2\/geometry/);
    expect((await manager().get('zones')).body.content).toHaveLength(1);

    const res = await manager().post('zones/import', { type: 'FeatureCollection', features });
    expect(res.status, res.text).toBe(201);
    expect(res.body.created).toBe(2);
    expect(res.body.content.map((z: { name: string; type: string }) => [z.name, z.type])).toEqual([
      ['Gare', 'NO_PARKING'],
      ['Zone 2', 'SERVICE_AREA'],
    ]);
    expect((await manager().post('zones/import', { type: 'x' })).status).toBe(400);
  });

  it('tells the zones a bike stands in, and whether it is outside the service area', async () => {
    await manager().post(
      'zones',
      zone({ name: 'Lyon', geometry: polygon(square(4.7, 45.6, 0.3)) }),
    );
    const inside = await manager().get('products/details/zones/ZON-1');
    expect(inside.status, inside.text).toBe(200);
    expectShape(BikeZonesSchema, inside.body);
    expect(inside.body.outsideServiceArea).toBe(false);
    expect(inside.body.zones.map((z: { name: string }) => z.name).sort()).toEqual([
      'Centre-ville',
      'Lyon',
    ]);
    const outside = await manager().get('products/details/zones/ZON-2');
    expect(outside.body).toMatchObject({ outsideServiceArea: true, zones: [] });
    expect((await otherManager().get('products/details/zones/ZON-1')).status).toBe(404);
  });

  it('counts the bikes standing in each zone and flags a crossed cap', async () => {
    const zones = (await manager().get('zones')).body.content as Array<{
      id: string;
      name: string;
    }>;
    const lyon = zones.find((z) => z.name === 'Lyon')!;
    await manager().put(`zones/${lyon.id}`, {
      ...zone({ name: 'Lyon', geometry: polygon(square(4.7, 45.6, 0.3)), maxBikes: 0 }),
      version: 1,
    });
    const res = await manager().get('zones/occupancy');
    expect(res.status, res.text).toBe(200);
    expectShape(ZoneOccupancySchema, res.body);
    expect(res.body.content.find((o: { zoneId: string }) => o.zoneId === lyon.id)).toEqual({
      zoneId: lyon.id,
      bikes: 1,
      parked: 1,
      belowMinimum: false,
      aboveMaximum: true,
      capAlert: null,
    });
    expect((await otherManager().get('zones/occupancy')).body.content).toEqual([]);
  });

  it('deletes a zone, and every change is an audited event', async () => {
    expect((await manager().delete(`zones/${id}`, { query: { version: 2 } })).status).toBe(204);
    expect((await manager().get(`zones/${id}`)).status).toBe(404);
    expect((await manager().delete(`zones/${id}`)).status).toBe(404);
    const events = await t.server.database.query<{ name: string; data: { id: string } }>(
      `SELECT name, data FROM event WHERE fleet_id = $1 AND name LIKE 'ZONE_%' ORDER BY id`,
      [cast.fleet.id],
    );
    expect(events.filter((e) => e.data.id === id).map((e) => e.name)).toEqual([
      'ZONE_CREATED',
      'ZONE_UPDATED',
      'ZONE_DELETED',
    ]);
    const activity = await admin().get('fleet/events', { query: { kind: 'zones' } });
    expect(activity.status, activity.text).toBe(200);
    expect(activity.body.content.length).toBeGreaterThanOrEqual(5);
  });

  it("tells the fleet's open streams that its zones changed, and no other fleet's", async () => {
    const mine = await openStream(t, cast.managerToken);
    const theirs = await openStream(t, other.managerToken);
    try {
      const created = await manager().post('zones', zone({ name: 'Live' }));
      expect(created.status, created.text).toBe(201);
      await mine.next((frame) => frame.event === 'zones', 10_000);
      expect((await manager().delete(`zones/${created.body.id}`)).status).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(mine.frames.filter((frame) => frame.event === 'zones').length).toBeGreaterThan(0);
      expect(theirs.frames.filter((frame) => frame.event === 'zones')).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('is documented in the OpenAPI document, every answer with its schema', async () => {
    const spec = (await t.api().get('/api/docs/json')).body;
    const path = (p: string) => spec.paths[`/api/wf/rest/v1/${p}`];
    expect(Object.keys(path('zones')).sort()).toEqual(['get', 'post']);
    expect(Object.keys(path('zones/{id}')).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(path('zones/import'))).toEqual(['post']);
    expect(Object.keys(path('zones').post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '409']),
    );
    expect(Object.keys(path('zones/{id}').put.responses)).toEqual(
      expect.arrayContaining(['200', '400', '404', '409']),
    );
    expect(path('zones/{id}').delete.responses['204']).toBeDefined();
  });
});

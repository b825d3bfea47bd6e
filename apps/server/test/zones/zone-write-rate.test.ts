// How fast a fleet may write zone corners (ADR 0119): a fleet that rewrites its zones over and
// over would hold the cores every fleet shares, so its corners written are counted per 10
// minutes (ZONE_WRITE_CORNERS_PER_10_MIN; 1,000 here): past them a create, a replacement or an
// import is refused at once with 429, Retry-After and a detail in the caller's language,
// nothing stored; another fleet writes on; deleting costs nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import type { ApiClient } from '../helpers/api-client';
import { circleRing } from '../helpers/zones';

let t: TestServer;
let manager: ApiClient;
let managerFr: ApiClient;
let otherManager: ApiClient;

const zone = (name: string, corners: number, lon = 4.8) => ({
  name,
  type: 'NO_PARKING',
  geometry: { type: 'Polygon', coordinates: [circleRing(corners, lon, 45.7, 0.01)] },
});

beforeAll(async () => {
  t = await startTestServer({ env: { ZONE_WRITE_CORNERS_PER_10_MIN: '1000' } });
  const fleet = await createFleetWithUsers(t);
  manager = t.api({ token: fleet.managerToken });
  managerFr = t.api({ token: fleet.managerToken, language: 'fr' });
  otherManager = t.api({ token: (await createFleetWithUsers(t)).managerToken });
});
afterAll(() => t.close());

const zoneNames = async (api: ApiClient) =>
  ((await api.get('zones')).body.content as Array<{ name: string }>).map((z) => z.name).sort();

describe('the corners a fleet may write', () => {
  it('takes writes up to the rate, then refuses at once with 429 and Retry-After', async () => {
    expect((await manager.post('zones', zone('First', 600))).status).toBe(201);
    const refused = await manager.post('zones', zone('Second', 600, 4.85));
    expect(refused.status, refused.text).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body.code).toBe('ZONE_WRITE_RATE');
    expect(refused.body.detail).toMatch(/600 corners .*1,000 corners per 10 minutes/);
    // 200 corners short at 100 corners a minute: about two minutes
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(100);
    expect(await zoneNames(manager)).toEqual(['First']);

    const imported = await manager.post('zones/import', {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Third', type: 'NO_PARKING' },
          geometry: zone('x', 600).geometry,
        },
      ],
    });
    expect(imported.status).toBe(429);
    const french = await managerFr.post('zones', zone('Quatre', 600, 4.9));
    expect(french.status).toBe(429);
    expect(french.body.detail).toMatch(/sommets par 10 minutes/);
    expect(await zoneNames(manager)).toEqual(['First']);
  });

  it("leaves another fleet's writes and any deletion alone", async () => {
    expect((await otherManager.post('zones', zone('Elsewhere', 600))).status).toBe(201);
    const [first] = (await manager.get('zones')).body.content as Array<{ id: string }>;
    expect((await manager.delete(`zones/${first!.id}`)).status).toBe(204);
  });
});

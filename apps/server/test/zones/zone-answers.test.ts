// What a zone write answers (ADR 0125): create and replace answer the zone as the map draws
// it (`simplified`), an import names the zones made without any geometry — never the whole
// geometry echoed back; `GET zones/{id}` still answers it whole. Big zones are checked on the
// zones' thread: a bad one is the same 400 naming its field as inline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZoneImportResultSchema, ZoneSchema, vertexCount } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import { expectShape } from '../helpers/contract';
import type { ApiClient } from '../helpers/api-client';
import { circleRing, squareRing, zigZagRing } from '../helpers/zones';

let t: TestServer;
let manager: ApiClient;

const polygon = (ring: number[][]) => ({ type: 'Polygon', coordinates: [ring] });
/** 3,000 corners: over the inline limit, so checked on the thread */
const bigRing = circleRing(3_000, 4.8, 45.7, 0.05);

beforeAll(async () => {
  t = await startTestServer();
  manager = t.api({ token: (await createFleetWithUsers(t)).managerToken });
});
afterAll(() => t.close());

describe('the answers of zone writes', () => {
  it('answers a big zone created or replaced as the map draws it; reads it whole', async () => {
    const created = await manager.post('zones', {
      name: 'Big',
      type: 'SERVICE_AREA',
      geometry: polygon(bigRing),
    });
    expect(created.status, created.text.slice(0, 300)).toBe(201);
    expectShape(ZoneSchema, created.body);
    expect(created.body).toMatchObject({ name: 'Big', vertexCount: 3_000, simplified: true });
    expect(vertexCount(created.body.geometry)).toBeLessThanOrEqual(500);
    expect(created.text.length).toBeLessThan(30_000);
    const whole = await manager.get(`zones/${created.body.id}`);
    expect(whole.body.geometry).toEqual(polygon(bigRing));

    const replaced = await manager.put(`zones/${created.body.id}`, {
      name: 'Big again',
      type: 'SERVICE_AREA',
      geometry: polygon(circleRing(2_000, 4.8, 45.7, 0.06)),
      version: created.body.version,
    });
    expect(replaced.status, replaced.text.slice(0, 300)).toBe(200);
    expectShape(ZoneSchema, replaced.body);
    expect(replaced.body).toMatchObject({ version: 2, vertexCount: 2_000, simplified: true });
    expect(vertexCount(replaced.body.geometry)).toBeLessThanOrEqual(500);
    expect((await manager.get(`zones/${created.body.id}`)).body.vertexCount).toBe(2_000);

    // a small zone is answered whole, not flagged
    const small = await manager.post('zones', {
      name: 'Small',
      type: 'NO_PARKING',
      geometry: polygon(squareRing(4.8, 45.7, 0.01)),
    });
    expect(small.status).toBe(201);
    expect(small.body).toMatchObject({
      geometry: polygon(squareRing(4.8, 45.7, 0.01)),
      simplified: false,
    });
  });

  it('answers an import with the zones made, no geometry', async () => {
    const res = await manager.post('zones/import', {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'Ring' }, geometry: polygon(bigRing) },
        {
          type: 'Feature',
          properties: { name: 'Square', type: 'NO_RIDE' },
          geometry: polygon(squareRing(4.9, 45.8, 0.01)),
        },
      ],
    });
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    expectShape(ZoneImportResultSchema, res.body);
    expect(res.body.created).toBe(2);
    expect(res.body.content).toEqual([
      {
        id: expect.any(String),
        name: 'Ring',
        type: 'SERVICE_AREA',
        vertexCount: 3_000,
        simplified: true,
        version: 1,
      },
      {
        id: expect.any(String),
        name: 'Square',
        type: 'NO_RIDE',
        vertexCount: 5,
        simplified: false,
        version: 1,
      },
    ]);
    expect(res.text).not.toContain('coordinates');
    const whole = await manager.get(`zones/${res.body.content[0].id}`);
    expect(whole.body.geometry).toEqual(polygon(bigRing));
  });

  it('refuses a big bad zone checked on the thread with the 400 that names it', async () => {
    const comb = zigZagRing(400, 5, 46);
    // a tooth pulled across its neighbours: the ring crosses itself
    comb[10] = [5.2, 46.3];
    const res = await manager.post('zones/import', {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'Fine' }, geometry: polygon(bigRing) },
        { type: 'Feature', properties: { name: 'Crossed' }, geometry: polygon(comb) },
      ],
    });
    expect(res.status, res.text.slice(0, 300)).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.errors[0].field).toMatch(/^features\/1\/geometry/);
    expect(res.body.detail).toMatch(/nothing was imported/);
    const created = await manager.post('zones', {
      name: 'Crossed',
      type: 'NO_PARKING',
      geometry: polygon(comb),
    });
    expect(created.status).toBe(400);
    expect(created.body.errors[0].field).toMatch(/^geometry\/coordinates/);
  });
});

// Errors raised outside the routes (router, HTTP parser, validator coercion) are problem+json
// 4xx answers too, never a 500 or Fastify's own JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetWithUsers, oneFleet, type FleetCast } from '../helpers/factories';
import type { TestServer } from '../helpers/server';

let t: TestServer, cast: FleetCast;
beforeAll(async () => ({ t, cast } = await oneFleet(createFleetWithUsers)));
afterAll(() => t.close());

const manager = () => t.api({ token: cast.managerToken });

const isProblem = (res: { headers: Headers }) =>
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);

describe('framework errors', () => {
  it('answers a path parameter over the router limit with a problem', async () => {
    const res = await manager().get(`products/details/${'A'.repeat(300)}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    isProblem(res);
  });

  it('answers headers over 64 KiB with 431 problem+json', async () => {
    const res = await manager().get('fleet/list', { query: { q: 'x'.repeat(70_000) } });
    expect(res.status).toBe(431);
    isProblem(res);
    expect(res.body.code).toBe('HEADERS_TOO_LARGE');
  });

  it('accepts a bulk list of 1000 full-length frame numbers in the query string', async () => {
    const numbers = Array.from({ length: 1000 }, (_, i) => `${'F'.repeat(40)}${i}`.slice(-45));
    const res = await manager().put('products/availability', undefined, {
      query: { vehicleNumbers: numbers, availability: 'OUT' },
    });
    expect(res.status).toBe(404); // unknown bikes, named: the list itself got through
    expect(res.body.missing).toHaveLength(1000);
  });

  it('refuses numbers that coerce to Infinity, in the query and in a JSON body', async () => {
    const query = await manager().get('fleet/list', { query: { page: '1e309' } });
    expect(query.status).toBe(400);
    isProblem(query);
    const body = await manager().request('PUT', 'users/whoever/settings', {
      raw: '{"applicationName":"VFM","distanceUnit":"KM","language":"fr","x":1e309}',
      contentType: 'application/json',
    });
    expect(body.status).toBeGreaterThanOrEqual(400);
    expect(body.status).toBeLessThan(500);
  });
});

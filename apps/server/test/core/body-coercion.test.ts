// docs/operations.md, ADR 0078: a JSON body says what type each value is, so it is never coerced —
// `true` was stored as a 1 % battery threshold, `[5]` as 5. The query string is text and keeps
// its coercion (page=1 is the number 1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import type { ApiClient } from '../helpers/api-client';

let t: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  t = await startTestServer();
  admin = t.api({ token: (await createFleetWithUsers(t)).adminToken });
});
afterAll(() => t.close());

describe('request bodies are not coerced', () => {
  it.each([true, [5], '5', null])('fleet/settings refuses %j as a percentage', async (value) => {
    const res = await admin.put('fleet/settings', { lowVehicleBatteryPercent: value });
    expect(res.status, res.text).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect(res.body.errors[0].field).toBe('lowVehicleBatteryPercent');
    expect((await admin.get('fleet/settings')).body.lowVehicleBatteryPercent).toBe(20);
  });

  it('a number is taken as it is', async () => {
    const res = await admin.put('fleet/settings', { lowVehicleBatteryPercent: 25 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.lowVehicleBatteryPercent).toBe(25);
  });
});

describe('query strings are', () => {
  it('page=1&size=5 are numbers', async () => {
    const res = await admin.get('fleet/events', { query: { page: 1, size: 5 } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.page).toBe(1);
    expect(res.body.size).toBe(5);
  });
});

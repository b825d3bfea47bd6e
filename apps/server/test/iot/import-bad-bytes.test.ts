// A bad byte in one line of a bike import (DESIGN §5 per-line errors): that line is reported
// with its number, the valid lines are imported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetWithUsers, oneFleet, type FleetCast } from '../helpers/factories';
import { count } from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';

let t: TestServer, cast: FleetCast;
beforeAll(async () => ({ t, cast } = await oneFleet(createFleetWithUsers)));
afterAll(() => t.close());

const importCsv = (csv: string) =>
  t
    .api({ token: cast.adminToken })
    .request('POST', 'fleet/admin/vehicles', { raw: csv, contentType: 'text/csv' });

describe('a NUL or control byte in a cell', () => {
  it.each([
    ['model', 'NUL-1,NC-1,,City\u000028,'],
    ['group', 'NUL-1,NC-1,,City 28,Lyon\u0000Nord'],
    ['model', 'NUL-1,NC-1,,City\u000728,'],
  ])('reports the line (%s) and imports the others', async (column, bad) => {
    const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
    const csv = [
      'vehicleNumber,bikeCode,moduleId,model,group',
      `OK-A${suffix},OKA${suffix},,City 28,`,
      bad.replaceAll('1', suffix),
      `OK-B${suffix},OKB${suffix},,City 28,`,
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(2);
    expect(res.body.errors).toEqual([
      {
        line: 3,
        message: `${column} contains a control character (byte 0x${bad.includes('\u0007') ? '07' : '00'})`,
      },
    ]);
    expect(
      await count(t, "bike WHERE vehicle_number LIKE 'OK-%' AND fleet_id = $1", [cast.fleet.id]),
    ).toBeGreaterThanOrEqual(2);
  });
});

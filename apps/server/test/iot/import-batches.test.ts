// A large bike import runs in bounded batches (ADR 0040): each batch commits on its own, so
// other requests and module messages are served between them instead of after the whole file;
// within a batch the lines still behave as if applied one after the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetWithUsers, oneFleet, type FleetCast } from '../helpers/factories';
import { count } from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';
import { IMPORT_BATCH_LINES } from '../../src/modules/provisioning/provisioning-service';

let t: TestServer;
let cast: FleetCast, other: FleetCast;
beforeAll(async () => {
  ({ t, cast } = await oneFleet(createFleetWithUsers));
  other = await createFleetWithUsers(t, 'Other fleet');
});
afterAll(() => t.close());

const importCsv = (lines: string[]) =>
  t.api({ token: cast.adminToken }).request('POST', 'fleet/admin/vehicles', {
    raw: ['vehicleNumber,bikeCode,moduleId,model,group', ...lines].join('\n'),
    contentType: 'text/csv',
  });

describe('import in batches', () => {
  it('commits batch after batch: others read the first bikes while the file is still going', async () => {
    const total = IMPORT_BATCH_LINES * 6;
    const lines = Array.from({ length: total }, (_, i) => {
      const id = i.toString(36).toUpperCase().padStart(5, '0');
      return `BATCH-${i},CODE-${i},Z${id},City 28,Batch ${i % 7}`;
    });
    let settled = false;
    const running = importCsv(lines).finally(() => (settled = true));
    const seen: Array<{ bikes: number; settled: boolean }> = [];
    for (;;) {
      const bikes = await count(t, 'bike WHERE fleet_id = $1', [cast.fleet.id]);
      seen.push({ bikes, settled });
      if (settled || bikes >= total) break;
      // another fleet's request is answered in the middle of the import
      const res = await t.api({ token: other.adminToken }).get('fleet/statistics');
      expect(res.status).toBe(200);
    }
    const res = await running;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: total, updated: 0, errors: [] });
    expect(res.body.modules).toHaveLength(total);
    expect(seen.some((s) => s.bikes > 0 && s.bikes < total && !s.settled)).toBe(true);
    expect(
      await count(t, 'module_credential m JOIN bike b ON b.id = m.bike_id WHERE b.fleet_id = $1', [
        cast.fleet.id,
      ]),
    ).toBe(total);
    expect(await count(t, "event WHERE fleet_id = $1 AND name = 'PAIRED'", [cast.fleet.id])).toBe(
      total,
    );
    expect(await count(t, 'fleet_group WHERE fleet_id = $1', [cast.fleet.id])).toBe(7);
  });

  it('lets a later line take an identifier an earlier line of the same batch frees', async () => {
    const first = await importCsv(['SWAP-A,SWAP-CA,Y00001,City,', 'SWAP-B,SWAP-CB,Y00002,City,']);
    expect(first.body).toMatchObject({ created: 2, errors: [] });
    const res = await importCsv([
      'SWAP-A,SWAP-CC,Y00003,City,', // frees code SWAP-CA and module Y00001
      'SWAP-N,SWAP-CB,,City,', // SWAP-CB is still SWAP-B's when this line comes: refused
      'SWAP-B,SWAP-CA,Y00001,City,', // takes what SWAP-A freed
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      created: 0,
      updated: 2,
      errors: [{ line: 3, message: 'bikeCode SWAP-CB is already used by another bike' }],
    });
    const rows = await t.server.database.query<{
      vehicle_number: string;
      bike_code: string;
      module_id: string;
    }>(
      `SELECT vehicle_number, bike_code, module_id FROM bike WHERE vehicle_number LIKE 'SWAP-%' ORDER BY 1`,
    );
    expect(rows).toEqual([
      { vehicle_number: 'SWAP-A', bike_code: 'SWAP-CC', module_id: 'Y00003' },
      { vehicle_number: 'SWAP-B', bike_code: 'SWAP-CA', module_id: 'Y00001' },
    ]);
  });
});

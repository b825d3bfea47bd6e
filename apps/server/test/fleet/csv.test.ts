// fleet/list/csv and fleet/vehicles/csv (DESIGN §5): streamed, localised headers, the user's
// distance unit, formula injection neutralised, the vehicles file in the import format,
// the caller's fleet only, the list filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createAccount, createFleetWithUsers, tokenFor } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { createGroup } from '../helpers/fleet-data';
import { parseCsv } from '../helpers/csv';
import { csvCell } from '@vfm/contract/csv';
import type { ApiClient } from '../helpers/api-client';

let t: TestServer;
let api: ApiClient;
let milesApi: ApiClient;

beforeAll(async () => {
  t = await startTestServer();
  const a = await createFleetWithUsers(t);
  const b = await createFleetWithUsers(t);
  api = t.api({ token: a.managerToken });
  const milesUser = await createAccount(t, a.fleet);
  await t.server.database.query(
    "INSERT INTO user_settings (account_id, application_name, distance_unit) VALUES ($1, 'VFM', 'MI')",
    [milesUser.id],
  );
  milesApi = t.api({ token: await tokenFor(t, milesUser) });
  const group = await createGroup(t, a.fleet, '=HYPERLINK("http://evil.example","x")');
  await createBike(t, a.fleet, {
    vehicle_number: '-AB1',
    bike_code: 'BC-1',
    module_id: 'A00001',
    model: '@SUM(1+1)',
    group_id: group.id,
    total_km: 16.09344,
    latitude: -33.5,
    availability: 'OUT',
  });
  await createBike(t, a.fleet, {
    vehicle_number: 'CSV-2',
    bike_code: 'BC-2',
    module_id: null,
    model: 'City, "deluxe"',
    total_km: 0,
  });
  await createBike(t, b.fleet, { vehicle_number: 'CSV-FOREIGN' });
});
afterAll(() => t.close());

describe('csv cells', () => {
  it('neutralises formulas but keeps identifiers and numbers', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+33 6 12')).toBe("'+33 6 12");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3+cmd|x')).toBe("'-2+3+cmd|x");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('-AB1')).toBe('-AB1');
    expect(csvCell(-33.5)).toBe('-33.5');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('');
    expect(csvCell(false)).toBe('false');
  });
});

describe('GET fleet/list/csv', () => {
  it('streams the fleet with headers in the request language', async () => {
    const res = await api.with({ language: 'de' }).get('fleet/list/csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="fleet-list-/);
    const rows = parseCsv(res.text);
    expect(rows[0]!.slice(0, 3)).toEqual(['Rahmennummer', 'Fahrradcode', 'IoT-Modul']);
    expect(rows[0]).toContain('Gesamtstrecke (km)');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['-AB1', 'CSV-2']);
    const fr = parseCsv(
      (await api.with({ language: 'fr-FR,fr;q=0.9' }).get('fleet/list/csv')).text,
    );
    expect(fr[0]![0]).toBe('Numéro de cadre');
    const en = parseCsv((await api.with({ language: 'en' }).get('fleet/list/csv')).text);
    expect(en[0]![0]).toBe('Frame number');
    // a language of the shared layer only: the default (fr)
    const es = parseCsv((await api.with({ language: 'es' }).get('fleet/list/csv')).text);
    expect(es[0]![0]).toBe('Numéro de cadre');
  });

  it('neutralises cells that a spreadsheet would run as formulas', async () => {
    const res = await api.with({ language: 'en' }).get('fleet/list/csv');
    const [header, first] = parseCsv(res.text);
    const cell = (name: string) => first![header!.indexOf(name)];
    expect(cell('Model')).toBe("'@SUM(1+1)");
    expect(cell('Group')).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(cell('Frame number')).toBe('-AB1');
    expect(cell('Latitude')).toBe('-33.5');
    expect(cell('Availability')).toBe('OUT');
  });

  it('writes distances in the user’s unit', async () => {
    const km = parseCsv((await api.with({ language: 'en' }).get('fleet/list/csv')).text);
    const mi = parseCsv((await milesApi.with({ language: 'en' }).get('fleet/list/csv')).text);
    expect(km[1]![km[0]!.indexOf('Total distance (km)')]).toBe('16.093');
    expect(mi[1]![mi[0]!.indexOf('Total distance (mi)')]).toBe('10');
  });

  it('applies the list filters and refuses bad ones', async () => {
    const res = await api.get('fleet/list/csv', { query: { availability: 'OUT' } });
    expect(
      parseCsv(res.text)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['-AB1']);
    expect((await api.get('fleet/list/csv', { query: { availability: 'X' } })).status).toBe(400);
    expect((await api.get('fleet/list/csv', { query: { sort: 'totalKm' } })).status).toBe(400);
  });

  it('streams more bikes than one read batch', async () => {
    const [fleet] = await t.server.database.query<{ fleet_id: string }>(
      "SELECT fleet_id FROM bike WHERE vehicle_number = 'CSV-2'",
    );
    await t.server.database.query(
      `INSERT INTO bike (fleet_id, vehicle_number, bike_code)
       SELECT $1, 'BULK-' || lpad(i::text, 5, '0'), 'BULKC-' || i FROM generate_series(1, 4500) i`,
      [fleet!.fleet_id],
    );
    const res = await api.get('fleet/vehicles/csv', { query: { q: 'BULK-' } });
    const rows = parseCsv(res.text);
    expect(rows).toHaveLength(4501);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(4500);
    expect(rows[1]![0]).toBe('BULK-00001');
    expect(rows[4500]![0]).toBe('BULK-04500');
    await t.server.database.query("DELETE FROM bike WHERE vehicle_number LIKE 'BULK-%'");
  });
});

describe('GET fleet/vehicles/csv', () => {
  it('writes the import format, re-importable as is', async () => {
    const res = await api.with({ language: 'de' }).get('fleet/vehicles/csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/fleet-vehicles-/);
    expect(res.text.startsWith('vehicleNumber,bikeCode,moduleId,model,group\r\n')).toBe(true);
    expect(parseCsv(res.text)).toEqual([
      ['vehicleNumber', 'bikeCode', 'moduleId', 'model', 'group'],
      ['-AB1', 'BC-1', 'A00001', "'@SUM(1+1)", '\'=HYPERLINK("http://evil.example","x")'],
      ['CSV-2', 'BC-2', '', 'City, "deluxe"', ''],
    ]);
    expect(res.text).not.toContain('CSV-FOREIGN');
  });
});

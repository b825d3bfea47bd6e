// Bike provisioning (DESIGN §2, §5): CSV import with per-line errors and module secrets shown
// once; removal from the fleet, after which the module can no longer connect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetWithUsers, oneFleet, type FleetCast } from '../helpers/factories';
import { createBike, randomModuleId } from '../helpers/bikes';
import { brokerUrlOf, connectModule, count, tryConnect, waitFor } from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';

let t: TestServer, cast: FleetCast;
// the embedded broker: removal must close the module's connection
beforeAll(async () => ({ t, cast } = await oneFleet(createFleetWithUsers)));
afterAll(() => t.close());

const admin = () => t.api({ token: cast.adminToken });
const importCsv = (csv: string, token = cast.adminToken, contentType = 'text/csv') =>
  t.api({ token }).request('POST', 'fleet/admin/vehicles', { raw: csv, contentType });
let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(n += 1)}`;

describe('POST fleet/admin/vehicles', () => {
  it('creates bikes, groups and module credentials; secrets are shown once and work', async () => {
    const [vn1, vn2] = [unique('VA'), unique('VB')];
    const [m1, m2] = [randomModuleId(), randomModuleId()];
    const csv = [
      'vehicleNumber,bikeCode,moduleId,model,group',
      `${vn1},${unique('BC')},${m1},City 28,Lyon Nord`,
      `${vn2},${unique('BC')},${m2},"Cargo, long",Lyon Nord`,
      `${unique('VC')},${unique('BC')},,Kids,`,
    ].join('\r\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 3, updated: 0, errors: [] });
    expect(res.body.modules.map((m: { moduleId: string }) => m.moduleId).sort()).toEqual(
      [m1, m2].sort(),
    );

    const bikes = await t.server.database.query<Record<string, any>>(
      `SELECT b.vehicle_number, b.model, b.module_id, g.name AS group_name, b.speed_limit
         FROM bike b LEFT JOIN fleet_group g ON g.id = b.group_id
        WHERE b.fleet_id = $1 ORDER BY b.vehicle_number`,
      [cast.fleet.id],
    );
    expect(bikes.filter((b) => b.group_name === 'Lyon Nord')).toHaveLength(2);
    expect(bikes.find((b) => b.vehicle_number === vn2)).toMatchObject({
      model: 'Cargo, long',
      speed_limit: 25,
    });
    expect(
      await count(t, "fleet_group WHERE fleet_id = $1 AND name = 'Lyon Nord'", [cast.fleet.id]),
    ).toBe(1);

    // stored hashed (Mosquitto's PBKDF2 format), never in clear
    const [credential] = await t.server.database.query<{ secret_hash: string }>(
      'SELECT secret_hash FROM module_credential WHERE module_id = $1',
      [m1],
    );
    const secret = res.body.modules.find((m: { moduleId: string }) => m.moduleId === m1).secret;
    expect(credential!.secret_hash).toMatch(/^\$7\$101\$/);
    expect(credential!.secret_hash).not.toContain(secret);
    const client = await connectModule(brokerUrlOf(t), m1, secret);
    await client.endAsync();

    // audit trail: PAIRED with the admin's e-mail
    const events = await t.server.database.query<Record<string, any>>(
      "SELECT vehicle_number, user_email, data FROM event WHERE name = 'PAIRED' AND fleet_id = $1",
      [cast.fleet.id],
    );
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ user_email: cast.admin.email, data: { action: 'IMPORT' } });

    // re-importing the same file updates and issues no secret
    const again = await importCsv(csv);
    expect(again.body).toMatchObject({ created: 0, updated: 3, errors: [], modules: [] });
  });

  it('reports errors per line and applies the valid lines', async () => {
    const other = await createFleetWithUsers(t);
    const foreign = await createBike(t, other.fleet);
    const taken = await createBike(t, cast.fleet);
    const good = unique('OK');
    const dup = unique('DUP');
    const csv = [
      'group,model,moduleId,bikeCode,vehicleNumber', // any column order
      `G1,M,${randomModuleId()},${unique('BC')},${good}`,
      `G1,M,,${unique('BC')},bad number`,
      `G1,M,lower1,${unique('BC')},${unique('V')}`,
      `G1,M,,bad code!,${unique('V')}`,
      `G1,M,,${unique('BC')},${foreign.vehicleNumber}`,
      `G1,M,,${taken.bikeCode},${unique('V')}`,
      `G1,M,${taken.moduleId},${unique('BC')},${unique('V')}`,
      `G1,M,,${unique('BC')},${dup}`,
      `G1,M,,${unique('BC')},${dup}`,
      '"G1,M',
    ].join('\n');
    const res = await importCsv(csv.replace(/\n"G1,M$/, ''));
    expect(res.status).toBe(200);
    // another fleet's vehicle number is free in this one (numbers are per fleet, ADR 0043)
    expect(res.body.created).toBe(3);
    expect(res.body.errors.map((e: { line: number }) => e.line)).toEqual([3, 4, 5, 7, 8, 10]);
    const messages = res.body.errors.map((e: { message: string }) => e.message);
    expect(messages[0]).toMatch(/vehicleNumber/);
    expect(messages[1]).toMatch(/moduleId/);
    expect(messages[2]).toMatch(/bikeCode/);
    expect(messages[3]).toMatch(/bikeCode .* already used/);
    expect(messages[4]).toMatch(/paired with another bike/);
    expect(messages[5]).toMatch(/appears twice/);
    expect(await count(t, 'bike WHERE vehicle_number = $1', [good])).toBe(1);

    const broken = await importCsv(csv);
    expect(broken.status).toBe(400);
  });

  it('re-pairing a bike with another module revokes the old one', async () => {
    const vn = unique('RP');
    const code = unique('BC');
    const [oldModule, newModule] = [randomModuleId(), randomModuleId()];
    const first = await importCsv(
      `vehicleNumber,bikeCode,moduleId,model,group\n${vn},${code},${oldModule},M,`,
    );
    const oldSecret = first.body.modules[0].secret;
    const client = await connectModule(brokerUrlOf(t), oldModule, oldSecret);
    const gone = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const second = await importCsv(
      `vehicleNumber,bikeCode,moduleId,model,group\n${vn},${code},${newModule},M,`,
    );
    expect(second.body).toMatchObject({ updated: 1, modules: [{ moduleId: newModule }] });
    await gone;
    expect(
      await tryConnect(brokerUrlOf(t), {
        clientId: oldModule,
        username: oldModule,
        password: oldSecret,
      }),
    ).not.toBeNull();
    await client.endAsync(true);
  });

  it('refuses a missing header column (400), a non-admin (403) and another content type (415)', async () => {
    const res = await importCsv('vehicleNumber,bikeCode,model\nA,B,C');
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/moduleId, group/);
    expect((await importCsv('', cast.adminToken)).status).toBe(400);
    const manager = await importCsv(
      'vehicleNumber,bikeCode,moduleId,model,group',
      cast.managerToken,
    );
    expect(manager.status).toBe(403);
    const json = await admin().post('fleet/admin/vehicles', { vehicleNumber: 'A' });
    expect(json.status).toBe(415);
    expect(json.headers.get('content-type')).toMatch(/problem\+json/);
  });
});

describe('DELETE fleet/admin/vehicles', () => {
  it('removes the bikes and disconnects their modules for good', async () => {
    const vn = unique('RM');
    const moduleId = randomModuleId();
    const imported = await importCsv(
      `vehicleNumber,bikeCode,moduleId,model,group\n${vn},${unique('BC')},${moduleId},M,`,
    );
    const secret = imported.body.modules[0].secret;
    const client = await connectModule(brokerUrlOf(t), moduleId, secret);
    const gone = new Promise<void>((resolve) => client.once('close', () => resolve()));

    const res = await admin().delete('fleet/admin/vehicles', { query: { vehicleNumbers: vn } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ removed: 1, vehicleNumbers: [vn] });
    await gone;
    await waitFor(async () =>
      Boolean(
        await tryConnect(brokerUrlOf(t), {
          clientId: moduleId,
          username: moduleId,
          password: secret,
        }),
      ),
    );
    expect(await count(t, 'bike WHERE vehicle_number = $1', [vn])).toBe(0);
    expect(await count(t, 'module_credential WHERE module_id = $1', [moduleId])).toBe(0);
    const [event] = await t.server.database.query<Record<string, any>>(
      "SELECT bike_id, user_email, data FROM event WHERE vehicle_number = $1 AND name = 'UNPAIRED'",
      [vn],
    );
    expect(event).toMatchObject({
      bike_id: null,
      user_email: cast.admin.email,
      data: { moduleId, action: 'REMOVED' },
    });
    await client.endAsync(true);
  });

  it('is all or nothing: unknown or foreign numbers are a 404 naming them', async () => {
    const mine = await createBike(t, cast.fleet);
    const other = await createFleetWithUsers(t);
    const foreign = await createBike(t, other.fleet);
    const res = await admin().delete('fleet/admin/vehicles', {
      query: { vehicleNumbers: [mine.vehicleNumber, foreign.vehicleNumber, 'GHOST-1'] },
    });
    expect(res.status).toBe(404);
    expect(res.body.missing).toEqual([foreign.vehicleNumber, 'GHOST-1']);
    expect(await count(t, 'bike WHERE id = $1', [mine.id])).toBe(1);
    const manager = await t.api({ token: cast.managerToken }).delete('fleet/admin/vehicles', {
      query: { vehicleNumbers: mine.vehicleNumber },
    });
    expect(manager.status).toBe(403);
    const bad = await admin().delete('fleet/admin/vehicles', {
      query: { vehicleNumbers: 'bad number' },
    });
    expect(bad.status).toBe(400);
  });
});

// docs/tasks.md: maintenance schedules — every N km, N days or N charge cycles, per vehicle type
// and/or group; the sweep opens one REPAIR task per bike due, and finishing it starts the
// bike's next period. On PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MaintenanceScheduleListSchema, MaintenanceScheduleSchema, type Task } from '@vfm/contract';
import type { TestServer } from '../helpers/server';
import { createFleetWithTechnician, twoFleets, type TechnicianCast } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { createGroup } from '../helpers/fleet-data';
import { expectShape } from '../helpers/contract';
import { sweepMaintenance } from '../../src/modules/maintenance/service';

const DAY = 86_400_000;
let t: TestServer, cast: TechnicianCast, other: TechnicianCast;
beforeAll(async () => ({ t, cast, other } = await twoFleets(createFleetWithTechnician)));
afterAll(() => t.close());

const manager = () => t.api({ token: cast.managerToken });
const technician = () => t.api({ token: cast.technicianToken });
const sweep = (at: Date) => sweepMaintenance(t.server.database, at, cast.fleet.id);

async function maintenanceTasks(vehicleNumber: string): Promise<Task[]> {
  const res = await manager().get('tasks', { query: { vehicleNumber, status: 'all' } });
  return (res.body.content as Task[]).filter((task) => task.cause === 'MAINTENANCE_DUE');
}

async function ride(bikeId: number, km: number) {
  await t.server.database.query(
    'UPDATE bike SET odometer_km = coalesce(odometer_km, 0) + $2 WHERE id = $1',
    [bikeId, km],
  );
}

describe('maintenance schedules', () => {
  it('opens a repair every N km for a vehicle type, once, and again after it was done', async () => {
    const cargo = await createBike(t, cast.fleet, { model: 'Cargo 7', odometer_km: 1000 });
    const city = await createBike(t, cast.fleet, { model: 'City 28', odometer_km: 1000 });
    const created = await manager().post('maintenance/schedules', {
      name: 'Cargo brakes',
      model: 'Cargo 7',
      everyKm: 500,
    });
    expect(created.status, created.text).toBe(201);
    expectShape(MaintenanceScheduleSchema, created.body);
    expect(created.body).toMatchObject({ name: 'Cargo brakes', everyKm: 500, bikes: 1, due: 0 });

    // the period starts when the schedule is made: nothing due yet
    expect(await sweep(t.clock.now())).toBe(0);
    await ride(cargo.id, 520);
    await ride(city.id, 900);
    expect(await sweep(t.clock.now())).toBe(1);
    expect(await sweep(t.clock.now())).toBe(0);
    const [task] = await maintenanceTasks(cargo.vehicleNumber);
    expect(task).toMatchObject({ kind: 'REPAIR', status: 'OPEN', notes: 'Cargo brakes' });
    expect(await maintenanceTasks(city.vehicleNumber)).toEqual([]);
    const detail = await manager().get(`tasks/${task!.id}`);
    expect(detail.body.history[0]).toMatchObject({
      action: 'CREATED',
      by: null,
      data: { cause: 'MAINTENANCE_DUE', schedule: 'Cargo brakes', km: 520 },
    });

    // done: the next period starts from the odometer of that moment
    expect((await technician().post(`tasks/${task!.id}/start`)).status).toBe(200);
    expect((await technician().post(`tasks/${task!.id}/finish`, {})).status).toBe(200);
    expect(await sweep(t.clock.now())).toBe(0);
    await ride(cargo.id, 499);
    expect(await sweep(t.clock.now())).toBe(0);
    await ride(cargo.id, 1);
    expect(await sweep(t.clock.now())).toBe(1);
    expect((await maintenanceTasks(cargo.vehicleNumber)).map((x) => x.status).sort()).toEqual([
      'DONE',
      'OPEN',
    ]);
  });

  it('opens a repair every N days for a group, and every N charge cycles', async () => {
    const group = await createGroup(t, cast.fleet, 'Depot Nord');
    const inGroup = await createBike(t, cast.fleet, { group_id: group.id, model: 'Vintage' });
    const cycled = await createBike(t, cast.fleet, {
      model: 'Cycler',
      battery_charge_cycles: 10,
    });
    expect(
      (
        await manager().post('maintenance/schedules', {
          name: 'Yearly',
          groupId: group.id,
          everyDays: 30,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await manager().post('maintenance/schedules', {
          name: 'Battery',
          model: 'Cycler',
          everyCycles: 50,
        })
      ).status,
    ).toBe(201);
    await sweep(t.clock.now());
    expect(await maintenanceTasks(inGroup.vehicleNumber)).toEqual([]);
    await sweep(new Date(t.clock.now().getTime() + 31 * DAY));
    expect(await maintenanceTasks(inGroup.vehicleNumber)).toHaveLength(1);

    await t.server.database.query('UPDATE bike SET battery_charge_cycles = 60 WHERE id = $1', [
      cycled.id,
    ]);
    await sweep(t.clock.now());
    expect(await maintenanceTasks(cycled.vehicleNumber)).toHaveLength(1);
    const list = await manager().get('maintenance/schedules');
    expectShape(MaintenanceScheduleListSchema, list.body);
    expect(list.body.content.find((s: { name: string }) => s.name === 'Battery')).toMatchObject({
      bikes: 1,
      due: 1,
    });
  });

  it("applies a group's schedule to the bikes of its sub-groups, not to its parent's", async () => {
    const region = await createGroup(t, cast.fleet, 'Region Sud');
    const depot = await createGroup(t, cast.fleet, 'Depot Sud', region);
    const bay = await createGroup(t, cast.fleet, 'Bay 3', depot);
    const sibling = await createGroup(t, cast.fleet, 'Depot Ouest', region);
    const inDepot = await createBike(t, cast.fleet, { group_id: depot.id, model: 'Sub' });
    const inBay = await createBike(t, cast.fleet, { group_id: bay.id, model: 'Sub' });
    const inRegion = await createBike(t, cast.fleet, { group_id: region.id, model: 'Sub' });
    const inSibling = await createBike(t, cast.fleet, { group_id: sibling.id, model: 'Sub' });
    const created = await manager().post('maintenance/schedules', {
      name: 'Depot Sud monthly',
      groupId: depot.id,
      everyDays: 30,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ bikes: 2 });
    await sweep(t.clock.now());
    await sweep(new Date(t.clock.now().getTime() + 31 * DAY));
    expect(await maintenanceTasks(inDepot.vehicleNumber)).toHaveLength(1);
    expect(await maintenanceTasks(inBay.vehicleNumber)).toHaveLength(1);
    expect(await maintenanceTasks(inRegion.vehicleNumber)).toEqual([]);
    expect(await maintenanceTasks(inSibling.vehicleNumber)).toEqual([]);
    const list = await manager().get('maintenance/schedules');
    expect(
      list.body.content.find((s: { name: string }) => s.name === 'Depot Sud monthly'),
    ).toMatchObject({ bikes: 2, due: 2 });
  });

  it('refuses a schedule without a period, or with a group of another fleet', async () => {
    const none = await manager().post('maintenance/schedules', { name: 'Nothing' });
    expect(none.status).toBe(400);
    const foreign = await createGroup(t, other.fleet, 'Elsewhere');
    const res = await manager().post('maintenance/schedules', {
      name: 'Theirs',
      groupId: foreign.id,
      everyDays: 10,
    });
    expect(res.status).toBe(404);
    const names = (await manager().get('maintenance/schedules')).body.content.map(
      (s: { name: string }) => s.name,
    );
    expect(names).not.toContain('Theirs');
  });

  it('is for managers: a technician neither reads nor changes the schedules', async () => {
    expect((await technician().get('maintenance/schedules')).status).toBe(403);
    const created = await manager().post('maintenance/schedules', { name: 'Tmp', everyDays: 5 });
    expect((await technician().delete(`maintenance/schedules/${created.body.id}`)).status).toBe(
      403,
    );
    expect((await manager().delete(`maintenance/schedules/${created.body.id}`)).status).toBe(204);
    expect(
      (
        await t
          .api({ token: other.managerToken })
          .delete(`maintenance/schedules/${created.body.id}`)
      ).status,
    ).toBe(404);
  });
});

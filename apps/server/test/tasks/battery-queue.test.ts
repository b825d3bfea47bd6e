// ADR 0100: the battery swap queue — the bikes that need a battery ranked by
// charge then range left, grouped into stops, nearest stop first with a position — and a swap
// recorded on a battery swap task updating the bike's battery record. Bad input refused with
// nothing changed. On PGlite and, with DATABASE_URL, on PostgreSQL.
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import {
  BatteryQueueSchema,
  ProblemSchema,
  TaskSchema,
  type BatteryQueue,
  type Task,
} from '@vfm/contract';
import type { TestServer } from '../helpers/server';
import { createFleetWithTechnician, twoFleets, type TechnicianCast } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';

let t: TestServer;
let cast: TechnicianCast, other: TechnicianCast;

// two stops 2 km apart: three bikes around the Louvre, one at the Bastille
const LOUVRE = { latitude: 48.8606, longitude: 2.3376 };
const BASTILLE = { latitude: 48.8532, longitude: 2.3692 };
let low: Record<'louvre5' | 'louvre12' | 'louvre12far' | 'bastille8' | 'full' | 'nowhere', BikeRow>;

beforeAll(async () => {
  ({ t, cast, other } = await twoFleets(createFleetWithTechnician));
  const bike = (level: number | null, autonomy: number | null, at: typeof LOUVRE | null) =>
    createBike(t, cast.fleet, {
      bike_battery_level: level,
      autonomy_km: autonomy,
      latitude: at?.latitude ?? null,
      longitude: at?.longitude ?? null,
      battery_number: 'BAT-OLD',
    });
  low = {
    louvre5: await bike(5, 3, LOUVRE),
    louvre12: await bike(12, 9, { latitude: LOUVRE.latitude + 0.001, longitude: LOUVRE.longitude }),
    louvre12far: await bike(12, 6, {
      latitude: LOUVRE.latitude,
      longitude: LOUVRE.longitude + 0.002,
    }),
    bastille8: await bike(8, 5, BASTILLE),
    full: await bike(90, 60, LOUVRE),
    nowhere: await bike(15, 10, null),
  };
  // a low bike of another fleet never shows
  await createBike(t, other.fleet, { bike_battery_level: 1 });
});
afterAll(() => t.close());

const technician = () => t.api({ token: cast.technicianToken });
const manager = () => t.api({ token: cast.managerToken });

async function queue(query: Record<string, string | number> = {}): Promise<BatteryQueue> {
  const res = await technician().get('tasks/battery-queue', { query });
  expect(res.status, res.text).toBe(200);
  expectShape(BatteryQueueSchema, res.body);
  return res.body;
}

describe('the battery swap queue', () => {
  it('ranks the bikes under the threshold by charge then range, in stops', async () => {
    const body = await queue();
    expect(body.maxLevel).toBe(20);
    expect(body.total).toBe(5);
    // ranks: 5 %, 8 %, 12 % with 6 km, 12 % with 9 km, 15 % (no position)
    const rankOf = Object.fromEntries(body.bikes.map((b) => [b.vehicleNumber, b.rank]));
    expect(rankOf).toEqual({
      [low.louvre5.vehicleNumber]: 1,
      [low.bastille8.vehicleNumber]: 2,
      [low.louvre12far.vehicleNumber]: 3,
      [low.louvre12.vehicleNumber]: 4,
      [low.nowhere.vehicleNumber]: 5,
    });
    // without a position: the stop of the most urgent bike first, its bikes by rank; the bike
    // without a position last, in no stop
    expect(body.groups.map((g) => g.bikes)).toEqual([3, 1]);
    expect(body.groups[0]).toMatchObject({ minLevel: 5, distanceMeters: null });
    expect(body.bikes.map((b) => [b.vehicleNumber, b.group])).toEqual([
      [low.louvre5.vehicleNumber, 0],
      [low.louvre12far.vehicleNumber, 0],
      [low.louvre12.vehicleNumber, 0],
      [low.bastille8.vehicleNumber, 1],
      [low.nowhere.vehicleNumber, null],
    ]);
    expect(body.bikes[0]).toMatchObject({
      bikeBatteryLevel: 5,
      autonomyKm: 3,
      batteryNumber: 'BAT-OLD',
      position: { latitude: LOUVRE.latitude, longitude: LOUVRE.longitude },
    });
  });

  it('puts the nearest stop first from the caller position, with distances', async () => {
    const body = await queue({ near: `${BASTILLE.latitude},${BASTILLE.longitude}` });
    expect(body.groups.map((g) => g.minLevel)).toEqual([8, 5]);
    expect(body.groups[0]!.distanceMeters).toBeLessThan(50);
    expect(body.groups[1]!.distanceMeters).toBeGreaterThan(2000);
    expect(body.bikes[0]).toMatchObject({ vehicleNumber: low.bastille8.vehicleNumber, group: 0 });
    expect(body.bikes[0]!.distanceMeters).toBeLessThan(50);
  });

  it('takes another threshold and a limit', async () => {
    const body = await queue({ maxLevel: 8, limit: 1 });
    // 2 bikes at 8 % or under — and more if the alerts' job has opened their swap tasks meanwhile
    expect(body.maxLevel).toBe(8);
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.bikes.map((b) => b.vehicleNumber)).toEqual([low.louvre5.vehicleNumber]);
    const all = await queue({ maxLevel: 8 });
    for (const bike of all.bikes) expect(bike.bikeBatteryLevel! <= 8 || bike.task).toBeTruthy();
  });

  it('lists a bike with a battery swap task whatever its charge, with the task', async () => {
    const res = await manager().post('tasks', {
      kind: 'BATTERY_SWAP',
      vehicleNumbers: [low.full.vehicleNumber],
      assigneeId: cast.technician.id,
    });
    expect(res.status, res.text).toBe(201);
    const body = await queue();
    const full = body.bikes.find((b) => b.vehicleNumber === low.full.vehicleNumber);
    expect(full).toMatchObject({
      rank: 6,
      task: { id: res.body.tasks[0].id, status: 'OPEN', assignee: { id: cast.technician.id } },
    });
    await manager().post(`tasks/${res.body.tasks[0].id}/cancel`, {});
    const after = await queue();
    expect(after.bikes.some((b) => b.vehicleNumber === low.full.vehicleNumber)).toBe(false);
  });

  it('refuses a bad query with a problem', async () => {
    for (const query of [{ maxLevel: 101 }, { near: 'here' }, { limit: 0 }, { limit: 501 }]) {
      const res = await technician().get('tasks/battery-queue', { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expectShape(ProblemSchema, res.body);
    }
  });
});

async function startedSwap(bike: BikeRow): Promise<Task> {
  const created = await manager().post('tasks', {
    kind: 'BATTERY_SWAP',
    vehicleNumbers: [bike.vehicleNumber],
  });
  expect(created.status, created.text).toBe(201);
  const started = await technician().post(`tasks/${created.body.tasks[0].id}/start`);
  expect(started.status, started.text).toBe(200);
  return started.body;
}

async function batteryOf(bike: BikeRow) {
  const [row] = await t.server.database.query<{
    bike_battery_level: number | null;
    battery_number: string | null;
    last_battery_change_date: Date | null;
    autonomy_km: number | null;
    low_vehicle_battery_since: Date | null;
  }>(
    `SELECT bike_battery_level, battery_number, last_battery_change_date, autonomy_km,
            low_vehicle_battery_since FROM bike WHERE id = $1`,
    [bike.id],
  );
  return row!;
}

describe('a swap recorded on a task', () => {
  it("updates the bike's battery record and leaves the queue", async () => {
    const bike = await createBike(t, cast.fleet, {
      bike_battery_level: 10,
      autonomy_km: 5,
      battery_number: 'BAT-1',
      low_vehicle_battery_since: new Date(Date.now() - 3_600_000),
    });
    const task = await startedSwap(bike);
    const res = await technician().post(`tasks/${task.id}/finish`, {
      batterySwap: { batteryLevel: 96, batteryNumber: 'BAT-2042' },
      comment: 'Swapped at the station',
    });
    expect(res.status, res.text).toBe(200);
    expectShape(TaskSchema, res.body);
    expect(res.body).toMatchObject({
      status: 'DONE',
      batterySwap: { batteryLevel: 96, batteryNumber: 'BAT-2042' },
    });
    const battery = await batteryOf(bike);
    expect(battery).toMatchObject({
      bike_battery_level: 96,
      battery_number: 'BAT-2042',
      low_vehicle_battery_since: null,
    });
    expect(battery.autonomy_km).toBeCloseTo(48);
    expect(Date.now() - battery.last_battery_change_date!.getTime()).toBeLessThan(60_000);
    const details = await technician().get(`products/details/${bike.vehicleNumber}`);
    expect(details.status).toBe(200);
    expect(JSON.stringify(details.body)).toContain('BAT-2042');
    const detail = await technician().get(`tasks/${task.id}`);
    expect(detail.body.history.at(-1)).toMatchObject({
      action: 'DONE',
      by: { id: cast.technician.id },
      data: { batterySwap: { batteryLevel: 96, batteryNumber: 'BAT-2042' } },
    });
    expect((await queue()).bikes.some((b) => b.vehicleNumber === bike.vehicleNumber)).toBe(false);
  });

  it('keeps the battery number when the swap names none', async () => {
    const bike = await createBike(t, cast.fleet, { bike_battery_level: 4, battery_number: 'B-7' });
    const task = await startedSwap(bike);
    const res = await technician().post(`tasks/${task.id}/finish`, {
      batterySwap: { batteryLevel: 100 },
    });
    expect(res.status, res.text).toBe(200);
    expect(await batteryOf(bike)).toMatchObject({ bike_battery_level: 100, battery_number: 'B-7' });
  });

  it('refuses a swap on another kind, a bad charge or battery number; nothing changes', async () => {
    const bike = await createBike(t, cast.fleet, { bike_battery_level: 9, battery_number: 'B-9' });
    const repair = await manager().post('tasks', {
      kind: 'REPAIR',
      vehicleNumbers: [bike.vehicleNumber],
    });
    const repairId = repair.body.tasks[0].id as string;
    await technician().post(`tasks/${repairId}/start`);
    const wrongKind = await technician().post(`tasks/${repairId}/finish`, {
      batterySwap: { batteryLevel: 90 },
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.code).toBe('TASK_SWAP_WRONG_KIND');
    const swap = await startedSwap(bike);
    for (const batterySwap of [
      { batteryLevel: 101 },
      { batteryLevel: -1 },
      { batteryLevel: 50.5 },
      { batteryLevel: 50, batteryNumber: 'has spaces' },
      { batteryNumber: 'B-10' },
    ]) {
      const res = await technician().post(`tasks/${swap.id}/finish`, { batterySwap });
      expect(res.status, JSON.stringify(batterySwap)).toBe(400);
      expectShape(ProblemSchema, res.body);
    }
    expect(await batteryOf(bike)).toMatchObject({ bike_battery_level: 9, battery_number: 'B-9' });
    const [row] = await t.server.database.query<{ status: string }>(
      'SELECT status FROM task WHERE id = ANY($1::uuid[]) ORDER BY status',
      [[repairId, swap.id]],
    );
    expect(row!.status).toBe('IN_PROGRESS');
  });

  it("cannot touch another fleet's task (404)", async () => {
    const theirs = await createBike(t, other.fleet, { bike_battery_level: 3 });
    const created = await t.api({ token: other.managerToken }).post('tasks', {
      kind: 'BATTERY_SWAP',
      vehicleNumbers: [theirs.vehicleNumber],
    });
    const res = await technician().post(`tasks/${created.body.tasks[0].id}/finish`, {
      batterySwap: { batteryLevel: 100 },
    });
    expect(res.status).toBe(404);
    expect(await batteryOf(theirs)).toMatchObject({ bike_battery_level: 3 });
  });
});

// docs/tasks.md: task statistics — opened and closed per day, the median time to close by kind
// and per technician — and their CSV; managers only; the fleet's own tasks only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskStatisticsSchema } from '@vfm/contract';
import type { TestServer } from '../helpers/server';
import { createFleetWithTechnician, twoFleets, type TechnicianCast } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';
import { parseCsv } from '../helpers/csv';

let t: TestServer, cast: TechnicianCast, other: TechnicianCast;
beforeAll(async () => ({ t, cast, other } = await twoFleets(createFleetWithTechnician)));
afterAll(() => t.close());

const manager = () => t.api({ token: cast.managerToken });
const technician = () => t.api({ token: cast.technicianToken });

/** a fixed UTC day, far from any midnight of the run */
const DAY = '2026-06-10';

async function doneTask(kind: string, minutes: number) {
  const bike = await createBike(t, cast.fleet);
  const created = await manager().post('tasks', { kind, vehicleNumbers: [bike.vehicleNumber] });
  const id = created.body.tasks[0].id as string;
  await technician().post(`tasks/${id}/start`);
  expect((await technician().post(`tasks/${id}/finish`, {})).status).toBe(200);
  // created at 08:00 of DAY, done `minutes` later
  await t.server.database.query(
    `UPDATE task SET created_at = $2::timestamptz,
            closed_at = $2::timestamptz + make_interval(mins => $3) WHERE id = $1`,
    [id, `${DAY}T08:00:00Z`, minutes],
  );
  return id;
}

describe('task statistics', () => {
  it('counts per day and gives the median time to close by kind and technician', async () => {
    await doneTask('BATTERY_SWAP', 30);
    await doneTask('BATTERY_SWAP', 90);
    await doneTask('BATTERY_SWAP', 60);
    await doneTask('INSPECT', 20);
    const open = await createBike(t, cast.fleet);
    const repair = await manager().post('tasks', {
      kind: 'REPAIR',
      vehicleNumbers: [open.vehicleNumber],
    });
    await t.server.database.query(`UPDATE task SET created_at = $2 WHERE id = $1`, [
      repair.body.tasks[0].id,
      `${DAY}T09:00:00Z`,
    ]);
    const foreign = await createBike(t, other.fleet);
    await t.api({ token: other.managerToken }).post('tasks', {
      kind: 'REPAIR',
      vehicleNumbers: [foreign.vehicleNumber],
    });

    const today = DAY;
    const res = await manager().get('tasks/statistics', { query: { from: today, to: today } });
    expect(res.status, res.text).toBe(200);
    expectShape(TaskStatisticsSchema, res.body);
    expect(res.body.perDay).toEqual([{ day: today, opened: 5, closed: 4 }]);
    const swap = res.body.byKind.find((k: { kind: string }) => k.kind === 'BATTERY_SWAP');
    expect(swap.done).toBe(3);
    expect(swap.medianMinutesToClose).toBeGreaterThanOrEqual(59.9);
    expect(swap.medianMinutesToClose).toBeLessThan(62);
    expect(res.body.byTechnician).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: cast.technician.id }),
        done: 4,
      }),
    ]);

    const csv = await manager().get('tasks/statistics/csv', { query: { from: today, to: today } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual(['day', 'opened', 'closed']);
    expect(rows[1]).toEqual([today, '5', '4']);
    expect(rows.some((row) => row[1] === cast.technician.email && row[2] === '4')).toBe(true);
  });

  it('defaults to the last 30 days, refuses more than a year or a period upside down', async () => {
    const res = await manager().get('tasks/statistics');
    expect(res.body.perDay).toHaveLength(30);
    const long = await manager().get('tasks/statistics', {
      query: { from: '2024-01-01', to: '2026-01-01' },
    });
    expect(long.status).toBe(400);
    const upside = await manager().get('tasks/statistics', {
      query: { from: '2026-02-01', to: '2026-01-01' },
    });
    expect(upside.status).toBe(400);
    expect((await manager().get('tasks/statistics', { query: { from: 'yesterday' } })).status).toBe(
      400,
    );
  });

  it('is for managers', async () => {
    expect((await technician().get('tasks/statistics')).status).toBe(403);
    expect((await technician().get('tasks/statistics/csv')).status).toBe(403);
  });
});

// ADR 0091: tasks that open by themselves. An alert with a cause opens its task
// through the jobs home (alert.opened → tasks.automate), once per bike and cause whatever the
// retries; the cause clearing before anyone started the task cancels it, and its history says
// so. On PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task, TaskDetail } from '@vfm/contract';
import type { TestServer } from '../helpers/server';
import { createFleetWithTechnician, oneFleet, type TechnicianCast } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { createAlert } from '../helpers/fleet-data';
import { eventually } from '../helpers/eventually';
import { reconcileBikes } from '../../src/modules/alerts/service';
import { automateTasks } from '../../src/modules/tasks/automation';
import type { EventJobData } from '../../src/jobs/domain-events';

let t: TestServer, cast: TechnicianCast;
beforeAll(async () => ({ t, cast } = await oneFleet(createFleetWithTechnician)));
afterAll(() => t.close());

const manager = () => t.api({ token: cast.managerToken });

async function tasksOf(vehicleNumber: string): Promise<Task[]> {
  const res = await manager().get('tasks', { query: { vehicleNumber, status: 'all' } });
  expect(res.status, res.text).toBe(200);
  return res.body.content;
}

async function historyOf(id: string): Promise<TaskDetail['history']> {
  return (await manager().get(`tasks/${id}`)).body.history;
}

const LOW = { bike_battery_level: 5, low_vehicle_battery_since: new Date() };
const CHARGED = { bike_battery_level: 95, low_vehicle_battery_since: null };

async function setBike(id: number, columns: Record<string, unknown>) {
  const names = Object.keys(columns);
  await t.server.database.query(
    `UPDATE bike SET ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')} WHERE id = $1`,
    [id, ...names.map((n) => columns[n])],
  );
}

/** An alert's event as the jobs home hands it to the automation. */
const alertEvent = (
  name: 'alert.opened' | 'alert.cleared',
  bike: { id: number; vehicleNumber: string },
  alertId: string,
  kind: string,
  publishedAt = new Date(),
) =>
  ({
    name,
    data: {
      fleetId: cast.fleet.id,
      bikeId: bike.id,
      vehicleNumber: bike.vehicleNumber,
      alertId,
      kind,
    },
    publishedAt: publishedAt.toISOString(),
  }) as EventJobData;

const reconcile = (bikeId: number) =>
  reconcileBikes(t.server.database, t.server.jobs, [bikeId], t.clock.now());

describe('automatic tasks', () => {
  it('opens a battery swap for a low battery, and cancels it when the battery is charged before anyone started', async () => {
    const bike = await createBike(t, cast.fleet, LOW);
    await reconcile(bike.id);
    const [task] = await eventually(
      async () => {
        const tasks = await tasksOf(bike.vehicleNumber);
        return tasks.length ? tasks : null;
      },
      { what: 'the automatic swap task' },
    );
    expect(task).toMatchObject({
      kind: 'BATTERY_SWAP',
      cause: 'LOW_VEHICLE_BATTERY',
      status: 'OPEN',
      priority: 'HIGH',
      createdBy: null,
    });

    await setBike(bike.id, CHARGED);
    await reconcile(bike.id);
    const cancelled = await eventually(
      async () => {
        const [now] = await tasksOf(bike.vehicleNumber);
        return now?.status === 'CANCELLED' ? now : null;
      },
      { what: 'the automatic cancellation' },
    );
    expect(cancelled.closedBy).toBeNull();
    const history = await historyOf(task!.id);
    expect(history.map((h) => h.action)).toEqual(['CREATED', 'AUTO_CANCELLED']);
    expect(history[1]).toMatchObject({
      by: null,
      data: { cause: 'LOW_VEHICLE_BATTERY', reason: 'CAUSE_CLEARED' },
    });
  });

  it('keeps a task somebody started when its cause clears', async () => {
    const bike = await createBike(t, cast.fleet, LOW);
    await reconcile(bike.id);
    const [task] = await eventually(async () => {
      const tasks = await tasksOf(bike.vehicleNumber);
      return tasks.length ? tasks : null;
    });
    const started = await t.api({ token: cast.technicianToken }).post(`tasks/${task!.id}/start`);
    expect(started.status).toBe(200);
    await setBike(bike.id, CHARGED);
    await reconcile(bike.id);
    // the cleared alert's job has run when the alert shows cleared and the queue is idle
    await eventually(async () => {
      const res = await manager().get('alerts', {
        query: { vehicleNumber: bike.vehicleNumber, state: 'CLEARED' },
      });
      return res.body.content.length ? true : null;
    });
    await eventually(
      async () => {
        const [row] = await t.server.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pgboss.job
          WHERE name = 'tasks.automate' AND state NOT IN ('completed')`,
        );
        return row!.n === 0 ? true : null;
      },
      { what: 'the automation jobs done' },
    );
    const [now] = await tasksOf(bike.vehicleNumber);
    expect(now).toMatchObject({ id: task!.id, status: 'IN_PROGRESS' });
  });

  it('opens one task per bike and cause however often the event is delivered', async () => {
    const bike = await createBike(t, cast.fleet);
    const alert = await createAlert(t, bike, 'SUSPECTED_THEFT');
    const event = alertEvent('alert.opened', bike, alert.id, 'SUSPECTED_THEFT');
    const runs = await Promise.all([
      automateTasks(t.server.database, [event], t.clock.now()),
      automateTasks(t.server.database, [event, event], t.clock.now()),
    ]);
    expect(runs.reduce((sum, r) => sum + r.opened, 0)).toBe(1);
    const tasks = await tasksOf(bike.vehicleNumber);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      kind: 'RECOVER',
      priority: 'URGENT',
      cause: 'SUSPECTED_THEFT',
    });
    expect(await historyOf(tasks[0]!.id)).toHaveLength(1);
  });

  it('opens nothing for an alert already cleared (a late or retried job), nor for other kinds', async () => {
    const bike = await createBike(t, cast.fleet);
    const cleared = await createAlert(t, bike, 'LACK_MODULE_COMM');
    await t.server.database.query(`UPDATE alert SET cleared_at = now() WHERE id = $1`, [
      cleared.id,
    ]);
    const zone = await createAlert(t, bike, 'OUTSIDE_SERVICE_AREA');
    const event = (alertId: string, kind: string) =>
      alertEvent('alert.opened', bike, alertId, kind);
    const result = await automateTasks(
      t.server.database,
      [event(cleared.id, 'LACK_MODULE_COMM'), event(zone.id, 'OUTSIDE_SERVICE_AREA')],
      t.clock.now(),
    );
    expect(result).toEqual({ opened: 0, cancelled: 0 });
    expect(await tasksOf(bike.vehicleNumber)).toEqual([]);
  });

  it('applies a burst in its order: the opened causes of several bikes, then one cleared', async () => {
    const [x, y] = [await createBike(t, cast.fleet), await createBike(t, cast.fleet)];
    const [alertX, alertY] = [
      await createAlert(t, x, 'LACK_MODULE_COMM'),
      await createAlert(t, y, 'REPORTED_THEFT'),
    ];
    const second = (n: number) => new Date(Date.now() + n * 1000);
    const result = await automateTasks(
      t.server.database,
      // published in this order, delivered in another
      [
        alertEvent('alert.cleared', x, alertX.id, 'LACK_MODULE_COMM', second(3)),
        alertEvent('alert.opened', y, alertY.id, 'REPORTED_THEFT', second(2)),
        alertEvent('alert.opened', x, alertX.id, 'LACK_MODULE_COMM', second(1)),
      ],
      t.clock.now(),
    );
    expect(result).toEqual({ opened: 2, cancelled: 1 });
    const [taskX] = await tasksOf(x.vehicleNumber);
    expect(taskX).toMatchObject({ kind: 'INSPECT', status: 'CANCELLED' });
    expect((await historyOf(taskX!.id)).map((h) => [h.action, h.data])).toEqual([
      ['CREATED', { cause: 'LACK_MODULE_COMM', alertId: alertX.id }],
      [
        'AUTO_CANCELLED',
        { cause: 'LACK_MODULE_COMM', alertId: alertX.id, reason: 'CAUSE_CLEARED' },
      ],
    ]);
    const [taskY] = await tasksOf(y.vehicleNumber);
    expect(taskY).toMatchObject({ kind: 'RECOVER', priority: 'URGENT', status: 'OPEN' });
    expect((await historyOf(taskY!.id)).map((h) => h.data)).toEqual([
      { cause: 'REPORTED_THEFT', alertId: alertY.id },
    ]);
  });
});

// docs/tasks.md, live tasks: the one live stream (fleet/stream) says `tasks` to the fleet's open
// streams — a technician's and a manager's — when a task is created, taken, closed or opened by
// VFM itself (an alert), and a swap recorded also pushes the bike's new charge; another fleet's
// streams hear nothing. On PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server';
import { createFleetWithTechnician, twoFleets, type TechnicianCast } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { openStream, type SseFrame, type SseStream } from '../helpers/sse';
import { createAlert } from '../helpers/fleet-data';
import { automateTasks } from '../../src/modules/tasks/automation';
import type { EventJobData } from '../../src/jobs/domain-events';

let t: TestServer, cast: TechnicianCast, other: TechnicianCast;
beforeAll(async () => ({ t, cast, other } = await twoFleets(createFleetWithTechnician)));
afterAll(() => t.close());

const isTasks = (frame: SseFrame) => frame.event === 'tasks';

async function streams() {
  const technician = await openStream(t, cast.technicianToken);
  const manager = await openStream(t, cast.managerToken);
  const theirs = await openStream(t, other.managerToken);
  for (const stream of [technician, manager, theirs])
    await stream.next((f) => f.event === 'ready', 10_000);
  return { technician, manager, theirs, all: [technician, manager, theirs] as SseStream[] };
}

/** Waits for the next `tasks` frame after those already seen. */
async function nextTasks(stream: SseStream) {
  const seen = stream.frames.filter(isTasks).length;
  await stream.next(() => stream.frames.filter(isTasks).length > seen, 10_000);
}

describe('the live tasks event', () => {
  it('reaches the fleet on create, take and finish; a swap also pushes the bike', async () => {
    const { technician, manager, theirs, all } = await streams();
    try {
      const bike = await createBike(t, cast.fleet, { bike_battery_level: 6 });
      const waitCreated = Promise.all([nextTasks(technician), nextTasks(manager)]);
      const created = await t.api({ token: cast.managerToken }).post('tasks', {
        kind: 'BATTERY_SWAP',
        vehicleNumbers: [bike.vehicleNumber],
      });
      expect(created.status, created.text).toBe(201);
      await waitCreated;
      const id = created.body.tasks[0].id as string;

      const waitStarted = nextTasks(manager);
      expect((await t.api({ token: cast.technicianToken }).post(`tasks/${id}/start`)).status).toBe(
        200,
      );
      await waitStarted;

      const waitDone = nextTasks(manager);
      const done = await t
        .api({ token: cast.technicianToken })
        .post(`tasks/${id}/finish`, { batterySwap: { batteryLevel: 88 } });
      expect(done.status, done.text).toBe(200);
      await waitDone;
      const pushed = await manager.next(
        (f) =>
          f.event === 'bikes' &&
          JSON.stringify(f.data).includes(bike.vehicleNumber) &&
          JSON.stringify(f.data).includes('88'),
        10_000,
      );
      expect(pushed.event).toBe('bikes');

      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(theirs.frames.filter(isTasks)).toEqual([]);
    } finally {
      all.forEach((stream) => stream.close());
    }
  });

  it('reaches the fleet when VFM opens and cancels a task by itself', async () => {
    const { technician, all } = await streams();
    try {
      const bike = await createBike(t, cast.fleet, { bike_battery_level: 4 });
      const row = await createAlert(t, bike, 'LOW_VEHICLE_BATTERY');
      const alert = {
        fleetId: cast.fleet.id,
        bikeId: bike.id,
        vehicleNumber: bike.vehicleNumber,
        alertId: row.id,
        kind: 'LOW_VEHICLE_BATTERY',
      };
      const opened = nextTasks(technician);
      const result = await automateTasks(
        t.server.database,
        [
          {
            name: 'alert.opened',
            data: alert,
            publishedAt: new Date().toISOString(),
          } as EventJobData,
        ],
        new Date(),
      );
      expect(result.opened).toBe(1);
      await opened;
      const cancelled = nextTasks(technician);
      await automateTasks(
        t.server.database,
        [
          {
            name: 'alert.cleared',
            data: { ...alert, by: null },
            publishedAt: new Date().toISOString(),
          } as EventJobData,
        ],
        new Date(),
      );
      await cancelled;
    } finally {
      all.forEach((stream) => stream.close());
    }
  });
});

// The demo's field work (docs/tasks.md): a few tasks by hand beside the automatic ones the alerts
// open — a battery swap assigned to the demo technician, an inspection nobody has taken, an
// urgent rebalance due tomorrow, a repair done yesterday (parts and cost in its service book).
// Seeded once, when the demo fleet has no task made by hand yet.
import type { TaskKind, TaskPriority } from '@vfm/contract';
import type { Database } from '../db/client';
import { insertHistory, insertTasks } from '../modules/tasks/queries';
import { DEMO_EMAIL_DOMAIN } from './seed';
import { accountsByEmail, closeDemoTasks, countManualTasks } from './queries/seed';

const HOUR = 3_600_000;

interface DemoTask {
  kind: TaskKind;
  priority: TaskPriority;
  dueInHours: number | null;
  technician: boolean;
  notes: string;
  done?: boolean;
  /** a move's drop-off (docs/tasks.md "Rebalancing moves") */
  dropOff?: { latitude: number; longitude: number };
}

const DEMO_TASKS: DemoTask[] = [
  { kind: 'BATTERY_SWAP', priority: 'HIGH', dueInHours: 3, technician: true, notes: '' },
  {
    kind: 'INSPECT',
    priority: 'NORMAL',
    dueInHours: 24,
    technician: false,
    notes: 'Front light reported dim by a rider',
  },
  {
    kind: 'REBALANCE',
    priority: 'URGENT',
    dueInHours: 20,
    technician: true,
    notes: 'Take it to Bellecour',
    dropOff: { latitude: 45.75787, longitude: 4.83207 },
  },
  {
    kind: 'REPAIR',
    priority: 'NORMAL',
    dueInHours: null,
    technician: true,
    notes: 'Brake pads',
    done: true,
  },
];

export async function seedDemoTasks(
  database: Database,
  fleetId: string,
  bikeIds: number[],
  now: Date,
): Promise<number> {
  if (bikeIds.length < DEMO_TASKS.length) return 0;
  return database.transaction(async (tx) => {
    if ((await countManualTasks(tx, fleetId)) > 0) return 0;
    const people = await accountsByEmail(tx, fleetId, [
      `technician@${DEMO_EMAIL_DOMAIN}`,
      `manager@${DEMO_EMAIL_DOMAIN}`,
    ]);
    const technician = people.find((p) => p.email.startsWith('technician@'))?.id ?? null;
    const manager = people.find((p) => p.email.startsWith('manager@'))?.id ?? null;
    // bikes spread over the fleet, not the first few
    const step = Math.floor(bikeIds.length / DEMO_TASKS.length);
    const created = await insertTasks(
      tx,
      fleetId,
      DEMO_TASKS.map((task, i) => ({
        bikeId: bikeIds[i * step]!,
        kind: task.kind,
        title: '',
        priority: task.priority,
        dueAt: task.dueInHours === null ? null : new Date(now.getTime() + task.dueInHours * HOUR),
        assigneeId: task.technician ? technician : null,
        notes: task.notes,
        createdBy: manager,
        dropOff: task.dropOff ?? null,
      })),
      now,
    );
    const done = created.filter((_, i) => DEMO_TASKS[i]!.done).map((task) => task.id);
    await insertHistory(
      tx,
      created
        .filter((task) => !done.includes(task.id))
        .map((task) => ({ taskId: task.id, action: 'CREATED', actorId: manager })),
      now,
    );
    if (done.length) {
      // the repair's life in order: asked three days ago, started and done yesterday in two hours
      // (the statistics' time to close is then two days, never negative)
      const times = {
        created: new Date(now.getTime() - 72 * HOUR),
        started: new Date(now.getTime() - 26 * HOUR),
        closed: new Date(now.getTime() - 24 * HOUR),
      };
      await closeDemoTasks(tx, done, times, technician);
      const history = (action: 'CREATED' | 'STARTED' | 'DONE', at: Date) =>
        insertHistory(
          tx,
          done.map((taskId) => ({
            taskId,
            action,
            actorId: action === 'CREATED' ? manager : technician,
            ...(action === 'DONE'
              ? {
                  data: {
                    parts: 'Brake pads (front and rear)',
                    cost: { amount: 38.9, currency: 'EUR' },
                  },
                }
              : {}),
          })),
          at,
        );
      await history('CREATED', times.created);
      await history('STARTED', times.started);
      await history('DONE', times.closed);
    }
    return created.length;
  });
}

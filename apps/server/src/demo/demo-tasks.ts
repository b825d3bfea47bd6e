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
      })),
      now,
    );
    await insertHistory(
      tx,
      created.map((task) => ({ taskId: task.id, action: 'CREATED', actorId: manager })),
      now,
    );
    const done = created.filter((_, i) => DEMO_TASKS[i]!.done).map((task) => task.id);
    if (done.length) {
      const yesterday = new Date(now.getTime() - 24 * HOUR);
      await closeDemoTasks(tx, done, yesterday, technician);
      await insertHistory(
        tx,
        done.flatMap((taskId) => [
          { taskId, action: 'STARTED', actorId: technician },
          {
            taskId,
            action: 'DONE',
            actorId: technician,
            data: { parts: 'Brake pads (front and rear)', cost: { amount: 38.9, currency: 'EUR' } },
          },
        ]),
        yesterday,
      );
    }
    return created.length;
  });
}

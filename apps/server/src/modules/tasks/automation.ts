// Automatic tasks (ADR 0091): the subscriber of the alerts' events (queue
// tasks.automate). An alert that opens with a cause of TASK_CAUSES opens its task — low
// battery → battery swap, module silent → inspection, theft → recovery — at most one open per
// bike and cause (the unique partial index makes a retried job harmless). When the alert
// clears before anyone started the task, the task is cancelled and its history says why; a
// task in progress stays with its technician.
import {
  TASK_CAUSES,
  TASK_KIND_OF_CAUSE,
  type TaskCause,
  type TaskKind,
  type TaskPriority,
} from '@vfm/contract';
import type { Database } from '../../db/client';
import { FleetChanges } from '../bikes/fleet-changes';
import { domainEvent, type EventJobData } from '../../jobs/domain-events';
import type { Jobs } from '../../jobs/job-queue';
import { cancelUnstartedAutomaticTasks, insertAutomaticTasks, insertHistory } from './queries';

const PRIORITY_OF_KIND: Partial<Record<TaskKind, TaskPriority>> = {
  RECOVER: 'URGENT',
  BATTERY_SWAP: 'HIGH',
};

const isCause = (kind: string): kind is TaskCause =>
  (TASK_CAUSES as readonly string[]).includes(kind);

export interface AutomationResult {
  opened: number;
  cancelled: number;
}

/** An alert event that concerns a task: its cause opened (or cleared) on a bike. */
interface CauseStep {
  opens: boolean;
  fleetId: string;
  bikeId: number;
  alertId: string;
  cause: TaskCause;
}

/** The steps in runs of the same action, in their order: one statement a run, not a step. */
function runsOf(steps: CauseStep[]): CauseStep[][] {
  const runs: CauseStep[][] = [];
  for (const step of steps) {
    const last = runs.at(-1);
    if (last && last[0]!.opens === step.opens) last.push(step);
    else runs.push([step]);
  }
  return runs;
}

/** The alert of each (bike, cause) of a run: the first that names it. */
const alertOf = (run: CauseStep[]) => {
  const alerts = new Map<string, string>();
  for (const step of run) {
    const key = `${step.bikeId}:${step.cause}`;
    if (!alerts.has(key)) alerts.set(key, step.alertId);
  }
  return (task: { bike_id: number; cause: TaskCause }) =>
    alerts.get(`${task.bike_id}:${task.cause}`)!;
};

/**
 * Applies a batch of alert events in the order they were published, in one transaction: the
 * opened causes of a run in one insert, the cleared ones of a run in one update — a burst of
 * alerts (a fleet's first minute) costs a few statements, not one per alert.
 */
export async function automateTasks(
  database: Database,
  events: EventJobData[],
  now: Date,
  /** the jobs home: the fleets whose tasks changed are told (`tasks.changed`) */
  jobs?: Jobs,
): Promise<AutomationResult> {
  const result: AutomationResult = { opened: 0, cancelled: 0 };
  const steps = [...events]
    .sort((a, b) => a.publishedAt.localeCompare(b.publishedAt))
    .flatMap((event): CauseStep[] => {
      if (event.name !== 'alert.opened' && event.name !== 'alert.cleared') return [];
      const { fleetId, bikeId, alertId, kind } = event.data;
      if (!isCause(kind)) return [];
      return [{ opens: event.name === 'alert.opened', fleetId, bikeId, alertId, cause: kind }];
    });
  await database.transaction(async (tx) => {
    const changes = new FleetChanges();
    const changed = new Set<string>();
    for (const run of runsOf(steps)) {
      const alertId = alertOf(run);
      const tasks = run[0]!.opens
        ? await insertAutomaticTasks(
            tx,
            run.map(({ fleetId, bikeId, alertId, cause }) => {
              const kind = TASK_KIND_OF_CAUSE[cause];
              const priority = PRIORITY_OF_KIND[kind] ?? 'NORMAL';
              return { fleetId, bikeId, cause, kind, priority, alertId };
            }),
            now,
          )
        : await cancelUnstartedAutomaticTasks(tx, run, now);
      await insertHistory(
        tx,
        tasks.map((task) => ({
          taskId: task.id,
          action: run[0]!.opens ? 'CREATED' : 'AUTO_CANCELLED',
          actorId: null,
          data: run[0]!.opens
            ? { cause: task.cause, alertId: alertId(task) }
            : { cause: task.cause, alertId: alertId(task), reason: 'CAUSE_CLEARED' },
        })),
        now,
      );
      if (run[0]!.opens) result.opened += tasks.length;
      else result.cancelled += tasks.length;
      for (const task of tasks) {
        changes.add(task.fleet_id, 'task');
        changed.add(task.fleet_id);
      }
    }
    await jobs?.publish(
      tx,
      [...changed].map((fleetId) => domainEvent('tasks.changed', { fleetId, action: 'AUTOMATED' })),
    );
    // the live stream's `tasks` event, last in the transaction
    await changes.notify(tx);
  });
  return result;
}

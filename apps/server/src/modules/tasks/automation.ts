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

/** Applies a batch of alert events in the order they were published, in one transaction. */
export async function automateTasks(
  database: Database,
  events: EventJobData[],
  now: Date,
  /** the jobs home: the fleets whose tasks changed are told (`tasks.changed`) */
  jobs?: Jobs,
): Promise<AutomationResult> {
  const result: AutomationResult = { opened: 0, cancelled: 0 };
  const ordered = [...events].sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
  await database.transaction(async (tx) => {
    const changes = new FleetChanges();
    const changed = new Set<string>();
    for (const event of ordered) {
      if (event.name !== 'alert.opened' && event.name !== 'alert.cleared') continue;
      const { fleetId, bikeId, alertId, kind } = event.data;
      if (!isCause(kind)) continue;
      if (event.name === 'alert.opened') {
        const taskKind = TASK_KIND_OF_CAUSE[kind];
        const opened = await insertAutomaticTasks(
          tx,
          [
            {
              fleetId,
              bikeId,
              cause: kind,
              kind: taskKind,
              priority: PRIORITY_OF_KIND[taskKind] ?? 'NORMAL',
              alertId,
            },
          ],
          now,
        );
        await insertHistory(
          tx,
          opened.map((task) => ({
            taskId: task.id,
            action: 'CREATED',
            actorId: null,
            data: { cause: kind, alertId },
          })),
          now,
        );
        result.opened += opened.length;
        if (opened.length) {
          changes.add(fleetId, 'task');
          changed.add(fleetId);
        }
      } else {
        const cancelled = await cancelUnstartedAutomaticTasks(tx, [{ bikeId, cause: kind }], now);
        await insertHistory(
          tx,
          cancelled.map((task) => ({
            taskId: task.id,
            action: 'AUTO_CANCELLED',
            actorId: null,
            data: { cause: kind, alertId, reason: 'CAUSE_CLEARED' },
          })),
          now,
        );
        result.cancelled += cancelled.length;
        if (cancelled.length) {
          changes.add(fleetId, 'task');
          changed.add(fleetId);
        }
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

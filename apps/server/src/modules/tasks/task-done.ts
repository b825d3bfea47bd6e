// What other modules do when a task is done, in the task's own transaction: a maintenance task
// done starts the bike's next period of its schedule (docs/tasks.md). Those modules register here
// from their index.ts; tasks depends on none of them (no module loop: test/core/server-layers).
// And what a change of the fleet's tasks tells the others: the domain event `tasks.changed` (the
// technicians' routes are planned again: ADR 0136) and the live notice, last in the transaction.
import type { Queryable } from '../../db/client';
import { domainEvent } from '../../jobs/domain-events';
import type { Jobs } from '../../jobs/job-queue';
import { FleetChanges } from '../bikes/fleet-changes';

/** the changes that move a task on or off a route: made, taken or assigned, closed, reopened */
const ROUTE_ACTIONS = new Set(['CREATED', 'STARTED', 'DONE', 'CANCELLED', 'REOPENED']);

/** A change of a fleet's tasks (`action`: the history's), told to the others. */
export async function taskChanged(
  tx: Queryable,
  scope: { fleetId: string; ctx: { jobs: Jobs } },
  action: string,
  changes: FleetChanges = new FleetChanges(),
  data: { assigneeId?: unknown; dueAt?: unknown } = {},
): Promise<void> {
  const assigned =
    action === 'UPDATED' && (data.assigneeId !== undefined || data.dueAt !== undefined);
  if (ROUTE_ACTIONS.has(action) || assigned)
    await scope.ctx.jobs.publish(tx, [
      domainEvent('tasks.changed', { fleetId: scope.fleetId, action }),
    ]);
  await changes.add(scope.fleetId, 'task').notify(tx);
}

export type TaskDoneListener = (tx: Queryable, taskId: string, now: Date) => Promise<void>;

const listeners: TaskDoneListener[] = [];

export function onTaskDone(listener: TaskDoneListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

export async function taskDone(tx: Queryable, taskId: string, now: Date): Promise<void> {
  for (const listener of listeners) await listener(tx, taskId, now);
}

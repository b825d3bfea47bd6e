// What other modules do when a task is done, in the task's own transaction: a maintenance task
// done starts the bike's next period of its schedule (docs/tasks.md). Those modules register here
// from their index.ts; tasks depends on none of them (no module loop: test/core/server-layers).
import type { Queryable } from '../../db/client';

export type TaskDoneListener = (tx: Queryable, taskId: string, now: Date) => Promise<void>;

const listeners: TaskDoneListener[] = [];

export function onTaskDone(listener: TaskDoneListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

export async function taskDone(tx: Queryable, taskId: string, now: Date): Promise<void> {
  for (const listener of listeners) await listener(tx, taskId, now);
}

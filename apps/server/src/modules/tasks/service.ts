// The fleet's tasks (ADR 0090): listed, created (one bike or a selection), edited,
// taken, finished, cancelled and reopened, each change in the task's history and — for a
// user's action — in the audit trail. Who may do what:
//   managers and administrators: everything;
//   field technicians: read, take an open task, check its items, write notes, finish it.
// The status flow: OPEN → IN_PROGRESS → DONE | CANCELLED (OPEN → CANCELLED too); DONE or
// CANCELLED → OPEN only by a reopen. Any other jump is a 409 and changes nothing.
import {
  TASK_CHECKLISTS,
  type Task,
  type TaskCheck,
  type TaskCreate,
  type TaskCreated,
  type TaskDropOff,
  type TaskFinish,
  type TaskHistoryAction,
  type TaskStatus,
  type TaskTransition,
  type TaskUpdate,
} from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { HttpProblem, badRequest, conflict, forbidden, notFound } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import { packSwapped } from '../battery/service';
import { findFleetBikes } from '../bikes/bike-lookup';
import { recordBikeEvents } from '../events/queries';
import * as q from './queries';
import { toTask } from './task-view';
import { taskChanged, taskDone } from './task-done';
import { FleetChanges } from '../bikes/fleet-changes';
import { NOT_FOUND } from './task-rules';

export { getTask, listTasks } from './task-reads';

const isManager = (scope: RequestScope) => !scope.principal.isTechnician;

function requireManager(scope: RequestScope, what: string) {
  if (!isManager(scope))
    throw forbidden(`Only managers and administrators ${what}.`, 'TASK_MANAGERS_ONLY');
}

async function requireAssignee(tx: Queryable, scope: RequestScope, assigneeId: string) {
  const found = await q.activeAccountsOfFleet(tx, scope.fleetId, [assigneeId]);
  if (!found.has(assigneeId))
    throw badRequest('The assignee is not an active user of your fleet.', [
      { field: 'assigneeId', message: 'not an active user of your fleet' },
    ]);
}

/** One task per bike of the selection (all or nothing: one unknown bike and none is made). */
/** `dropOff`: where a move leaves its bikes — set by the rebalancing module, not by the API. */
export async function createTasks(
  scope: RequestScope,
  input: TaskCreate,
  dropOff: TaskDropOff | null = null,
): Promise<TaskCreated> {
  requireManager(scope, 'create tasks');
  const title = input.title?.trim() ?? '';
  if (input.kind === 'CUSTOM' && !title)
    throw badRequest('A custom task needs a title.', [{ field: 'title', message: 'required' }]);
  const { database, fleetId, principal, now } = scope;
  const ids = await database.transaction(async (tx) => {
    const bikes = await findFleetBikes(tx, fleetId, input.vehicleNumbers);
    if (input.assigneeId) await requireAssignee(tx, scope, input.assigneeId);
    const created = await q.insertTasks(
      tx,
      fleetId,
      bikes.map((bike) => ({
        bikeId: bike.id,
        kind: input.kind,
        title,
        priority: input.priority ?? 'NORMAL',
        dueAt: input.dueAt ? new Date(input.dueAt) : null,
        assigneeId: input.assigneeId ?? null,
        notes: input.notes ?? '',
        createdBy: principal.accountId,
        dropOff,
      })),
      now,
    );
    await q.insertHistory(
      tx,
      created.map((task) => ({
        taskId: task.id,
        action: 'CREATED',
        actorId: principal.accountId,
        data: { kind: input.kind, priority: input.priority ?? 'NORMAL' },
      })),
      now,
    );
    const numberOf = new Map(bikes.map((bike) => [bike.id, bike.vehicle_number]));
    await audit(
      tx,
      scope,
      'TASK_CREATED',
      created.map((task) => ({
        id: task.id,
        bikeId: task.bike_id,
        vehicleNumber: numberOf.get(task.bike_id)!,
      })),
      { kind: input.kind },
    );
    await taskChanged(tx, scope, 'CREATED');
    return created.map((task) => task.id);
  });
  const rows = await q.selectTasks(database, fleetId, ids);
  return { tasks: rows.map(toTask) };
}

export async function updateTask(scope: RequestScope, id: string, input: TaskUpdate) {
  const managerFields = (['title', 'priority', 'dueAt', 'assigneeId'] as const).filter(
    (field) => input[field] !== undefined,
  );
  if (managerFields.length) requireManager(scope, `change ${managerFields.join(', ')}`);
  return act(scope, id, async (tx, task) => {
    if (input.assigneeId) await requireAssignee(tx, scope, input.assigneeId);
    if (input.title !== undefined && task.kind === 'CUSTOM' && !input.title.trim())
      throw badRequest('A custom task needs a title.', [{ field: 'title', message: 'required' }]);
    const { dueAt, title, ...rest } = input;
    await q.updateTaskFields(
      tx,
      id,
      {
        ...rest,
        ...(title !== undefined ? { title: title.trim() } : {}),
        ...(dueAt !== undefined ? { dueAt: dueAt ? new Date(dueAt) : null } : {}),
      },
      scope.now,
    );
    const fields = Object.keys(input);
    return { action: 'UPDATED', data: { fields, ...input }, audit: 'TASK_UPDATED' };
  });
}

/** Takes and starts an open task: the first taker wins, the next is told who has it. */
export async function startTask(scope: RequestScope, id: string) {
  const { database, fleetId, principal, now } = scope;
  await database.transaction(async (tx) => {
    const taken = await q.takeTask(tx, fleetId, id, principal.accountId, now);
    if (!taken) {
      const task = await q.lockTask(tx, fleetId, id);
      if (!task) throw notFound(NOT_FOUND);
      const holder = await q.selectHolder(tx, id);
      if (task.status === 'OPEN' && holder) throw takenBy(holder, 'is assigned to');
      if (task.status === 'IN_PROGRESS' && holder && holder.id !== principal.accountId)
        throw takenBy(holder, 'is already taken by');
      throw flowConflict(task.status, 'started');
    }
    const task = (await q.lockTask(tx, fleetId, id))!;
    await q.insertHistory(
      tx,
      [{ taskId: id, action: 'STARTED', actorId: principal.accountId }],
      now,
    );
    await audit(tx, scope, 'TASK_STARTED', [taskRef(task)]);
    await taskChanged(tx, scope, 'STARTED');
  });
  return read(scope, id);
}

/**
 * Finishes a task in progress, with what it leaves behind (ADR 0100): a battery swap's battery
 * (only on a battery swap task) becomes the bike's battery record; parts and cost go to the
 * service book.
 */
export async function finishTask(scope: RequestScope, id: string, input: TaskFinish) {
  const parts = input.parts?.trim() ?? '';
  return act(scope, id, async (tx, task) => {
    if (input.batterySwap && task.kind !== 'BATTERY_SWAP')
      throw badRequest(
        'Only a battery swap task records a battery.',
        [{ field: 'batterySwap', message: 'only for a BATTERY_SWAP task' }],
        'TASK_SWAP_WRONG_KIND',
      );
    if (task.status !== 'IN_PROGRESS') throw flowConflict(task.status, 'finished');
    await requireHolder(tx, scope, task);
    await q.closeTask(tx, id, 'DONE', scope.principal.accountId, scope.now);
    const swap = input.batterySwap;
    await q.recordTaskOutcome(tx, id, {
      ...(swap
        ? { swapBatteryLevel: swap.batteryLevel, swapBatteryNumber: swap.batteryNumber ?? null }
        : {}),
      parts,
      ...(input.cost ? { cost: input.cost } : {}),
    });
    // what other modules do then: a maintenance task's next period starts now (§4)
    await taskDone(tx, id, scope.now);
    if (swap) {
      await q.swapBikeBattery(
        tx,
        task.bike_id,
        { level: swap.batteryLevel, batteryNumber: swap.batteryNumber ?? null },
        scope.now,
      );
      // the battery health's current pack is the one fitted (docs/battery.md)
      await packSwapped(tx, id);
    }
    return {
      action: 'DONE',
      data: {
        ...comment(input),
        ...(swap ? { batterySwap: swap } : {}),
        ...(parts ? { parts } : {}),
        ...(input.cost ? { cost: input.cost } : {}),
      },
      audit: 'TASK_DONE',
      // the maps, lists and the queue show the new charge (THE CHANGE NOTIFICATION CONTRACT:
      // the notice is the transaction's last statement)
      notify: swap
        ? new FleetChanges()
            .add(scope.fleetId, 'bike', 'event')
            .addBikes(scope.fleetId, [task.bike_id])
        : undefined,
    };
  });
}

export async function cancelTask(scope: RequestScope, id: string, input: TaskTransition) {
  requireManager(scope, 'cancel tasks');
  return act(scope, id, async (tx, task) => {
    if (task.status !== 'OPEN' && task.status !== 'IN_PROGRESS')
      throw flowConflict(task.status, 'cancelled');
    await q.closeTask(tx, id, 'CANCELLED', scope.principal.accountId, scope.now);
    return { action: 'CANCELLED', data: comment(input), audit: 'TASK_CANCELLED' };
  });
}

export async function reopenTask(scope: RequestScope, id: string, input: TaskTransition) {
  requireManager(scope, 'reopen tasks');
  return act(scope, id, async (tx, task) => {
    if (task.status !== 'DONE' && task.status !== 'CANCELLED')
      throw flowConflict(task.status, 'reopened');
    await q.reopenTask(tx, id, scope.now);
    return { action: 'REOPENED', data: comment(input), audit: 'TASK_REOPENED' };
  });
}

/** Checks or unchecks an item of the task's checklist (an item of its kind, else 400). */
export async function checkItem(scope: RequestScope, id: string, item: string, body: TaskCheck) {
  return act(scope, id, async (tx, task) => {
    const items: readonly string[] = TASK_CHECKLISTS[task.kind];
    if (!items.includes(item))
      throw badRequest(
        `"${item}" is not an item of this task's checklist` +
          (items.length ? ` (${items.join(', ')}).` : ' (it has none).'),
        [{ field: 'item', message: `one of: ${items.join(', ') || 'none'}` }],
        'TASK_CHECKLIST_ITEM_UNKNOWN',
      );
    if (task.status !== 'OPEN' && task.status !== 'IN_PROGRESS')
      throw flowConflict(task.status, 'changed');
    await requireHolder(tx, scope, task);
    const checked = new Set(task.checked);
    if (checked.has(item) === body.checked) return null;
    if (body.checked) checked.add(item);
    else checked.delete(item);
    await q.updateChecked(
      tx,
      id,
      items.filter((i) => checked.has(i)),
      scope.now,
    );
    return { action: body.checked ? 'CHECKED' : 'UNCHECKED', data: { item } };
  });
}

// ---- shared steps --------------------------------------------------------------------------

interface Change {
  action: TaskHistoryAction;
  data?: Record<string, unknown>;
  /** the audit event of a user's action (checklist ticks stay in the task's history only) */
  audit?: string;
  /** the fleet change to notify, last in the transaction */
  notify?: FleetChanges | undefined;
}

/** One change of one task of the caller's fleet (404 for any other), then the task as it is. */
async function act(
  scope: RequestScope,
  id: string,
  change: (tx: Queryable, task: q.LockedTask) => Promise<Change | null>,
): Promise<Task> {
  await scope.database.transaction(async (tx) => {
    const task = await q.lockTask(tx, scope.fleetId, id);
    if (!task) throw notFound(NOT_FOUND);
    const done = await change(tx, task);
    if (!done) return;
    await q.insertHistory(
      tx,
      [{ taskId: id, action: done.action, actorId: scope.principal.accountId, data: done.data }],
      scope.now,
    );
    if (done.audit) await audit(tx, scope, done.audit, [taskRef(task)], done.data);
    // the live stream's `tasks` event (and the swap's bike change), last in the transaction
    await taskChanged(tx, scope, done.action, done.notify, done.data);
  });
  return read(scope, id);
}

async function read(scope: RequestScope, id: string): Promise<Task> {
  const [row] = await q.selectTasks(scope.database, scope.fleetId, [id]);
  if (!row) throw notFound(NOT_FOUND);
  return toTask(row);
}

/** A technician acts on the tasks they hold; a manager on any. */
async function requireHolder(tx: Queryable, scope: RequestScope, task: q.LockedTask) {
  if (isManager(scope)) return;
  if (task.assignee_id === scope.principal.accountId) return;
  const holder = await q.selectHolder(tx, task.id);
  if (holder) throw takenBy(holder, 'is held by');
  throw conflict('Take this task first.', 'TASK_NOT_TAKEN');
}

function takenBy(holder: q.UserRefRow, verb: string) {
  const who = holder.name ? `${holder.name} (${holder.email})` : holder.email;
  return new HttpProblem(409, 'TASK_TAKEN', 'Conflict', `This task ${verb} ${who}.`, {
    holder: { id: holder.id, email: holder.email, name: holder.name },
  });
}

function flowConflict(status: TaskStatus, what: string) {
  const hint = status === 'DONE' || status === 'CANCELLED' ? ' Reopen it first.' : '';
  return conflict(`This task is ${status}: it cannot be ${what}.${hint}`, 'TASK_STATUS_FLOW');
}

const comment = (input: TaskTransition) => (input.comment ? { comment: input.comment } : {});

const taskRef = (task: q.LockedTask) => ({
  id: task.id,
  bikeId: task.bike_id,
  vehicleNumber: task.vehicle_number,
});

/** The users' actions on tasks in the audit trail (source MANAGER, the bike named). */
async function audit(
  tx: Queryable,
  scope: RequestScope,
  name: string,
  tasks: Array<{ id: string; bikeId: number; vehicleNumber: string }>,
  data: Record<string, unknown> = {},
) {
  await recordBikeEvents(tx, scope.fleetId, tasks, (task) => ({
    type: 'OTHER',
    name,
    source: 'MANAGER',
    userEmail: scope.principal.email,
    data: { taskId: task.id, ...data },
    occurredAt: scope.now,
  }));
}

// The fleet's tasks as they are read (ADR 0090): a page of the list — filters, sorts and its
// keyset cursor — and one task with its history. Every role of the fleet reads them; the
// changes are service.ts's.
import type { TaskDetail, TaskHistoryAction, TaskPage, TaskQuery, TaskStatus } from '@vfm/contract';
import { badRequest, notFound } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import * as q from './queries';
import { toTask } from './task-view';
import { NOT_FOUND } from './task-rules';

export async function listTasks(scope: RequestScope, query: TaskQuery): Promise<TaskPage> {
  const { page, size, status, kind, vehicleNumber, mine, unassigned, near, sort, after } = query;
  const [latitude, longitude] = near ? near.split(',').map(Number) : [];
  const statuses: TaskStatus[] | null =
    status === 'all' ? null : status === 'active' ? ['OPEN', 'IN_PROGRESS'] : [status];
  const position =
    near && Math.abs(latitude!) <= 90 && Math.abs(longitude!) <= 180
      ? { latitude: latitude!, longitude: longitude! }
      : null;
  // without a position the distance order is the due order (and so are its cursors)
  const sorted = sort === 'distance' && !position ? 'due' : sort;
  const start = after ? decodeCursor(after, sorted) : null;
  const { rows, total, keys } = await q.selectTaskPage(
    scope.database,
    scope.fleetId,
    {
      statuses,
      kind: kind ?? null,
      vehicleNumber: vehicleNumber ?? null,
      assigneeId: mine ? scope.principal.accountId : null,
      unassigned: unassigned ?? false,
    },
    position,
    sorted,
    // one row more than the page: whether a next page exists
    { offset: page * size, limit: size + 1, after: start },
  );
  const last = rows.length > size ? keys[size - 1] : undefined;
  return {
    content: rows.slice(0, size).map(toTask),
    totalElements: total,
    page,
    size,
    next: last ? encodeCursor({ sort: sorted, key: last }) : null,
  };
}

/**
 * A cursor (`after`, `next`): the sort and the sort key of a page's last task, as base64url
 * JSON — opaque to clients, checked here before any of it reaches SQL.
 */
export function encodeCursor(start: q.TaskPageStart) {
  return Buffer.from(JSON.stringify([start.sort, ...start.key])).toString('base64url');
}

const TIMESTAMP = /^(infinity|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2}))$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodeCursor(after: string, sort: q.TaskSort): q.TaskPageStart {
  const refuse = (why: string) =>
    badRequest(`This page cursor ${why}: ask the first page again.`, [
      { field: 'after', message: why },
    ]);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw refuse('is not one of VFM');
  }
  if (!Array.isArray(decoded) || typeof decoded[0] !== 'string') throw refuse('is not one of VFM');
  const [cursorSort, ...key] = decoded as [string, ...unknown[]];
  if (cursorSort !== sort) throw refuse('is of another sort');
  const types = q.SORT_KEY_TYPES[sort];
  const valid =
    key.length === types.length &&
    key.every((value, i) => {
      switch (types[i]) {
        case 'timestamptz':
          return (
            typeof value === 'string' &&
            TIMESTAMP.test(value) &&
            (value === 'infinity' || !Number.isNaN(Date.parse(value)))
          );
        case 'int':
          return Number.isInteger(value) && Math.abs(value as number) <= 32_767;
        case 'uuid':
          return typeof value === 'string' && UUID.test(value);
        case 'float8':
          return (typeof value === 'number' && Number.isFinite(value)) || value === 'Infinity';
        default:
          return false;
      }
    });
  if (!valid) throw refuse('is not one of VFM');
  return { sort, key: key as Array<string | number> };
}

export async function getTask(scope: RequestScope, id: string): Promise<TaskDetail> {
  const [row] = await q.selectTasks(scope.database, scope.fleetId, [id]);
  if (!row) throw notFound(NOT_FOUND);
  const history = await q.selectHistory(scope.database, id);
  return {
    task: toTask(row),
    history: history.map((h) => ({
      at: h.at.toISOString(),
      action: h.action as TaskHistoryAction,
      by: h.by,
      data: h.data,
    })),
  };
}

// A page of a fleet's tasks (filters, sorts, keyset pages) and its counts, kept per process
// until the fleet's tasks change; tasks by id.
import type { TaskKind, TaskStatus } from '@vfm/contract';
import type { Queryable } from '../../../db/client';
import { FROM, distanceSql, selectColumns, type TaskRow } from './columns';

export interface TaskFilter {
  statuses: TaskStatus[] | null;
  kind: TaskKind | null;
  vehicleNumber: string | null;
  /** only this account's tasks */
  assigneeId: string | null;
  /** with assigneeId: also the open tasks of nobody */
  unassigned: boolean;
}

export type TaskSort = 'due' | 'priority' | 'created' | 'distance';

/**
 * The sorts as keys of one direction (ADR 0105): the ORDER BY, and the row comparison that
 * starts a keyset page after a row. The
 * expressions are those of the indexes of migration 0900, written the same way (the planner
 * matches them as written). `distance` has no index: it is computed per task.
 */
interface SortKeys {
  keys: string[];
  descending: boolean;
}

/** The SQL types of each sort's key values (a cursor's values are cast to them). */
export const SORT_KEY_TYPES: Record<TaskSort, Array<'timestamptz' | 'int' | 'uuid' | 'float8'>> = {
  due: ['timestamptz', 'int', 'timestamptz', 'uuid'],
  priority: ['int', 'timestamptz', 'timestamptz', 'uuid'],
  created: ['timestamptz', 'uuid'],
  distance: ['float8', 'int', 'timestamptz', 'uuid'],
};

const DUE_AT = `coalesce(t.due_at, 'infinity'::timestamptz)`;
const URGENCY = '(-t.priority_rank)';

const sortKeys = (sort: TaskSort, distance: string): SortKeys => {
  switch (sort) {
    case 'due':
      return { keys: [DUE_AT, URGENCY, 't.created_at', 't.id'], descending: false };
    case 'priority':
      return { keys: [URGENCY, DUE_AT, 't.created_at', 't.id'], descending: false };
    case 'created':
      return { keys: ['t.created_at', 't.id'], descending: true };
    case 'distance':
      return {
        keys: [`coalesce(${distance}, 'infinity'::float8)`, URGENCY, DUE_AT, 't.id'],
        descending: false,
      };
  }
};

/** Where a keyset page starts: after the row whose sort key this is (its sort's values). */
export interface TaskPageStart {
  sort: TaskSort;
  key: Array<string | number>;
}

export interface TaskPageRows {
  rows: TaskRow[];
  total: number;
  /** the sort key of each row, in the cursor's form */
  keys: Array<Array<string | number>>;
}

export async function selectTaskPage(
  db: Queryable,
  fleetId: string,
  filter: TaskFilter,
  near: { latitude: number; longitude: number } | null,
  sort: TaskSort,
  page: { offset: number; limit: number; after: TaskPageStart | null },
): Promise<TaskPageRows> {
  const values: unknown[] = [fleetId];
  const where = ['t.fleet_id = $1'];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  // one status as an equality: the planner then reads task_status_due_idx in order
  if (filter.statuses?.length === 1) where.push(`t.status = ${param(filter.statuses[0])}`);
  else if (filter.statuses) where.push(`t.status = ANY(${param(filter.statuses)}::text[])`);
  if (filter.kind) where.push(`t.kind = ${param(filter.kind)}`);
  // the bike by its unique index (bike_vehicle_number_key), then its tasks (task_bike_idx)
  if (filter.vehicleNumber)
    where.push(`t.bike_id IN (SELECT id FROM bike WHERE fleet_id = $1
                 AND lower(vehicle_number) = lower(${param(filter.vehicleNumber)}))`);
  if (filter.assigneeId) {
    const me = param(filter.assigneeId);
    where.push(
      filter.unassigned
        ? `(t.assignee_id = ${me} OR (t.assignee_id IS NULL AND t.status = 'OPEN'))`
        : `t.assignee_id = ${me}`,
    );
  }
  const filterValues = [...values];
  const countWhere = [...where];
  let distance = 'NULL::float8';
  if (near) {
    values.push(near.latitude, near.longitude);
    distance = distanceSql(values.length - 1);
  }
  const sorted = sort === 'distance' && !near ? 'due' : sort;
  const order = sortKeys(sorted, distance);
  const direction = order.descending ? ' DESC' : '';
  if (page.after) {
    const types = SORT_KEY_TYPES[sorted];
    const bound = page.after.key.map((value, i) => `${param(value)}::${types[i]}`);
    where.push(`(${order.keys.join(', ')}) ${order.descending ? '<' : '>'} (${bound.join(', ')})`);
  }
  // with the page: the fleet's task change sequence, for the count kept by TaskCounts
  const rows = await db.query<TaskRow & { sort_key: Array<string | number>; task_seq: string }>(
    `SELECT ${selectColumns(distance)}, json_build_array(${order.keys.join(', ')}) AS sort_key,
            ${TASK_SEQ} AS task_seq
       ${FROM} WHERE ${where.join(' AND ')}
      ORDER BY ${order.keys.map((key) => key + direction).join(', ')}
      LIMIT ${param(page.limit)} ${page.after ? '' : `OFFSET ${param(page.offset)}`}`,
    values,
  );
  const keys = rows.map((row) => row.sort_key);
  const seq = rows[0]?.task_seq ?? null;
  for (const row of rows) {
    delete (row as Partial<typeof row>).sort_key;
    delete (row as Partial<typeof row>).task_seq;
  }
  // a first page that is not full holds them all
  if (page.offset === 0 && !page.after && rows.length < page.limit)
    return { rows, total: rows.length, keys };
  const key = `${filterValues.map((value) => JSON.stringify(value)).join('|')}`;
  const total = await taskCounts.read(db, fleetId, key, seq, async () => {
    const [count] = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM task t WHERE ${countWhere.join(' AND ')}`,
      filterValues,
    );
    return count?.total ?? 0;
  });
  return { rows, total, keys };
}

/** the fleet's task change sequence, the fleet being $1 (computed once per statement) */
const TASK_SEQ = `(SELECT coalesce(max(task_seq), 0) FROM fleet_change WHERE fleet_id = $1)::text`;

/**
 * The counts of the task list's filters, per process: read again only once the fleet's tasks
 * changed (`fleet_change.task_seq`, bumped by every change notice naming tasks) — counting
 * 50,000 open tasks at each page of each technician is what made the list slow (docs/performance.md).
 */
class TaskCounts {
  private readonly counts = new Map<string, { seq: string; total: number }>();

  /** `known`: the sequence read with the page (null: read it here) */
  async read(
    db: Queryable,
    fleetId: string,
    filter: string,
    known: string | null,
    count: () => Promise<number>,
  ) {
    let seq = known;
    if (seq === null) {
      const [row] = await db.query<{ seq: string }>(`SELECT ${TASK_SEQ} AS seq`, [fleetId]);
      seq = row?.seq ?? '0';
    }
    const key = `${fleetId}|${filter}`;
    const kept = this.counts.get(key);
    if (kept?.seq === seq) return kept.total;
    const total = await count();
    // a few hundred filters at most per fleet and process; the oldest go first
    if (this.counts.size >= 2_000) this.counts.delete(this.counts.keys().next().value!);
    this.counts.set(key, { seq, total });
    return total;
  }
}

const taskCounts = new TaskCounts();

/** These tasks of the fleet, in the order of the ids. */
export async function selectTasks(db: Queryable, fleetId: string, ids: string[]) {
  const rows = await db.query<TaskRow>(
    `SELECT ${selectColumns('NULL::float8')} ${FROM}
      WHERE t.fleet_id = $1 AND t.id = ANY($2::uuid[])`,
    [fleetId, ids],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// The SQL of the tasks (docs/tasks.md): a fleet's tasks with their bike and people, the writes of
// the status flow (each a conditional UPDATE: two technicians cannot both take a task), the
// history, and the automatic tasks (one open per bike and cause, by the unique partial index).
import type { TaskCause, TaskKind, TaskPriority, TaskStatus } from '@vfm/contract';
import type { Queryable } from '../../db/client';

export interface UserRefRow {
  id: string;
  email: string;
  name: string | null;
}

export interface TaskRow {
  id: string;
  kind: TaskKind;
  title: string;
  vehicle_number: string;
  bike_id: number;
  status: TaskStatus;
  priority: TaskPriority;
  due_at: Date | null;
  notes: string;
  checked: string[];
  cause: TaskCause | null;
  created_at: Date;
  started_at: Date | null;
  closed_at: Date | null;
  updated_at: Date;
  latitude: number | null;
  longitude: number | null;
  last_position_date: Date | null;
  distance_m: number | null;
  swap_battery_level: number | null;
  swap_battery_number: string | null;
  parts: string;
  /** numeric: a string from the driver */
  cost_amount: string | null;
  cost_currency: string | null;
  assignee: UserRefRow | null;
  created_by: UserRefRow | null;
  started_by: UserRefRow | null;
  closed_by: UserRefRow | null;
}

const userRef = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id,
     'email', ${alias}.email, 'name', nullif(${alias}.full_name, '')) END`;

/** An account of the task as `{id, email, name}`, read for the rows returned only: a scalar
 *  subquery plans faster than four joins (docs/performance.md). */
const userOf = (column: string) =>
  `(SELECT json_build_object('id', a.id, 'email', a.email, 'name', nullif(a.full_name, ''))
      FROM account a WHERE a.id = t.${column})`;

/** metres between the bike and ($lat, $lon) given as parameters $n and $n+1 (haversine) */
const distanceSql = (n: number) => `
  CASE WHEN b.latitude IS NULL OR b.longitude IS NULL THEN NULL ELSE
  12742000 * asin(sqrt(power(sin(radians(b.latitude - $${n}::float8) / 2), 2)
    + cos(radians($${n}::float8)) * cos(radians(b.latitude))
    * power(sin(radians(b.longitude - $${n + 1}::float8) / 2), 2))) END`;

const selectColumns = (distance: string) => `
  t.id, t.kind, t.title, b.vehicle_number, t.bike_id, t.status, t.priority, t.due_at, t.notes,
  t.checked, t.cause, t.created_at, t.started_at, t.closed_at, t.updated_at,
  b.latitude, b.longitude, b.last_position_date, ${distance} AS distance_m,
  t.swap_battery_level, t.swap_battery_number, t.parts, t.cost_amount::text AS cost_amount,
  t.cost_currency,
  ${userOf('assignee_id')} AS assignee, ${userOf('created_by')} AS created_by,
  ${userOf('started_by')} AS started_by, ${userOf('closed_by')} AS closed_by`;

const FROM = `FROM task t JOIN bike b ON b.id = t.bike_id`;

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

export interface LockedTask {
  id: string;
  bike_id: number;
  vehicle_number: string;
  kind: TaskKind;
  status: TaskStatus;
  assignee_id: string | null;
  checked: string[];
  cause: TaskCause | null;
}

/** The task, locked for the caller's change; null when it is not of the fleet. */
export async function lockTask(db: Queryable, fleetId: string, id: string) {
  const [row] = await db.query<LockedTask>(
    `SELECT t.id, t.bike_id, b.vehicle_number, t.kind, t.status, t.assignee_id, t.checked, t.cause
       FROM task t JOIN bike b ON b.id = t.bike_id
      WHERE t.fleet_id = $1 AND t.id = $2 FOR UPDATE OF t`,
    [fleetId, id],
  );
  return row ?? null;
}

export interface NewTask {
  bikeId: number;
  kind: TaskKind;
  title: string;
  priority: TaskPriority;
  dueAt: Date | null;
  assigneeId: string | null;
  notes: string;
  createdBy: string | null;
}

export async function insertTasks(db: Queryable, fleetId: string, tasks: NewTask[], now: Date) {
  const rows = await db.query<{ id: string; bike_id: number }>(
    `INSERT INTO task (fleet_id, bike_id, kind, title, priority, due_at, assignee_id, notes,
                       created_by, created_at, updated_at)
     SELECT $1, bike_id, kind, title, priority, due_at, assignee_id, notes, created_by, $3, $3
       FROM json_to_recordset($2::json) AS t(bike_id bigint, kind text, title text,
            priority text, due_at timestamptz, assignee_id uuid, notes text, created_by uuid)
     RETURNING id, bike_id`,
    [
      fleetId,
      JSON.stringify(
        tasks.map((t) => ({
          bike_id: t.bikeId,
          kind: t.kind,
          title: t.title,
          priority: t.priority,
          due_at: t.dueAt?.toISOString() ?? null,
          assignee_id: t.assigneeId,
          notes: t.notes,
          created_by: t.createdBy,
        })),
      ),
      now,
    ],
  );
  return rows;
}

export interface TaskFields {
  title?: string;
  priority?: TaskPriority;
  dueAt?: Date | null;
  assigneeId?: string | null;
  notes?: string;
}

export async function updateTaskFields(db: Queryable, id: string, fields: TaskFields, now: Date) {
  const sets: string[] = [];
  const values: unknown[] = [id, now];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (fields.title !== undefined) set('title', fields.title);
  if (fields.priority !== undefined) set('priority', fields.priority);
  if (fields.dueAt !== undefined) set('due_at', fields.dueAt);
  if (fields.assigneeId !== undefined) set('assignee_id', fields.assigneeId);
  if (fields.notes !== undefined) set('notes', fields.notes);
  await db.query(
    `UPDATE task SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1`,
    values,
  );
}

/**
 * Takes an open task for this account: one statement, so of two technicians taking it at once
 * one updates the row and the other finds it taken (0 rows). A task assigned to somebody else
 * cannot be taken. Answers whether it was taken.
 */
export async function takeTask(db: Queryable, fleetId: string, id: string, by: string, now: Date) {
  const rows = await db.query(
    `UPDATE task SET status = 'IN_PROGRESS', assignee_id = $3, started_at = $4, started_by = $3,
            updated_at = $4
      WHERE fleet_id = $1 AND id = $2 AND status = 'OPEN'
        AND (assignee_id IS NULL OR assignee_id = $3)
      RETURNING id`,
    [fleetId, id, by, now],
  );
  return rows.length > 0;
}

/** Closes a task (DONE or CANCELLED) that is in one of the `from` statuses. */
export async function closeTask(
  db: Queryable,
  id: string,
  status: 'DONE' | 'CANCELLED',
  by: string | null,
  now: Date,
) {
  await db.query(
    `UPDATE task SET status = $2, closed_at = $4, closed_by = $3, updated_at = $4 WHERE id = $1`,
    [id, status, by, now],
  );
}

/** What a done task leaves behind (ADR 0100): the battery fitted, the parts, the cost. */
export interface TaskRecord {
  swapBatteryLevel?: number;
  swapBatteryNumber?: string | null;
  parts?: string;
  cost?: { amount: number; currency: string };
}

export async function recordTaskOutcome(db: Queryable, id: string, record: TaskRecord) {
  await db.query(
    `UPDATE task SET swap_battery_level = $2, swap_battery_number = $3, parts = $4,
            cost_amount = round($5::numeric, 2), cost_currency = $6 WHERE id = $1`,
    [
      id,
      record.swapBatteryLevel ?? null,
      record.swapBatteryNumber ?? null,
      record.parts ?? '',
      record.cost?.amount ?? null,
      record.cost?.currency ?? null,
    ],
  );
}

/**
 * A battery swap done: the bike's battery record is the battery fitted — its charge, its number
 * (kept when the swap names none), the date of the change; the range left scales with the
 * charge, and the low battery state ends when the new charge is above the fleet's threshold. The caller
 * notifies the fleet change (THE CHANGE NOTIFICATION CONTRACT).
 */
export async function swapBikeBattery(
  db: Queryable,
  bikeId: number,
  swap: { level: number; batteryNumber: string | null },
  now: Date,
) {
  await db.query(
    `UPDATE bike SET
        autonomy_km = CASE WHEN bike_battery_level > 0 AND autonomy_km IS NOT NULL
          THEN autonomy_km * $2::int / bike_battery_level ELSE autonomy_km END,
        bike_battery_level = $2::int,
        battery_number = coalesce($3::text, battery_number),
        last_battery_change_date = $4,
        low_vehicle_battery_since = CASE
          WHEN $2::int > (SELECT f.low_vehicle_battery_percent FROM fleet f WHERE f.id = bike.fleet_id)
          THEN NULL ELSE low_vehicle_battery_since END,
        updated_at = $4
      WHERE id = $1`,
    [bikeId, swap.level, swap.batteryNumber, now],
  );
}

export async function reopenTask(db: Queryable, id: string, now: Date) {
  await db.query(
    `UPDATE task SET status = 'OPEN', started_at = NULL, started_by = NULL, closed_at = NULL,
            closed_by = NULL, swap_battery_level = NULL, swap_battery_number = NULL, parts = '',
            cost_amount = NULL, cost_currency = NULL, updated_at = $2 WHERE id = $1`,
    [id, now],
  );
}

export async function updateChecked(db: Queryable, id: string, checked: string[], now: Date) {
  await db.query(`UPDATE task SET checked = $2, updated_at = $3 WHERE id = $1`, [id, checked, now]);
}

/** The account that holds a task (the 409 of a second taker). */
export async function selectHolder(db: Queryable, id: string) {
  const [row] = await db.query<UserRefRow & { status: TaskStatus }>(
    `SELECT a.id, a.email, nullif(a.full_name, '') AS name, t.status
       FROM task t JOIN account a ON a.id = t.assignee_id WHERE t.id = $1`,
    [id],
  );
  return row ?? null;
}

export interface HistoryEntry {
  taskId: string;
  action: string;
  actorId: string | null;
  data?: Record<string, unknown>;
}

export async function insertHistory(db: Queryable, entries: HistoryEntry[], now: Date) {
  if (!entries.length) return;
  await db.query(
    `INSERT INTO task_history (task_id, at, action, actor_id, data)
     SELECT task_id, $2, action, actor_id, coalesce(data, '{}'::jsonb)
       FROM json_to_recordset($1::json) AS h(task_id uuid, action text, actor_id uuid, data jsonb)`,
    [
      JSON.stringify(
        entries.map((e) => ({
          task_id: e.taskId,
          action: e.action,
          actor_id: e.actorId,
          data: e.data ?? {},
        })),
      ),
      now,
    ],
  );
}

export async function selectHistory(db: Queryable, taskId: string) {
  return db.query<{
    at: Date;
    action: string;
    by: UserRefRow | null;
    data: Record<string, unknown>;
  }>(
    `SELECT h.at, h.action, ${userRef('a')} AS by, h.data
       FROM task_history h LEFT JOIN account a ON a.id = h.actor_id
      WHERE h.task_id = $1 ORDER BY h.id`,
    [taskId],
  );
}

/** Active accounts of the fleet among these ids. */
export async function activeAccountsOfFleet(db: Queryable, fleetId: string, ids: string[]) {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM account WHERE fleet_id = $1 AND id = ANY($2::uuid[]) AND status = 'ACTIVE'`,
    [fleetId, ids],
  );
  return new Set(rows.map((row) => row.id));
}

// ---- automatic tasks (ADR 0091) ------------------------------------------------------------

export interface AutomaticTask {
  fleetId: string;
  bikeId: number;
  cause: TaskCause;
  kind: TaskKind;
  priority: TaskPriority;
  alertId: string;
}

/** Opens the automatic tasks that are not open yet (idempotent: the partial unique index). */
export async function insertAutomaticTasks(db: Queryable, tasks: AutomaticTask[], now: Date) {
  if (!tasks.length) return [];
  return db.query<{ id: string; fleet_id: string; bike_id: number; cause: TaskCause }>(
    `INSERT INTO task (fleet_id, bike_id, kind, priority, cause, alert_id, created_at, updated_at)
     SELECT t.fleet_id, t.bike_id, t.kind, t.priority, t.cause, t.alert_id, $2, $2
       FROM json_to_recordset($1::json) AS t(fleet_id uuid, bike_id bigint, kind text,
            priority text, cause text, alert_id uuid)
       JOIN bike b ON b.id = t.bike_id AND b.fleet_id = t.fleet_id
       -- the alert still active: a late or retried job never opens a task for a cleared cause
       JOIN alert a ON a.id = t.alert_id AND a.cleared_at IS NULL
     ON CONFLICT (bike_id, cause) WHERE cause IS NOT NULL AND status IN ('OPEN', 'IN_PROGRESS')
     DO NOTHING
     RETURNING id, fleet_id, bike_id, cause`,
    [
      JSON.stringify(
        tasks.map((t) => ({
          fleet_id: t.fleetId,
          bike_id: t.bikeId,
          kind: t.kind,
          priority: t.priority,
          cause: t.cause,
          alert_id: t.alertId,
        })),
      ),
      now,
    ],
  );
}

/**
 * Cancels the automatic tasks of these (bike, cause) that nobody has started (status OPEN);
 * a task in progress stays with its technician.
 */
export async function cancelUnstartedAutomaticTasks(
  db: Queryable,
  causes: Array<{ bikeId: number; cause: TaskCause }>,
  now: Date,
) {
  if (!causes.length) return [];
  return db.query<{ id: string; fleet_id: string; bike_id: number; cause: TaskCause }>(
    `UPDATE task t SET status = 'CANCELLED', closed_at = $2, closed_by = NULL, updated_at = $2
       FROM json_to_recordset($1::json) AS c(bike_id bigint, cause text)
      WHERE t.bike_id = c.bike_id AND t.cause = c.cause AND t.status = 'OPEN'
      RETURNING t.id, t.fleet_id, t.bike_id, t.cause`,
    [JSON.stringify(causes.map((c) => ({ bike_id: c.bikeId, cause: c.cause }))), now],
  );
}

// ---- the battery swap queue (docs/tasks.md) ---------------------------------------------------

export interface BatteryQueueRow {
  vehicle_number: string;
  bike_battery_level: number | null;
  autonomy_km: number | null;
  battery_number: string | null;
  last_battery_change_date: Date | null;
  latitude: number | null;
  longitude: number | null;
  last_position_date: Date | null;
  distance_m: number | null;
  task_id: string | null;
  task_status: 'OPEN' | 'IN_PROGRESS' | null;
  task_assignee: UserRefRow | null;
  total: number;
}

/** The fleet's low battery threshold (percent): the queue's default. */
export async function selectLowBatteryPercent(db: Queryable, fleetId: string) {
  const [row] = await db.query<{ percent: number }>(
    'SELECT low_vehicle_battery_percent AS percent FROM fleet WHERE id = $1',
    [fleetId],
  );
  return row?.percent ?? null;
}

/**
 * The bikes that need a battery: charge at `maxLevel` or under, or an active battery swap task
 * (a task opened by hand, whatever the charge says). Lowest charge first, then least range.
 */
export async function selectBatteryQueue(
  db: Queryable,
  fleetId: string,
  maxLevel: number,
  near: { latitude: number; longitude: number } | null,
  limit: number,
): Promise<BatteryQueueRow[]> {
  const values: unknown[] = [fleetId, maxLevel, limit];
  let distance = 'NULL::float8';
  if (near) {
    values.push(near.latitude, near.longitude);
    distance = distanceSql(4);
  }
  return db.query<BatteryQueueRow>(
    `WITH needing AS (
       SELECT id FROM bike WHERE fleet_id = $1 AND bike_battery_level <= $2
       UNION
       SELECT bike_id FROM task WHERE fleet_id = $1 AND kind = 'BATTERY_SWAP'
          AND status IN ('OPEN', 'IN_PROGRESS'))
     SELECT b.vehicle_number, b.bike_battery_level, b.autonomy_km, b.battery_number,
            b.last_battery_change_date, b.latitude, b.longitude, b.last_position_date,
            ${distance} AS distance_m, t.id AS task_id, t.status AS task_status,
            ${userRef('ua')} AS task_assignee, count(*) OVER ()::int AS total
       FROM needing n JOIN bike b ON b.id = n.id
       LEFT JOIN LATERAL (
         SELECT id, status, assignee_id FROM task
          WHERE bike_id = b.id AND kind = 'BATTERY_SWAP' AND status IN ('OPEN', 'IN_PROGRESS')
          ORDER BY created_at LIMIT 1) t ON true
       LEFT JOIN account ua ON ua.id = t.assignee_id
      ORDER BY b.bike_battery_level ASC NULLS LAST, b.autonomy_km ASC NULLS LAST,
               b.vehicle_number
      LIMIT $3`,
    values,
  );
}

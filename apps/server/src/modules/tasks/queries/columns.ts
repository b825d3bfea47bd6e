// The tasks' rows as the lists read them: the columns, the people, the distance to a point.
import type { BuiltinRuleKind, TaskCause, TaskKind, TaskPriority, TaskStatus } from '@vfm/contract';

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
  drop_off_latitude: number | null;
  drop_off_longitude: number | null;
  rule_id: string | null;
  rule_name: string | null;
  rule_builtin: BuiltinRuleKind | null;
  assignee: UserRefRow | null;
  created_by: UserRefRow | null;
  started_by: UserRefRow | null;
  closed_by: UserRefRow | null;
}

export const userRef = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id,
     'email', ${alias}.email, 'name', nullif(${alias}.full_name, '')) END`;

/** An account of the task as `{id, email, name}`, read for the rows returned only: a scalar
 *  subquery plans faster than four joins (docs/performance.md). */
export const userOf = (column: string) =>
  `(SELECT json_build_object('id', a.id, 'email', a.email, 'name', nullif(a.full_name, ''))
      FROM account a WHERE a.id = t.${column})`;

/** metres between the bike and ($lat, $lon) given as parameters $n and $n+1 (haversine) */
export const distanceSql = (n: number) => `
  CASE WHEN b.latitude IS NULL OR b.longitude IS NULL THEN NULL ELSE
  12742000 * asin(sqrt(power(sin(radians(b.latitude - $${n}::float8) / 2), 2)
    + cos(radians($${n}::float8)) * cos(radians(b.latitude))
    * power(sin(radians(b.longitude - $${n + 1}::float8) / 2), 2))) END`;

export const selectColumns = (distance: string) => `
  t.id, t.kind, t.title, b.vehicle_number, t.bike_id, t.status, t.priority, t.due_at, t.notes,
  t.checked, t.cause, t.created_at, t.started_at, t.closed_at, t.updated_at,
  b.latitude, b.longitude, b.last_position_date, ${distance} AS distance_m,
  t.swap_battery_level, t.swap_battery_number, t.parts, t.cost_amount::text AS cost_amount,
  t.cost_currency, t.drop_off_latitude, t.drop_off_longitude, t.rule_id, t.rule_name,
  t.rule_builtin,
  ${userOf('assignee_id')} AS assignee, ${userOf('created_by')} AS created_by,
  ${userOf('started_by')} AS started_by, ${userOf('closed_by')} AS closed_by`;

export const FROM = `FROM task t JOIN bike b ON b.id = t.bike_id`;

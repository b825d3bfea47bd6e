// The alerts' rows as the API reads and changes them (ADR 0081): the list and one alert, the
// acknowledgement, the assignee, the clearing, and the changes the live stream sends.
import type { Alert, AlertKind, AlertStateFilter } from '@vfm/contract';
import { ALERT_SEVERITY } from '@vfm/contract';
import * as rules from './rule-conditions';
import type { Queryable } from '../../../db/client';
import { iso } from '../../../lib/iso';

const STATE_SQL = `CASE WHEN a.cleared_at IS NOT NULL THEN 'CLEARED'
                        WHEN a.acknowledged_at IS NOT NULL THEN 'ACKNOWLEDGED'
                        ELSE 'OPEN' END`;

const userRef = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL
        ELSE json_build_object('id', ${alias}.id, 'email', ${alias}.email,
                               'name', nullif(${alias}.full_name, '')) END`;

const ALERT_SELECT = `SELECT a.id, ${rules.alertKindSql('a')} AS kind, ${rules.RULE_OF_ALERT}, ${STATE_SQL} AS state, b.vehicle_number AS "vehicleNumber",
       a.opened_at AS "openedAt", a.acknowledged_at AS "acknowledgedAt",
       ${userRef('ack')} AS "acknowledgedBy", a.ack_comment AS comment,
       ${userRef('asg')} AS assignee, a.assigned_at AS "assignedAt",
       a.cleared_at AS "clearedAt", ${userRef('clr')} AS "clearedBy",
       a.clear_cause AS "clearCause", a.clear_reason AS "clearReason"
  FROM alert a
  JOIN bike b ON b.id = a.bike_id
  LEFT JOIN account ack ON ack.id = a.acknowledged_by
  LEFT JOIN account asg ON asg.id = a.assignee_id
  LEFT JOIN account clr ON clr.id = a.cleared_by LEFT JOIN rule r_ ON r_.id = a.rule_id`;

type AlertRow = Omit<
  Alert,
  'severity' | 'openedAt' | 'acknowledgedAt' | 'assignedAt' | 'clearedAt'
> &
  rules.RuleSeverity & {
    openedAt: Date;
    acknowledgedAt: Date | null;
    assignedAt: Date | null;
    clearedAt: Date | null;
  };

function toAlert({ ruleSeverity, ...row }: AlertRow): Alert {
  return {
    ...row,
    severity: ruleSeverity ?? ALERT_SEVERITY[row.kind],
    openedAt: row.openedAt.toISOString(),
    acknowledgedAt: iso(row.acknowledgedAt),
    assignedAt: iso(row.assignedAt),
    clearedAt: iso(row.clearedAt),
  };
}

export interface AlertFilter {
  state: AlertStateFilter;
  kind?: AlertKind;
  vehicleNumbers?: string[];
  assigneeId?: string;
}

const STATE_FILTER: Record<AlertStateFilter, string> = {
  active: 'a.cleared_at IS NULL',
  OPEN: 'a.cleared_at IS NULL AND a.acknowledged_at IS NULL',
  ACKNOWLEDGED: 'a.cleared_at IS NULL AND a.acknowledged_at IS NOT NULL',
  CLEARED: 'a.cleared_at IS NOT NULL',
  all: 'true',
};

export async function selectAlertPage(
  db: Queryable,
  fleetId: string,
  filter: AlertFilter,
  page: number,
  size: number,
): Promise<{ content: Alert[]; total: number }> {
  const where = `a.fleet_id = $1 AND ${STATE_FILTER[filter.state]}
    AND ${rules.kindFilterSql('a', '$2')}
    AND ($3::text[] IS NULL OR b.vehicle_number = ANY($3::text[]))
    AND ($4::uuid IS NULL OR a.assignee_id = $4)`;
  const params = [
    fleetId,
    filter.kind ?? null,
    filter.vehicleNumbers ?? null,
    filter.assigneeId ?? null,
  ];
  const [rows, [count]] = await Promise.all([
    db.query<AlertRow>(
      `${ALERT_SELECT} WHERE ${where} ORDER BY a.opened_at DESC, a.id LIMIT $5 OFFSET $6`,
      [...params, size, page * size],
    ),
    db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM alert a JOIN bike b ON b.id = a.bike_id WHERE ${where}`,
      params,
    ),
  ]);
  return { content: rows.map(toAlert), total: count?.total ?? 0 };
}

export async function selectAlert(db: Queryable, fleetId: string, id: string) {
  const [row] = await db.query<AlertRow>(`${ALERT_SELECT} WHERE a.fleet_id = $1 AND a.id = $2`, [
    fleetId,
    id,
  ]);
  return row ? toAlert(row) : null;
}

/** The alert's bookkeeping row, locked: its fleet checked, its bike named. */
export async function lockAlert(tx: Queryable, fleetId: string, id: string) {
  const [row] = await tx.query<{
    bikeId: number;
    vehicleNumber: string;
    kind: AlertKind;
    acknowledged: boolean;
    cleared: boolean;
  }>(
    `SELECT a.bike_id AS "bikeId", b.vehicle_number AS "vehicleNumber", ${rules.alertKindSql('a')} AS kind,
            a.acknowledged_at IS NOT NULL AS acknowledged, a.cleared_at IS NOT NULL AS cleared
       FROM alert a JOIN bike b ON b.id = a.bike_id
      WHERE a.fleet_id = $1 AND a.id = $2 FOR UPDATE OF a`,
    [fleetId, id],
  );
  return row ?? null;
}

export async function updateAcknowledged(
  tx: Queryable,
  id: string,
  by: string,
  comment: string | null,
  now: Date,
) {
  await tx.query(
    `UPDATE alert SET acknowledged_at = $3, acknowledged_by = $2, ack_comment = $4,
                      updated_at = now()
      WHERE id = $1 AND acknowledged_at IS NULL`,
    [id, by, now, comment],
  );
}

export async function updateAssignee(
  tx: Queryable,
  id: string,
  assigneeId: string | null,
  now: Date,
) {
  await tx.query(
    `UPDATE alert SET assignee_id = $2, assigned_at = CASE WHEN $2::uuid IS NULL THEN NULL ELSE $3::timestamptz END,
                      updated_at = now()
      WHERE id = $1`,
    [id, assigneeId, now],
  );
}

export async function updateCleared(
  tx: Queryable,
  id: string,
  by: string,
  reason: string,
  now: Date,
) {
  await tx.query(
    `UPDATE alert SET cleared_at = $3, cleared_by = $2, clear_cause = 'MANUAL', clear_reason = $4,
                      updated_at = now()
      WHERE id = $1 AND cleared_at IS NULL`,
    [id, by, now, reason],
  );
}

/** The fleet's active accounts an alert may be assigned to. */
export async function selectAssignees(db: Queryable, fleetId: string) {
  return db.query<{ id: string; email: string; name: string | null }>(
    `SELECT id, email, nullif(full_name, '') AS name FROM account
      WHERE fleet_id = $1 AND status = 'ACTIVE' ORDER BY coalesce(nullif(full_name, ''), email), email`,
    [fleetId],
  );
}

export async function isActiveAccountOfFleet(db: Queryable, fleetId: string, accountId: string) {
  const rows = await db.query(
    `SELECT 1 FROM account WHERE id = $1 AND fleet_id = $2 AND status = 'ACTIVE'`,
    [accountId, fleetId],
  );
  return rows.length > 0;
}

/** Vehicle numbers whose alerts changed after this time (the live stream's read). */
export async function alertChangesSince(db: Queryable, fleetId: string, sinceMicros: number) {
  return db.query<{ vehicleNumber: string; at: number }>(
    `SELECT b.vehicle_number AS "vehicleNumber",
            (extract(epoch FROM max(a.updated_at)) * 1000000)::bigint AS at
       FROM alert a JOIN bike b ON b.id = a.bike_id
      WHERE a.fleet_id = $1 AND a.updated_at > to_timestamp($2::float8 / 1000000)
      GROUP BY b.vehicle_number LIMIT 1000`,
    [fleetId, sinceMicros],
  );
}

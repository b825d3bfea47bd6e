// The rules' and the inbox's SQL (ADR 0086). A rule lists its bikes by id and its
// groups by id, both of its fleet (the service checks); what the API shows names the bikes by
// their vehicle numbers. The fan-out's and the deliveries' SQL: fanout/queries.ts,
// delivery/queries.ts; the one-click unsubscribe's: ./unsubscribe.ts.
import type {
  AlertSeverity,
  Notification,
  NotificationChannel,
  NotificationKind,
  NotificationRule,
  RuleBikeScope,
  RuleDigest,
  ZoneActiveHours,
} from '@vfm/contract';
import type { Queryable } from '../../../db/client';
import { LIVE_CHANNEL } from '../../../lib/live-channel';

export interface RuleValues {
  name: string;
  enabled: boolean;
  kinds: NotificationKind[];
  bikeScope: RuleBikeScope;
  groupIds: string[];
  bikeIds: number[];
  channels: NotificationChannel[];
  minSeverity: AlertSeverity;
  quietHours: ZoneActiveHours | null;
  alwaysNotify: NotificationKind[];
  digest: RuleDigest;
}

type RuleRow = Omit<NotificationRule, 'updatedAt'> & {
  updatedAt: Date;
  accountId: string | null;
};

/** The rule's columns as the contract's names; `$viewer`: whose unsubscription is read. */
const RULE_SELECT = (viewer: string) => `
SELECT r.id, r.name, r.enabled, r.kinds, r.bike_scope AS "bikeScope", r.group_ids AS "groupIds",
       ARRAY(SELECT b.vehicle_number FROM bike b
              WHERE b.id = ANY(r.bike_ids) AND b.fleet_id = r.fleet_id
              ORDER BY b.vehicle_number) AS "vehicleNumbers",
       r.channels, r.min_severity AS "minSeverity", r.quiet_hours AS "quietHours",
       r.always_notify AS "alwaysNotify", r.digest, r.account_id IS NULL AS "fleetWide",
       r.account_id AS "accountId", r.is_default AS "isDefault",
       EXISTS (SELECT 1 FROM notification_rule_unsubscribe u
                WHERE u.rule_id = r.id AND u.account_id = ${viewer}) AS "emailUnsubscribed",
       r.version, r.updated_at AS "updatedAt", r.updated_by AS "updatedBy"
  FROM notification_rule r`;

const toRule = ({ accountId: _accountId, ...row }: RuleRow): NotificationRule => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
});

/** The caller's own rules and the fleet-wide ones, fleet-wide first, then by name. */
export async function selectRules(db: Queryable, fleetId: string, accountId: string) {
  const rows = await db.query<RuleRow>(
    `${RULE_SELECT('$2')}
      WHERE r.fleet_id = $1 AND (r.account_id = $2 OR r.account_id IS NULL)
      ORDER BY r.account_id IS NOT NULL, lower(r.name), r.id`,
    [fleetId, accountId],
  );
  return rows.map(toRule);
}

/** One rule the caller may see (their own or fleet-wide), with its owner; locked if asked. */
export async function selectRule(
  db: Queryable,
  fleetId: string,
  accountId: string,
  id: string,
  lock = false,
) {
  const [row] = await db.query<RuleRow>(
    `${RULE_SELECT('$2')}
      WHERE r.fleet_id = $1 AND (r.account_id = $2 OR r.account_id IS NULL) AND r.id = $3
      ${lock ? 'FOR UPDATE OF r' : ''}`,
    [fleetId, accountId, id],
  );
  return row ? { rule: toRule(row), ownerId: row.accountId } : null;
}

export async function countRules(db: Queryable, fleetId: string, accountId: string | null) {
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM notification_rule
      WHERE fleet_id = $1 AND account_id IS NOT DISTINCT FROM $2`,
    [fleetId, accountId],
  );
  return row?.count ?? 0;
}

const valueParams = (values: RuleValues) => [
  values.name,
  values.enabled,
  values.kinds,
  values.bikeScope,
  values.groupIds,
  values.bikeIds,
  values.channels,
  values.minSeverity,
  values.quietHours ? JSON.stringify(values.quietHours) : null,
  values.alwaysNotify,
  values.digest,
];

export async function insertRule(
  db: Queryable,
  fleetId: string,
  accountId: string | null,
  values: RuleValues,
  by: string | null,
  options: { isDefault?: boolean } = {},
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO notification_rule (name, enabled, kinds, bike_scope, group_ids, bike_ids,
                                    channels, min_severity, quiet_hours, always_notify, digest,
                                    fleet_id, account_id, updated_by, is_default)
     VALUES ($1, $2, $3::text[], $4, $5::uuid[], $6::bigint[], $7::text[], $8, $9::jsonb,
             $10::text[], $11, $12, $13, $14, $15)
     RETURNING id`,
    [...valueParams(values), fleetId, accountId, by, options.isDefault ?? false],
  );
  return row!.id;
}

export async function updateRule(db: Queryable, id: string, values: RuleValues, by: string) {
  await db.query(
    `UPDATE notification_rule
        SET name = $1, enabled = $2, kinds = $3::text[], bike_scope = $4, group_ids = $5::uuid[],
            bike_ids = $6::bigint[], channels = $7::text[], min_severity = $8,
            quiet_hours = $9::jsonb, always_notify = $10::text[], digest = $11,
            version = version + 1, updated_at = now(), updated_by = $13
      WHERE id = $12`,
    [...valueParams(values), id, by],
  );
}

export async function deleteRule(db: Queryable, id: string) {
  await db.query('DELETE FROM notification_rule WHERE id = $1', [id]);
}

/** The ids of these groups that belong to the fleet. */
export async function fleetGroupIds(db: Queryable, fleetId: string, groupIds: string[]) {
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM fleet_group WHERE fleet_id = $1 AND id = ANY($2::uuid[])',
    [fleetId, groupIds],
  );
  return rows.map((row) => row.id);
}

// ---- the inbox --------------------------------------------------------------------------

type NotificationRow = Omit<Notification, 'occurredAt' | 'readAt'> & {
  occurredAt: Date;
  readAt: Date | null;
};

const toNotification = (row: NotificationRow): Notification => ({
  ...row,
  occurredAt: row.occurredAt.toISOString(),
  readAt: row.readAt ? row.readAt.toISOString() : null,
});

/**
 * A page of the inbox with its counts, in one statement: one snapshot, so that a notification
 * written meanwhile is either counted and listed or neither (the page and its count in two
 * statements could count one not yet listed).
 */
export async function selectNotificationPage(
  db: Queryable,
  accountId: string,
  unreadOnly: boolean,
  page: number,
  size: number,
) {
  const shown = `($2::boolean IS NOT TRUE OR n.read_at IS NULL)`;
  const rows = await db.query<
    { total: number; unread: number } & (NotificationRow | { [K in keyof NotificationRow]: null })
  >(
    `WITH counts AS (
       SELECT (count(*) FILTER (WHERE ${shown}))::int AS total,
              (count(*) FILTER (WHERE n.read_at IS NULL))::int AS unread
         FROM notification n WHERE n.account_id = $1 AND n.in_app
     ), shown AS (
       SELECT n.id, n.kind, n.severity, n.vehicle_number AS "vehicleNumber",
              CASE WHEN n.zone_name IS NULL THEN NULL
                   ELSE json_build_object('id', n.zone_id, 'name', n.zone_name) END AS zone,
              n.alert_id AS "alertId", n.occurred_at AS "occurredAt", n.read_at AS "readAt"
         FROM notification n WHERE n.account_id = $1 AND n.in_app AND ${shown}
        ORDER BY n.occurred_at DESC, n.id LIMIT $3 OFFSET $4
     )
     SELECT counts.total, counts.unread, shown.*
       FROM counts LEFT JOIN shown ON true
      ORDER BY shown."occurredAt" DESC, shown.id`,
    [accountId, unreadOnly, size, page * size],
  );
  // no notification on the page: one row of counts, its notification's columns null
  const content = rows
    .filter((row): row is NotificationRow & { total: number; unread: number } => row.id !== null)
    .map(({ total: _total, unread: _unread, ...row }) => toNotification(row));
  return { content, total: rows[0]?.total ?? 0, unread: rows[0]?.unread ?? 0 };
}

export async function countUnread(db: Queryable, accountIds: string[]) {
  const rows = await db.query<{ accountId: string; unread: number }>(
    `SELECT a.id AS "accountId",
            (SELECT count(*)::int FROM notification n
              WHERE n.account_id = a.id AND n.in_app AND n.read_at IS NULL) AS unread
       FROM account a WHERE a.id = ANY($1::uuid[])`,
    [accountIds],
  );
  return new Map(rows.map((row) => [row.accountId, row.unread]));
}

/** Marks one notification read (again: no change); false when it is not the caller's. */
export async function markRead(db: Queryable, accountId: string, id: string, now: Date) {
  const rows = await db.query(
    `UPDATE notification SET read_at = coalesce(read_at, $3)
      WHERE id = $2 AND account_id = $1 AND in_app RETURNING id`,
    [accountId, id, now],
  );
  return rows.length > 0;
}

export async function markAllRead(db: Queryable, accountId: string, now: Date) {
  await db.query(
    `UPDATE notification SET read_at = $2
      WHERE account_id = $1 AND in_app AND read_at IS NULL`,
    [accountId, now],
  );
}

/** Tells the live streams that these users' notifications changed (delivered at commit): on
 *  the live channel, `{fleetId, accounts}`. */
export async function announceNotifications(db: Queryable, fleetId: string, accountIds: string[]) {
  const accounts = [...new Set(accountIds)];
  // a NOTIFY payload holds 8,000 bytes: 150 ids at a time
  const payloads: string[] = [];
  for (let i = 0; i < accounts.length; i += 150)
    payloads.push(JSON.stringify({ fleetId, accounts: accounts.slice(i, i + 150) }));
  if (!payloads.length) return;
  await db.query(`SELECT pg_notify('${LIVE_CHANNEL}', p) FROM unnest($1::text[]) AS p`, [payloads]);
}

/** Whether the account gave a phone number (the SMS channel's recipient, ADR 0124). */
export async function accountHasPhone(db: Queryable, accountId: string) {
  const rows = await db.query('SELECT 1 FROM account WHERE id = $1 AND phone IS NOT NULL', [
    accountId,
  ]);
  return rows.length > 0;
}

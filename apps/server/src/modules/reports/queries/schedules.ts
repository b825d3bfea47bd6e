// The report schedules and their deliveries (ADR 0127, migration 1011).
import type { Queryable } from '../../../db/client';

export interface ScheduleRow {
  id: string;
  fleet_id: string;
  name: string;
  frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  format: 'pdf' | 'xlsx';
  group_id: string | null;
  zone_id: string | null;
  recipients: string[];
  time_zone: string;
  hour: number;
  next_from: string;
  last_status: 'PENDING' | 'SENT' | 'FAILED' | null;
  last_from: string | null;
  last_to: string | null;
  last_at: Date | null;
}

const COLUMNS = `s.id, s.fleet_id, s.name, s.frequency, s.format, s.group_id, s.zone_id, s.recipients,
  s.time_zone, s.hour, to_char(s.next_from, 'YYYY-MM-DD') AS next_from,
  d.status AS last_status, to_char(d.period_from, 'YYYY-MM-DD') AS last_from,
  to_char(d.period_to, 'YYYY-MM-DD') AS last_to, coalesce(d.sent_at, d.created_at) AS last_at`;
const LAST = `LEFT JOIN LATERAL (SELECT * FROM report_delivery x WHERE x.schedule_id = s.id
  ORDER BY x.created_at DESC LIMIT 1) d ON true`;

export async function selectSchedules(db: Queryable, fleetId: string, id: string | null = null) {
  return db.query<ScheduleRow>(
    `SELECT ${COLUMNS} FROM report_schedule s ${LAST}
      WHERE s.fleet_id = $1 AND ($2::uuid IS NULL OR s.id = $2::uuid)
      ORDER BY lower(s.name), s.id`,
    [fleetId, id],
  );
}

export interface ScheduleValues {
  name: string;
  frequency: string;
  format: string;
  groupId: string | null;
  zoneId: string | null;
  recipients: string[];
  timeZone: string;
  hour: number;
}

const values = (v: ScheduleValues) => [
  v.name,
  v.frequency,
  v.format,
  v.groupId,
  v.zoneId,
  v.recipients,
  v.timeZone,
  v.hour,
];

export async function insertSchedule(
  db: Queryable,
  fleetId: string,
  v: ScheduleValues,
  nextFrom: string,
  by: string,
) {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO report_schedule (name, frequency, format, group_id, zone_id, recipients,
            time_zone, hour, fleet_id, next_from, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::date, $11) RETURNING id`,
    [...values(v), fleetId, nextFrom, by],
  );
  return row!.id;
}

export async function updateSchedule(
  db: Queryable,
  fleetId: string,
  id: string,
  v: ScheduleValues,
  nextFrom: string,
) {
  const rows = await db.query<{ id: string }>(
    `UPDATE report_schedule SET name = $1, frequency = $2, format = $3, group_id = $4,
            zone_id = $5, recipients = $6, time_zone = $7, hour = $8,
            next_from = CASE WHEN frequency = $2 THEN next_from ELSE $11::date END,
            updated_at = now()
      WHERE fleet_id = $9 AND id = $10 RETURNING id`,
    [...values(v), fleetId, id, nextFrom],
  );
  return rows.length > 0;
}

export async function deleteSchedule(db: Queryable, fleetId: string, id: string) {
  const rows = await db.query<{ name: string }>(
    `DELETE FROM report_schedule WHERE fleet_id = $1 AND id = $2 RETURNING name`,
    [fleetId, id],
  );
  return rows[0]?.name ?? null;
}

/** The schedules whose next period has ended by `today` (UTC), locked for their sweep. */
export async function dueSchedules(db: Queryable, today: string) {
  return db.query<ScheduleRow>(
    `SELECT ${COLUMNS} FROM report_schedule s ${LAST}
      WHERE s.next_from < $1::date ORDER BY s.next_from, s.id LIMIT 200`,
    [today],
  );
}

export async function lockSchedule(db: Queryable, id: string) {
  const rows = await db.query<{ next_from: string }>(
    `SELECT to_char(next_from, 'YYYY-MM-DD') AS next_from FROM report_schedule
      WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0]?.next_from ?? null;
}

export async function setNextFrom(db: Queryable, id: string, nextFrom: string) {
  await db.query(`UPDATE report_schedule SET next_from = $2::date WHERE id = $1`, [id, nextFrom]);
}

/** Each recipient's time zone: their account's in the fleet, else none. */
export async function recipientTimeZones(db: Queryable, fleetId: string, emails: string[]) {
  return db.query<{ email: string; time_zone: string | null; language: string | null }>(
    `SELECT lower(a.email) AS email, max(us.time_zone) AS time_zone, max(us.language) AS language
       FROM account a LEFT JOIN user_settings us ON us.account_id = a.id
      WHERE a.fleet_id = $1 AND lower(a.email) = ANY($2::text[])
      GROUP BY lower(a.email)`,
    [fleetId, emails.map((e) => e.toLowerCase())],
  );
}

export async function insertDelivery(
  db: Queryable,
  d: {
    scheduleId: string;
    fleetId: string;
    recipient: string;
    from: string;
    to: string;
    trigger: string;
    sendAt: Date;
  },
) {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO report_delivery (schedule_id, fleet_id, recipient, period_from, period_to,
            trigger, send_at)
     VALUES ($1, $2, $3, $4::date, $5::date, $6, $7)
     ON CONFLICT (schedule_id, recipient, period_from, trigger) DO NOTHING RETURNING id`,
    [d.scheduleId, d.fleetId, d.recipient, d.from, d.to, d.trigger, d.sendAt],
  );
  return rows[0]?.id ?? null;
}

export interface DeliveryRow {
  id: string;
  fleet_id: string;
  recipient: string;
  period_from: string;
  status: string;
  frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  format: 'pdf' | 'xlsx';
  name: string;
  group_id: string | null;
  zone_id: string | null;
  language: string | null;
}

export async function selectDelivery(db: Queryable, id: string) {
  const rows = await db.query<DeliveryRow>(
    `SELECT d.id, d.fleet_id, d.recipient, to_char(d.period_from, 'YYYY-MM-DD') AS period_from,
            d.status, s.frequency, s.format, s.name, s.group_id, s.zone_id,
            -- the recipient's language (their account's in the fleet), else the author's
            coalesce(
              (SELECT a.language FROM account a
                WHERE a.fleet_id = d.fleet_id AND lower(a.email) = lower(d.recipient) LIMIT 1),
              (SELECT a.language FROM account a
                WHERE a.fleet_id = d.fleet_id
                  AND (a.id::text = s.created_by OR lower(a.email) = lower(s.created_by))
                LIMIT 1)) AS language
       FROM report_delivery d JOIN report_schedule s ON s.id = d.schedule_id WHERE d.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function markDelivery(
  db: Queryable,
  id: string,
  outcome: { sent: true } | { sent: false; error: string; attemptsMax: number },
) {
  await db.query(
    outcome.sent
      ? `UPDATE report_delivery SET status = 'SENT', attempts = attempts + 1, sent_at = now(),
                last_error = NULL WHERE id = $1`
      : `UPDATE report_delivery SET attempts = attempts + 1, last_error = $2,
                status = CASE WHEN attempts + 1 >= $3 THEN 'FAILED' ELSE status END
          WHERE id = $1`,
    outcome.sent ? [id] : [id, outcome.error.slice(0, 500), outcome.attemptsMax],
  );
}

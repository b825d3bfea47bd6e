// What the rollup job writes (ADR 0127): a (fleet, day) at once, inside the caller's
// transaction — its old rows deleted, its new ones written, its mark set.
import type { Queryable } from '../../../db/client';
import type { DayUse } from '../bike-day';
import type { BikeSums } from '../metrics';
import type { ZoneOccupancyRow } from '../zone-occupancy';

export interface BikeDayRow extends DayUse {
  bikeId: number;
  groupId: string | null;
  endAvailability: string;
  endStolen: boolean;
}

export interface ZoneDayRow extends ZoneOccupancyRow {
  trips: number;
  km: number;
  rideMinutes: number;
  bikes: number;
}

const TABLES = [
  'report_bike_day',
  'report_alert_day',
  'report_task_day',
  'report_zone_day',
  'report_zone_group_day',
  'report_group_day',
] as const;

/** Deletes a (fleet, day)'s rows, after waiting for any other writer of the same day. */
export async function clearDay(tx: Queryable, fleetId: string, day: string) {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('report-day:' || $1 || ':' || $2))`, [
    fleetId,
    day,
  ]);
  for (const table of TABLES)
    await tx.query(`DELETE FROM ${table} WHERE fleet_id = $1 AND day = $2::date`, [fleetId, day]);
}

const BATCH = 5000;

/** A column's SQL name: its field's (rideMinutes → ride_minutes). */
const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Writes a (fleet, day)'s rows into one of the rollup tables, a batch at a time, each field
 * named in `types` a column of that SQL type (the rows' other fields are not written).
 */
async function insertDayRows<R>(
  tx: Queryable,
  table: (typeof TABLES)[number],
  fleetId: string,
  day: string,
  rows: readonly R[],
  types: { readonly [K in keyof R]?: string },
) {
  const fields = Object.keys(types) as Array<keyof R & string>;
  const columns = fields.map(columnOf).join(', ');
  const arrays = fields.map((field, i) => `$${i + 3}::${types[field]}[]`).join(', ');
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    await tx.query(
      `INSERT INTO ${table} (fleet_id, day, ${columns})
       SELECT $1, $2::date, * FROM unnest(${arrays})`,
      [fleetId, day, ...fields.map((field) => part.map((row) => row[field]))],
    );
  }
}

export interface GroupDayRow extends BikeSums {
  groupId: string | null;
  bikes: number;
}

const USE_TYPES = {
  trips: 'int',
  km: 'float8',
  rideMinutes: 'float8',
  deployedMinutes: 'float8',
  availableMinutes: 'float8',
  onTripMinutes: 'float8',
} as const;

export const insertBikeDays = (tx: Queryable, fleetId: string, day: string, rows: BikeDayRow[]) =>
  insertDayRows(tx, 'report_bike_day', fleetId, day, rows, {
    bikeId: 'bigint',
    groupId: 'uuid',
    ...USE_TYPES,
    endAvailability: 'text',
    endStolen: 'bool',
  });

export const insertGroupDays = (tx: Queryable, fleetId: string, day: string, rows: GroupDayRow[]) =>
  insertDayRows(tx, 'report_group_day', fleetId, day, rows, {
    groupId: 'uuid',
    bikes: 'int',
    ...USE_TYPES,
    deployedBikes: 'int',
    activeBikes: 'int',
  });

/** Each bike's bit of the day in its month's row: set when deployed / active, else cleared. */
export async function upsertBikeMonths(
  tx: Queryable,
  fleetId: string,
  day: string,
  rows: BikeDayRow[],
) {
  const month = `${day.slice(0, 8)}01`;
  const bit = 1 << (Number(day.slice(8, 10)) - 1);
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    await tx.query(
      `INSERT INTO report_bike_month AS m (fleet_id, month, bike_id, group_id, deployed_days,
              active_days)
       SELECT $1, $2::date, * FROM unnest($4::bigint[], $5::uuid[], $6::int[], $7::int[])
       ON CONFLICT (fleet_id, month, bike_id) DO UPDATE SET group_id = excluded.group_id,
              deployed_days = (m.deployed_days & ~$3::int) | excluded.deployed_days,
              active_days = (m.active_days & ~$3::int) | excluded.active_days`,
      [
        fleetId,
        month,
        bit,
        part.map((r) => r.bikeId),
        part.map((r) => r.groupId),
        part.map((r) => (r.deployedMinutes > 0 ? bit : 0)),
        part.map((r) => (r.trips > 0 ? bit : 0)),
      ],
    );
  }
}

export const insertZoneDays = (tx: Queryable, fleetId: string, day: string, rows: ZoneDayRow[]) =>
  insertDayRows(tx, 'report_zone_day', fleetId, day, rows, {
    zoneId: 'uuid',
    trips: 'int',
    km: 'float8',
    rideMinutes: 'float8',
    bikes: 'int',
    parkedMinutes: 'float8',
    observedMinutes: 'int',
    peakParked: 'int',
    minutesAboveMax: 'int',
    minutesBelowMin: 'int',
    minBikes: 'int',
    maxBikes: 'int',
  });

export const insertZoneGroupDays = (
  tx: Queryable,
  fleetId: string,
  day: string,
  rows: Array<{ zoneId: string; groupId: string | null; parkedMinutes: number }>,
) =>
  insertDayRows(tx, 'report_zone_group_day', fleetId, day, rows, {
    zoneId: 'uuid',
    groupId: 'uuid',
    parkedMinutes: 'float8',
  });

/** A (fleet, day) and the part of it rolled up: [start, end), up to now for today. */
export interface RollupWindow {
  fleetId: string;
  day: string;
  start: Date;
  end: Date;
}

const MINUTES = (later: string) =>
  `greatest(0, extract(epoch FROM (a.${later} - a.opened_at)) / 60)`;

/** Alerts opened, acknowledged and cleared in [start, end), per bike and kind. */
export async function insertAlertDay(tx: Queryable, { fleetId, day, start, end }: RollupWindow) {
  await tx.query(
    `INSERT INTO report_alert_day (fleet_id, day, bike_id, group_id, kind, opened, ack_minutes,
            clear_minutes)
     SELECT $1, $2::date, x.bike_id, b.group_id, x.kind,
            count(*) FILTER (WHERE x.what = 'o')::int,
            coalesce(array_agg(x.minutes) FILTER (WHERE x.what = 'a'), '{}'),
            coalesce(array_agg(x.minutes) FILTER (WHERE x.what = 'c'), '{}')
       FROM (SELECT a.bike_id, a.kind, 'o' AS what, 0::float8 AS minutes FROM alert a
              WHERE a.fleet_id = $1 AND a.opened_at >= $3 AND a.opened_at < $4
             UNION ALL
             SELECT a.bike_id, a.kind, 'a', ${MINUTES('acknowledged_at')} FROM alert a
              WHERE a.fleet_id = $1 AND a.acknowledged_at >= $3 AND a.acknowledged_at < $4
             UNION ALL
             SELECT a.bike_id, a.kind, 'c', ${MINUTES('cleared_at')} FROM alert a
              WHERE a.fleet_id = $1 AND a.cleared_at >= $3 AND a.cleared_at < $4) x
       LEFT JOIN bike b ON b.id = x.bike_id
      GROUP BY x.bike_id, b.group_id, x.kind`,
    [fleetId, day, start, end],
  );
}

/** Tasks done in [start, end), per bike, kind, priority and who closed them. */
export async function insertTaskDay(tx: Queryable, { fleetId, day, start, end }: RollupWindow) {
  await tx.query(
    `INSERT INTO report_task_day (fleet_id, day, bike_id, group_id, kind, priority,
            technician_id, done, within_sla, close_minutes)
     SELECT $1, $2::date, t.bike_id, b.group_id, t.kind, t.priority, t.closed_by,
            count(*)::int,
            count(*) FILTER (WHERE t.due_at IS NULL OR t.closed_at <= t.due_at)::int,
            array_agg(greatest(0, extract(epoch FROM (t.closed_at - t.created_at)) / 60))
       FROM task t LEFT JOIN bike b ON b.id = t.bike_id
      WHERE t.fleet_id = $1 AND t.status = 'DONE' AND t.closed_at >= $3 AND t.closed_at < $4
      GROUP BY t.bike_id, b.group_id, t.kind, t.priority, t.closed_by`,
    [fleetId, day, start, end],
  );
}

export async function markDay(
  tx: Queryable,
  fleetId: string,
  day: string,
  final: boolean,
  now: Date,
  availableByMinute: number[],
) {
  await tx.query(
    `INSERT INTO report_rollup_day (fleet_id, day, final, computed_at, available_by_minute)
     VALUES ($1, $2::date, $3, $4, $5::int[])
     ON CONFLICT (fleet_id, day) DO UPDATE SET final = excluded.final,
            computed_at = excluded.computed_at, available_by_minute = excluded.available_by_minute`,
    [fleetId, day, final, now, availableByMinute],
  );
}

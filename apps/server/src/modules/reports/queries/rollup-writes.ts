// What the rollup job writes (ADR 0127): a (fleet, day) at once, inside the caller's
// transaction — its old rows deleted, its new ones written, its mark set.
import type { Queryable } from '../../../db/client';
import type { ZoneOccupancyRow } from '../zone-occupancy';

export interface BikeDayRow {
  bikeId: number;
  groupId: string | null;
  trips: number;
  km: number;
  rideMinutes: number;
  deployedMinutes: number;
  availableMinutes: number;
  onTripMinutes: number;
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

export async function insertBikeDays(
  tx: Queryable,
  fleetId: string,
  day: string,
  rows: BikeDayRow[],
) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    await tx.query(
      `INSERT INTO report_bike_day (fleet_id, day, bike_id, group_id, trips, km, ride_minutes,
              deployed_minutes, available_minutes, on_trip_minutes, end_availability, end_stolen)
       SELECT $1, $2::date, * FROM unnest($3::bigint[], $4::uuid[], $5::int[], $6::float8[],
              $7::float8[], $8::float8[], $9::float8[], $10::float8[], $11::text[], $12::bool[])`,
      [
        fleetId,
        day,
        part.map((r) => r.bikeId),
        part.map((r) => r.groupId),
        part.map((r) => r.trips),
        part.map((r) => r.km),
        part.map((r) => r.rideMinutes),
        part.map((r) => r.deployedMinutes),
        part.map((r) => r.availableMinutes),
        part.map((r) => r.onTripMinutes),
        part.map((r) => r.endAvailability),
        part.map((r) => r.endStolen),
      ],
    );
  }
}

export interface GroupDayRow {
  groupId: string | null;
  bikes: number;
  trips: number;
  km: number;
  rideMinutes: number;
  deployedMinutes: number;
  availableMinutes: number;
  onTripMinutes: number;
  deployedBikes: number;
  activeBikes: number;
}

export async function insertGroupDays(
  tx: Queryable,
  fleetId: string,
  day: string,
  rows: GroupDayRow[],
) {
  if (!rows.length) return;
  const column = <K extends keyof GroupDayRow>(key: K) => rows.map((r) => r[key]);
  await tx.query(
    `INSERT INTO report_group_day (fleet_id, day, group_id, bikes, trips, km, ride_minutes,
            deployed_minutes, available_minutes, on_trip_minutes, deployed_bikes, active_bikes)
     SELECT $1, $2::date, * FROM unnest($3::uuid[], $4::int[], $5::int[], $6::float8[],
            $7::float8[], $8::float8[], $9::float8[], $10::float8[], $11::int[], $12::int[])`,
    [
      fleetId,
      day,
      column('groupId'),
      column('bikes'),
      column('trips'),
      column('km'),
      column('rideMinutes'),
      column('deployedMinutes'),
      column('availableMinutes'),
      column('onTripMinutes'),
      column('deployedBikes'),
      column('activeBikes'),
    ],
  );
}

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

export async function insertZoneDays(
  tx: Queryable,
  fleetId: string,
  day: string,
  rows: ZoneDayRow[],
) {
  if (!rows.length) return;
  const column = <K extends keyof ZoneDayRow>(key: K) => rows.map((r) => r[key]);
  await tx.query(
    `INSERT INTO report_zone_day (fleet_id, day, zone_id, trips, km, ride_minutes, bikes,
            parked_minutes, observed_minutes, peak_parked, minutes_above_max, minutes_below_min,
            min_bikes, max_bikes)
     SELECT $1, $2::date, * FROM unnest($3::uuid[], $4::int[], $5::float8[], $6::float8[],
            $7::int[], $8::float8[], $9::int[], $10::int[], $11::int[], $12::int[], $13::int[],
            $14::int[])`,
    [
      fleetId,
      day,
      column('zoneId'),
      column('trips'),
      column('km'),
      column('rideMinutes'),
      column('bikes'),
      column('parkedMinutes'),
      column('observedMinutes'),
      column('peakParked'),
      column('minutesAboveMax'),
      column('minutesBelowMin'),
      column('minBikes'),
      column('maxBikes'),
    ],
  );
}

export async function insertZoneGroupDays(
  tx: Queryable,
  fleetId: string,
  day: string,
  rows: Array<{ zoneId: string; groupId: string | null; parkedMinutes: number }>,
) {
  if (!rows.length) return;
  await tx.query(
    `INSERT INTO report_zone_group_day (fleet_id, day, zone_id, group_id, parked_minutes)
     SELECT $1, $2::date, * FROM unnest($3::uuid[], $4::uuid[], $5::float8[])`,
    [
      fleetId,
      day,
      rows.map((r) => r.zoneId),
      rows.map((r) => r.groupId),
      rows.map((r) => r.parkedMinutes),
    ],
  );
}

const MINUTES = (later: string) =>
  `greatest(0, extract(epoch FROM (a.${later} - a.opened_at)) / 60)`;

/** Alerts opened, acknowledged and cleared in [start, end), per bike and kind. */
export async function insertAlertDay(
  tx: Queryable,
  fleetId: string,
  day: string,
  start: Date,
  end: Date,
) {
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
export async function insertTaskDay(
  tx: Queryable,
  fleetId: string,
  day: string,
  start: Date,
  end: Date,
) {
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

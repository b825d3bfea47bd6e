// What a report reads (ADR 0127): the daily rollups of a fleet over a period of UTC days, for
// the whole fleet, a group with its subgroups ($4) or a bike ($5) — zone figures come from the
// zone rollup. Every list is aggregated in the database; the medians from the stored minutes.
import type { Queryable } from '../../../db/client';
import { monthMasks } from '../period';
import type { TechnicianClosedRow } from '../../task-statistics/queries';

export interface ReportScopeParams {
  fleetId: string;
  from: string;
  to: string;
  groupId: string | null;
  bikeId: number | null;
}

const GROUP_FILTER = `($4::uuid IS NULL OR r.group_id IN (
    WITH RECURSIVE scope(id) AS (
      SELECT id FROM fleet_group WHERE fleet_id = $1 AND id = $4::uuid
      UNION
      SELECT child.id FROM fleet_group child JOIN scope ON child.parent_id = scope.id)
    SELECT id FROM scope))`;
const IN_GROUP = `r.fleet_id = $1 AND r.day BETWEEN $2::date AND $3::date AND ${GROUP_FILTER}`;
const WHERE = `${IN_GROUP} AND ($5::bigint IS NULL OR r.bike_id = $5::bigint)`;

const params = (p: ReportScopeParams) => [p.fleetId, p.from, p.to, p.groupId, p.bikeId];

export interface BikeTotalsRow {
  day: string | null;
  trips: number;
  km: number;
  ride_minutes: number;
  deployed_minutes: number;
  available_minutes: number;
  on_trip_minutes: number;
  deployed_bikes: number;
  active_bikes: number;
}

const SUMS = `coalesce(sum(r.trips), 0)::int AS trips, coalesce(sum(r.km), 0)::float8 AS km,
  coalesce(sum(r.ride_minutes), 0)::float8 AS ride_minutes,
  coalesce(sum(r.deployed_minutes), 0)::float8 AS deployed_minutes,
  coalesce(sum(r.available_minutes), 0)::float8 AS available_minutes,
  coalesce(sum(r.on_trip_minutes), 0)::float8 AS on_trip_minutes`;

/**
 * Each day's totals (only the days with rows) and the period's (day null) with its distinct
 * deployed and active bikes: of a bike from its rows; of the fleet or a group from the sums
 * per group and day and the bikes' month rows (docs/performance.md "Reports": a 30-day report
 * of 100,000 bikes reads some 1,500 and 100,000 rows, not 3 million twice).
 */
export async function bikeTotals(db: Queryable, p: ReportScopeParams): Promise<BikeTotalsRow[]> {
  const { months, masks } = monthMasks(p.from, p.to);
  const perBike = p.bikeId !== null;
  const [days, [bikes]] = await Promise.all([
    db.query<BikeTotalsRow>(
      perBike
        ? `SELECT to_char(r.day, 'YYYY-MM-DD') AS day, ${SUMS},
                  count(*) FILTER (WHERE r.deployed_minutes > 0)::int AS deployed_bikes,
                  count(*) FILTER (WHERE r.trips > 0)::int AS active_bikes
             FROM report_bike_day r WHERE ${WHERE} GROUP BY r.day`
        : `SELECT to_char(r.day, 'YYYY-MM-DD') AS day, ${SUMS},
                  sum(r.deployed_bikes)::int AS deployed_bikes,
                  sum(r.active_bikes)::int AS active_bikes
             FROM report_group_day r WHERE ${IN_GROUP} GROUP BY r.day`,
      perBike ? params(p) : params(p).slice(0, 4),
    ),
    perBike
      ? Promise.resolve([null])
      : db.query<{ deployed_bikes: number; active_bikes: number }>(
          `SELECT count(*) FILTER (WHERE deployed)::int AS deployed_bikes,
                  count(*) FILTER (WHERE active)::int AS active_bikes
             FROM (SELECT bool_or(r.deployed_days & m.mask <> 0) AS deployed,
                          bool_or(r.active_days & m.mask <> 0) AS active
                     FROM report_bike_month r
                     JOIN unnest($5::date[], $6::int[]) AS m(month, mask) ON m.month = r.month
                    WHERE r.fleet_id = $1 AND r.month BETWEEN date_trunc('month', $2::date)::date
                          AND $3::date AND ${GROUP_FILTER}
                    GROUP BY r.bike_id) b`,
          [...params(p).slice(0, 4), months, masks],
        ),
  ]);
  const sum = (key: SumKey) => days.reduce((total, d) => total + d[key], 0);
  const whole: BikeTotalsRow = {
    day: null,
    trips: sum('trips'),
    km: sum('km'),
    ride_minutes: sum('ride_minutes'),
    deployed_minutes: sum('deployed_minutes'),
    available_minutes: sum('available_minutes'),
    on_trip_minutes: sum('on_trip_minutes'),
    // a bike's: deployed or active on any day
    deployed_bikes: bikes ? bikes.deployed_bikes : Number(days.some((d) => d.deployed_bikes > 0)),
    active_bikes: bikes ? bikes.active_bikes : Number(days.some((d) => d.active_bikes > 0)),
  };
  return [whole, ...days];
}

type SumKey =
  'trips' | 'km' | 'ride_minutes' | 'deployed_minutes' | 'available_minutes' | 'on_trip_minutes';

export interface ZoneTotalsRow {
  id: string;
  name: string;
  type: string;
  min_bikes: number | null;
  max_bikes: number | null;
  day: string | null;
  trips: number;
  km: number;
  ride_minutes: number;
  bikes: number;
  parked_minutes: number;
  observed_minutes: number;
  peak_parked: number | null;
  minutes_above_max: number;
  minutes_below_min: number;
}

/** Per zone (all of the fleet's, or one), its totals and, with `perDay`, each day's. */
export async function zoneTotals(
  db: Queryable,
  fleetId: string,
  from: string,
  to: string,
  zoneId: string | null,
  perDay: boolean,
) {
  return db.query<ZoneTotalsRow>(
    `SELECT z.id, z.name, z.type, z.min_bikes, z.max_bikes,
            ${perDay ? `to_char(r.day, 'YYYY-MM-DD')` : 'NULL'} AS day,
            coalesce(sum(r.trips), 0)::int AS trips, coalesce(sum(r.km), 0)::float8 AS km,
            coalesce(sum(r.ride_minutes), 0)::float8 AS ride_minutes,
            coalesce(sum(r.bikes), 0)::int AS bikes,
            coalesce(sum(r.parked_minutes), 0)::float8 AS parked_minutes,
            coalesce(sum(r.observed_minutes), 0)::int AS observed_minutes,
            max(r.peak_parked)::int AS peak_parked,
            coalesce(sum(r.minutes_above_max), 0)::int AS minutes_above_max,
            coalesce(sum(r.minutes_below_min), 0)::int AS minutes_below_min
       FROM zone z LEFT JOIN report_zone_day r ON r.zone_id = z.id AND r.fleet_id = z.fleet_id
            AND r.day BETWEEN $2::date AND $3::date
      WHERE z.fleet_id = $1 AND ($4::uuid IS NULL OR z.id = $4::uuid)
      GROUP BY z.id, z.name, z.type, z.min_bikes, z.max_bikes${perDay ? ', r.day' : ''}
      ORDER BY lower(z.name), z.id`,
    [fleetId, from, to, zoneId],
  );
}

/** A group's (with its subgroups) bike-minutes parked in each zone, and the minutes observed. */
export async function zoneGroupTotals(db: Queryable, p: ReportScopeParams) {
  return db.query<{ id: string; parked_minutes: number; observed_minutes: number }>(
    `SELECT r.zone_id AS id, sum(r.parked_minutes)::float8 AS parked_minutes,
            (SELECT coalesce(sum(d.observed_minutes), 0)::int FROM report_zone_day d
              WHERE d.fleet_id = $1 AND d.zone_id = r.zone_id
                AND d.day BETWEEN $2::date AND $3::date) AS observed_minutes
       FROM report_zone_group_day r WHERE ${IN_GROUP}
      GROUP BY r.zone_id`,
    params(p).slice(0, 4),
  );
}

export async function alertTotals(db: Queryable, p: ReportScopeParams) {
  return db.query<{
    kind: string;
    opened: number;
    acknowledged: number;
    ack_median: number | null;
    cleared: number;
    clear_median: number | null;
  }>(
    `WITH rows AS (SELECT r.* FROM report_alert_day r WHERE ${WHERE}),
          ack AS (SELECT kind, count(*)::int AS n,
                         percentile_cont(0.5) WITHIN GROUP (ORDER BY m) AS median
                    FROM rows, unnest(rows.ack_minutes) AS m GROUP BY kind),
          clr AS (SELECT kind, count(*)::int AS n,
                         percentile_cont(0.5) WITHIN GROUP (ORDER BY m) AS median
                    FROM rows, unnest(rows.clear_minutes) AS m GROUP BY kind)
     SELECT k.kind, k.opened, coalesce(ack.n, 0) AS acknowledged, ack.median AS ack_median,
            coalesce(clr.n, 0) AS cleared, clr.median AS clear_median
       FROM (SELECT kind, sum(opened)::int AS opened FROM rows GROUP BY kind) k
       LEFT JOIN ack ON ack.kind = k.kind LEFT JOIN clr ON clr.kind = k.kind
      ORDER BY k.kind`,
    params(p),
  );
}

export async function taskTotals(db: Queryable, p: ReportScopeParams) {
  return db.query<{ priority: string; done: number; within_sla: number; swaps: number }>(
    `SELECT r.priority, sum(r.done)::int AS done, sum(r.within_sla)::int AS within_sla,
            coalesce(sum(r.done) FILTER (WHERE r.kind = 'BATTERY_SWAP'), 0)::int AS swaps
       FROM report_task_day r WHERE ${WHERE} GROUP BY r.priority`,
    params(p),
  );
}

export async function technicianTotals(db: Queryable, p: ReportScopeParams) {
  return db.query<TechnicianClosedRow>(
    `SELECT a.id, a.email, nullif(a.full_name, '') AS name, count(*)::int AS done,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY m) AS median
       FROM report_task_day r CROSS JOIN LATERAL unnest(r.close_minutes) AS m
       JOIN account a ON a.id = r.technician_id
      WHERE ${WHERE}
      GROUP BY a.id, a.email, a.full_name ORDER BY count(*) DESC, a.email`,
    params(p),
  );
}

export async function groupName(db: Queryable, fleetId: string, id: string) {
  const rows = await db.query<{ name: string }>(
    `SELECT name FROM fleet_group WHERE fleet_id = $1 AND id = $2`,
    [fleetId, id],
  );
  return rows[0]?.name ?? null;
}

export async function zoneName(db: Queryable, fleetId: string, id: string) {
  const rows = await db.query<{ name: string }>(
    `SELECT name FROM zone WHERE fleet_id = $1 AND id = $2`,
    [fleetId, id],
  );
  return rows[0]?.name ?? null;
}

export async function fleetName(db: Queryable, fleetId: string) {
  const rows = await db.query<{ name: string }>(`SELECT name FROM fleet WHERE id = $1`, [fleetId]);
  return rows[0]?.name ?? '';
}

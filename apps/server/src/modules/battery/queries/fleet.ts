// The battery settings applied at once and the fleet's peak hour kept (ADR 0130): the SQL of
// battery.reassess (a new nominal capacity rescales the packs' figures and day points; a new
// threshold re-evaluates every pack's alert) and of the peak hour the estimation computes.
import type { Queryable } from '../../../db/client';

/** The fleet's day points measured against another nominal capacity, rescaled to `nominalWh`
 *  (idempotent: each point says what it was measured against). */
export async function rescaleSohDays(db: Queryable, fleetId: string, nominalWh: number) {
  await db.query(
    `UPDATE battery_soh_day d SET soh = d.soh * d.nominal_wh / $2::real, nominal_wh = $2::real
       FROM battery_pack p
      WHERE p.id = d.pack_id AND p.fleet_id = $1 AND d.nominal_wh <> $2::real`,
    [fleetId, nominalWh],
  );
}

/** The fleet's packs measured against another nominal capacity: their state of health (from
 *  the capacity, as the estimation's, one decimal, at most 120 %) and trend, rescaled. */
export async function rescalePacks(db: Queryable, fleetId: string, nominalWh: number) {
  await db.query(
    `UPDATE battery_pack SET
            soh = CASE WHEN capacity_wh IS NULL THEN soh * nominal_wh / $2::real
                       ELSE round(least(1200, 1000 * capacity_wh / $2::real)::numeric) / 10 END,
            trend_per_30d = trend_per_30d * nominal_wh / $2::real,
            nominal_wh = $2::real
      WHERE fleet_id = $1 AND nominal_wh <> $2::real`,
    [fleetId, nominalWh],
  );
}

export interface PackHealthRow {
  id: number;
  soh: number | null;
  trend_per_30d: number | null;
  alert_reason: string | null;
}

/** The fleet's packs' health in id order, a batch after `afterId`. */
export function selectPackHealth(db: Queryable, fleetId: string, afterId: number, limit: number) {
  return db.query<PackHealthRow>(
    `SELECT id, soh, trend_per_30d, alert_reason FROM battery_pack
      WHERE fleet_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
    [fleetId, afterId, limit],
  );
}

/** New alert reasons of these packs (null: cleared); an alert still open keeps its start. */
export async function updatePackAlerts(
  db: Queryable,
  changes: Array<{ id: number; alert: string | null }>,
  now: Date,
) {
  if (!changes.length) return;
  await db.query(
    `UPDATE battery_pack p SET alert_reason = r.alert,
            alert_since = CASE WHEN r.alert IS NULL THEN NULL ELSE coalesce(p.alert_since, $2) END
       FROM json_to_recordset($1::json) AS r(id bigint, alert text)
      WHERE p.id = r.id`,
    [JSON.stringify(changes), now],
  );
}

export interface PeakAgeRow {
  fleet_id: string;
  /** the fleet's demand profiles now */
  bikes: number;
  /** when its peak hour was computed, and from how many profiles (null: never) */
  computed_at: Date | null;
  computed_bikes: number | null;
}

export function selectPeakAges(db: Queryable, fleetIds: string[]) {
  return db.query<PeakAgeRow>(
    `SELECT bb.fleet_id, count(*)::int AS bikes, fp.computed_at, fp.bikes AS computed_bikes
       FROM battery_bike bb LEFT JOIN battery_fleet_peak fp ON fp.fleet_id = bb.fleet_id
      WHERE bb.fleet_id = ANY($1::uuid[])
      GROUP BY bb.fleet_id, fp.computed_at, fp.bikes`,
    [fleetIds],
  );
}

export async function upsertFleetPeak(
  db: Queryable,
  fleetId: string,
  hour: number | null,
  bikes: number,
  now: Date,
) {
  await db.query(
    `INSERT INTO battery_fleet_peak (fleet_id, peak_hour, bikes, computed_at)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (fleet_id) DO UPDATE SET peak_hour = EXCLUDED.peak_hour,
         bikes = EXCLUDED.bikes, computed_at = EXCLUDED.computed_at`,
    [fleetId, hour, bikes, now],
  );
}

/** The fleet's peak hour as last computed (null: none known yet). */
export async function selectFleetPeak(db: Queryable, fleetId: string): Promise<number | null> {
  const [row] = await db.query<{ peak_hour: number | null }>(
    'SELECT peak_hour FROM battery_fleet_peak WHERE fleet_id = $1',
    [fleetId],
  );
  return row?.peak_hour ?? null;
}

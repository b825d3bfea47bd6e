// The battery screens' SQL (ADR 0130): the fleet's settings, its packs, one bike's pack and
// prediction, and the swap queue's candidates. Every read is bounded by the fleet.
import { BATTERY_SETTINGS_DEFAULTS as D } from '@vfm/contract';
import { type Queryable, queryOne } from '../../../db/client';

export interface SettingsRow {
  nominal_capacity_wh: number;
  soh_threshold: number;
  fast_drop_points: number;
}

export async function selectSettings(db: Queryable, fleetId: string): Promise<SettingsRow> {
  const [row] = await db.query<SettingsRow>(
    `SELECT nominal_capacity_wh, soh_threshold, fast_drop_points
       FROM battery_settings WHERE fleet_id = $1`,
    [fleetId],
  );
  return (
    row ?? {
      nominal_capacity_wh: D.nominalCapacityWh,
      soh_threshold: D.sohThreshold,
      fast_drop_points: D.fastDropPoints,
    }
  );
}

export async function upsertSettings(db: Queryable, fleetId: string, s: SettingsRow) {
  await db.query(
    `INSERT INTO battery_settings (fleet_id, nominal_capacity_wh, soh_threshold, fast_drop_points)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (fleet_id) DO UPDATE SET nominal_capacity_wh = EXCLUDED.nominal_capacity_wh,
         soh_threshold = EXCLUDED.soh_threshold, fast_drop_points = EXCLUDED.fast_drop_points`,
    [fleetId, s.nominal_capacity_wh, s.soh_threshold, s.fast_drop_points],
  );
}

export interface PackRow {
  id: number;
  pack_key: string;
  vehicle_number: string | null;
  model: string;
  soh: number | null;
  capacity_wh: number | null;
  trend_per_30d: number | null;
  efc: number;
  cycles_reported: number | null;
  energy_wh: number;
  distance_km: number;
  temp_max: number | null;
  hot_hours: number;
  cold_hours: number;
  alert_reason: string | null;
  updated_at: Date;
}

const PACK_COLUMNS = `p.id, p.pack_key, b.vehicle_number, p.model, p.soh, p.capacity_wh,
  p.trend_per_30d, p.efc, p.cycles_reported, p.energy_wh, p.distance_km, p.temp_max,
  p.hot_hours, p.cold_hours, p.alert_reason, p.updated_at`;

/** The fleet's packs, lowest state of health first (those without one last). */
export function selectPacks(db: Queryable, fleetId: string, limit: number, afterId = 0) {
  return db.query<PackRow>(
    `SELECT ${PACK_COLUMNS} FROM battery_pack p LEFT JOIN bike b ON b.id = p.bike_id
      WHERE p.fleet_id = $1 AND p.id > $3
      ORDER BY p.soh ASC NULLS LAST, p.id LIMIT $2`,
    [fleetId, limit, afterId],
  );
}

/** The fleet's packs in id order (the CSV's batches). */
export function selectPackBatch(db: Queryable, fleetId: string, afterId: number, limit: number) {
  return db.query<PackRow>(
    `SELECT ${PACK_COLUMNS} FROM battery_pack p LEFT JOIN bike b ON b.id = p.bike_id
      WHERE p.fleet_id = $1 AND p.id > $2 ORDER BY p.id LIMIT $3`,
    [fleetId, afterId, limit],
  );
}

export interface FleetSummaryRow {
  packs: number;
  estimated: number;
  alerted: number;
  median: number | null;
}

export async function selectFleetSummary(db: Queryable, fleetId: string) {
  const [row] = await db.query<FleetSummaryRow>(
    `SELECT count(*)::int AS packs, count(soh)::int AS estimated,
            count(alert_since)::int AS alerted,
            (percentile_cont(0.5) WITHIN GROUP (ORDER BY soh))::float8 AS median
       FROM battery_pack WHERE fleet_id = $1`,
    [fleetId],
  );
  return row!;
}

export function selectDistribution(db: Queryable, fleetId: string) {
  return db.query<{ from: number; packs: number }>(
    `SELECT (floor(soh / 5) * 5)::int AS "from", count(*)::int AS packs
       FROM battery_pack WHERE fleet_id = $1 AND soh IS NOT NULL
      GROUP BY 1 ORDER BY 1`,
    [fleetId],
  );
}

/** The demand profiles of the fleet's bikes (the peak hour). */
export function selectDemandStates(db: Queryable, fleetId: string) {
  return db.query<{ state: unknown }>('SELECT state FROM battery_bike WHERE fleet_id = $1', [
    fleetId,
  ]);
}

export interface BikeBatteryRow {
  level: number | null;
  hours_to_20: number | null;
  predicted_20_at: Date | null;
  updated_at: Date | null;
}

export async function selectBikeBattery(db: Queryable, bikeId: number) {
  return queryOne<BikeBatteryRow>(
    db,
    `SELECT b.bike_battery_level AS level, bb.hours_to_20, bb.predicted_20_at, bb.updated_at
       FROM bike b LEFT JOIN battery_bike bb ON bb.bike_id = b.id WHERE b.id = $1`,
    [bikeId],
  );
}

/** The pack in the bike now (its last message's). */
export async function selectPackOfBike(db: Queryable, bikeId: number) {
  return queryOne<PackRow>(
    db,
    `SELECT ${PACK_COLUMNS} FROM battery_bike bb
       JOIN battery_pack p ON p.fleet_id = bb.fleet_id AND p.pack_key = bb.pack_key
       LEFT JOIN bike b ON b.id = p.bike_id
      WHERE bb.bike_id = $1`,
    [bikeId],
  );
}

export function selectHistory(db: Queryable, packId: number) {
  return db.query<{ day: string; soh: number; efc: number }>(
    `SELECT day::text AS day, soh, efc FROM battery_soh_day WHERE pack_id = $1
      ORDER BY day DESC LIMIT 366`,
    [packId],
  );
}

export interface SwapCandidateRow {
  vehicle_number: string;
  bike_id: number;
  short_before_peak: boolean;
  rotation: boolean;
}

/** The pack a bike `b` carries now (`bb`: its battery_bike row), under the threshold. */
const ROTATION = `EXISTS (SELECT 1 FROM battery_pack p
   WHERE p.fleet_id = bb.fleet_id AND p.pack_key = bb.pack_key
     AND p.alert_reason = 'LOW_STATE_OF_HEALTH')`;

/**
 * The fleet's bikes predicted at 20 % before `peakEnd` (null: no peak known), or carrying a
 * pack under the state of health threshold.
 */
export function selectSwapCandidates(db: Queryable, fleetId: string, peakEnd: Date | null) {
  return db.query<SwapCandidateRow>(
    `SELECT b.vehicle_number, b.id AS bike_id,
            coalesce(bb.predicted_20_at <= $2::timestamptz, false) AS short_before_peak,
            ${ROTATION} AS rotation
       FROM battery_bike bb JOIN bike b ON b.id = bb.bike_id
      WHERE bb.fleet_id = $1
        AND ((bb.predicted_20_at IS NOT NULL AND bb.predicted_20_at <= $2::timestamptz)
          OR ${ROTATION})`,
    [fleetId, peakEnd],
  );
}

/** The BATTERY_HEALTH alert's condition on `b` (bike), and since when (alerts/queries.ts). */
const CURRENT_PACK = `FROM battery_bike bb JOIN battery_pack p
   ON p.fleet_id = bb.fleet_id AND p.pack_key = bb.pack_key WHERE bb.bike_id = b.id`;
export const BATTERY_HEALTH_CONDITION = {
  holds: `EXISTS (SELECT 1 ${CURRENT_PACK} AND p.alert_since IS NOT NULL)`,
  since: `(SELECT p.alert_since ${CURRENT_PACK})`,
};

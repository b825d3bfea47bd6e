// The estimation's SQL (ADR 0130): which bikes have new telemetry, that telemetry, and the
// packs' and bikes' stored states. The worker is the one writer of battery_pack, battery_soh_day
// and battery_bike.
import type { Queryable } from '../../../db/client';

export interface BikeToEstimate {
  id: number;
  fleet_id: string;
  vehicle_number: string;
  model: string;
  cursor_ts: Date | null;
  state: unknown;
}

/** Bikes whose latest telemetry is past their cursor and last estimated before `before`, the
 *  longest waiting first. */
export function selectBikesToEstimate(db: Queryable, before: Date, limit: number) {
  return db.query<BikeToEstimate>(
    `SELECT b.id, b.fleet_id, b.vehicle_number, b.model, bb.cursor_ts, bb.state
       FROM bike b LEFT JOIN battery_bike bb ON bb.bike_id = b.id
      WHERE b.state_ts IS NOT NULL AND (bb.cursor_ts IS NULL OR b.state_ts > bb.cursor_ts)
        AND (bb.updated_at IS NULL OR bb.updated_at <= $1)
      ORDER BY bb.cursor_ts NULLS FIRST, b.id
      LIMIT $2`,
    [before, limit],
  );
}

export interface TelemetryRow {
  ts: Date;
  level: number | null;
  plugged: boolean | null;
  odometer_km: number | null;
  pack: string | null;
  cycles: number | null;
  temp_c: number | null;
  energy_wh: number | null;
}

/** A bike's telemetry after `after` (null: all of it), oldest first. */
export function selectTelemetryAfter(
  db: Queryable,
  bikeId: number,
  after: Date | null,
  limit: number,
) {
  return db.query<TelemetryRow>(
    `SELECT ts, bike_battery AS level, battery_plugged AS plugged, odometer_km,
            extra->>'batteryNumber' AS pack, (extra->>'batteryCycles')::int AS cycles,
            (extra->>'batteryTempC')::float8 AS temp_c,
            (extra->>'batteryEnergyWh')::float8 AS energy_wh
       FROM telemetry
      WHERE bike_id = $1 AND ($2::timestamptz IS NULL OR ts > $2::timestamptz)
      ORDER BY ts LIMIT $3`,
    [bikeId, after, limit],
  );
}

export interface PackStateRow {
  id: number;
  pack_key: string;
  state: unknown;
  alert_since: Date | null;
}

export function selectPackStates(db: Queryable, fleetId: string, keys: string[]) {
  return db.query<PackStateRow>(
    `SELECT id, pack_key, state, alert_since FROM battery_pack
      WHERE fleet_id = $1 AND pack_key = ANY($2::text[])`,
    [fleetId, keys],
  );
}

/** Wh/km per model of the fleet's packs that report energy and distance. */
export function selectModelConsumption(db: Queryable, fleetId: string) {
  return db.query<{ model: string; wh_per_km: number | null; packs: number }>(
    `SELECT model, (sum(energy_wh) / nullif(sum(distance_km), 0))::float8 AS wh_per_km,
            count(*)::int AS packs
       FROM battery_pack WHERE fleet_id = $1 GROUP BY model ORDER BY model`,
    [fleetId],
  );
}

export interface PackWrite {
  fleetId: string;
  packKey: string;
  bikeId: number;
  model: string;
  state: unknown;
  soh: number | null;
  capacityWh: number | null;
  efc: number;
  cyclesReported: number | null;
  energyWh: number;
  distanceKm: number;
  tempMax: number | null;
  hotHours: number;
  coldHours: number;
  /** the nominal capacity `soh` is measured against */
  nominalWh: number;
}

/** Stores a pack's state and figures; its id. */
export async function upsertPack(db: Queryable, pack: PackWrite, now: Date): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO battery_pack (fleet_id, pack_key, bike_id, model, state, soh, capacity_wh, efc,
         cycles_reported, energy_wh, distance_km, temp_max, hot_hours, cold_hours, updated_at,
         nominal_wh)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT (fleet_id, pack_key) DO UPDATE SET bike_id = EXCLUDED.bike_id,
         model = EXCLUDED.model, state = EXCLUDED.state, soh = EXCLUDED.soh,
         capacity_wh = EXCLUDED.capacity_wh, efc = EXCLUDED.efc,
         cycles_reported = EXCLUDED.cycles_reported, energy_wh = EXCLUDED.energy_wh,
         distance_km = EXCLUDED.distance_km, temp_max = EXCLUDED.temp_max,
         hot_hours = EXCLUDED.hot_hours, cold_hours = EXCLUDED.cold_hours,
         updated_at = EXCLUDED.updated_at, nominal_wh = EXCLUDED.nominal_wh
     RETURNING id`,
    [
      pack.fleetId,
      pack.packKey,
      pack.bikeId,
      pack.model,
      JSON.stringify(pack.state),
      pack.soh,
      pack.capacityWh,
      pack.efc,
      pack.cyclesReported,
      pack.energyWh,
      pack.distanceKm,
      pack.tempMax,
      pack.hotHours,
      pack.coldHours,
      now,
      pack.nominalWh,
    ],
  );
  return row!.id;
}

/** The pack's state of health of these days (the last estimate of a day wins), against the
 *  nominal capacity `nominalWh`. */
export async function upsertSohDays(
  db: Queryable,
  packId: number,
  points: Array<{ day: string; soh: number; efc: number }>,
  nominalWh: number,
) {
  await db.query(
    `INSERT INTO battery_soh_day (pack_id, day, soh, efc, nominal_wh)
       SELECT $1, day, soh, efc, $3 FROM json_to_recordset($2::json) AS p(day date, soh real, efc real)
     ON CONFLICT (pack_id, day) DO UPDATE SET soh = EXCLUDED.soh, efc = EXCLUDED.efc,
         nominal_wh = EXCLUDED.nominal_wh`,
    [packId, JSON.stringify(points), nominalWh],
  );
}

/** The pack's day points (epoch ms of the day, state of health), oldest first. */
export function selectSohDays(db: Queryable, packId: number) {
  return db.query<{ day_ms: number; soh: number }>(
    `SELECT (extract(epoch FROM day) * 1000)::float8 AS day_ms, soh FROM battery_soh_day
      WHERE pack_id = $1 AND day > (SELECT max(day) - 90 FROM battery_soh_day WHERE pack_id = $1)
      ORDER BY day`,
    [packId],
  );
}

export async function updatePackHealth(
  db: Queryable,
  packId: number,
  trend: number | null,
  alert: string | null,
  now: Date,
) {
  await db.query(
    `UPDATE battery_pack SET trend_per_30d = $2, alert_reason = $3,
            alert_since = CASE WHEN $3::text IS NULL THEN NULL ELSE coalesce(alert_since, $4) END
      WHERE id = $1`,
    [packId, trend, alert, now],
  );
}

export interface BikeWrite {
  bikeId: number;
  fleetId: string;
  cursor: Date;
  packKey: string | null;
  state: unknown;
  level: number | null;
  hoursTo20: number | null;
  predictedAt: Date | null;
}

export async function upsertBikeState(db: Queryable, bike: BikeWrite, now: Date) {
  await db.query(
    `INSERT INTO battery_bike (bike_id, fleet_id, cursor_ts, state, level, hours_to_20,
         predicted_20_at, updated_at, pack_key)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9)
     ON CONFLICT (bike_id) DO UPDATE SET cursor_ts = EXCLUDED.cursor_ts, state = EXCLUDED.state,
         pack_key = EXCLUDED.pack_key,
         level = EXCLUDED.level, hours_to_20 = EXCLUDED.hours_to_20,
         predicted_20_at = EXCLUDED.predicted_20_at, updated_at = EXCLUDED.updated_at`,
    [
      bike.bikeId,
      bike.fleetId,
      bike.cursor,
      JSON.stringify(bike.state),
      bike.level,
      bike.hoursTo20,
      bike.predictedAt,
      now,
      bike.packKey,
    ],
  );
}

/**
 * A battery swap task done (`taskId`) fitted the bike another pack: the bike's prediction is
 * cleared (the next telemetry makes another) and its current pack becomes the one fitted — the
 * battery number the technician recorded, else a new pack of the bike's own (`bike:<vehicle
 * number>:<task>`) — so the old pack's reasons and alert leave with it. The one write of
 * battery_bike outside the worker, in the task's transaction (docs/battery.md).
 */
export async function packSwapped(db: Queryable, taskId: string) {
  await db.query(
    `WITH swap AS (
       SELECT t.bike_id, coalesce(nullif(t.swap_battery_number, ''),
                                  'bike:' || b.vehicle_number || ':' || t.id) AS pack_key,
              t.swap_battery_level AS level
         FROM task t JOIN bike b ON b.id = t.bike_id
        WHERE t.id = $1 AND t.kind = 'BATTERY_SWAP')
     UPDATE battery_bike bb
        SET pack_key = swap.pack_key, level = coalesce(swap.level, bb.level),
            state = jsonb_set(bb.state, '{pack}', to_jsonb(swap.pack_key)),
            hours_to_20 = NULL, predicted_20_at = NULL
       FROM swap WHERE bb.bike_id = swap.bike_id`,
    [taskId],
  );
}

// The demo history's SQL (demo/history-seed.ts): how far the seed of a fleet went, and the
// history rows written set-based, a chunk of rows per statement (json_to_recordset).
import type { Database, TxQuery } from '../../db/client';

/** Rows per statement (as JSON in one parameter). */
export const HISTORY_CHUNK = 1000;

/** Runs sql with $1 = a chunk of the rows as JSON, $2… = params. */
async function insertChunks(tx: TxQuery, sql: string, rows: unknown[], params: unknown[] = []) {
  for (let i = 0; i < rows.length; i += HISTORY_CHUNK) {
    await tx.query(sql, [JSON.stringify(rows.slice(i, i + HISTORY_CHUNK)), ...params]);
  }
}

/** The fleet's demo_history row: undefined when no seed started (migration 0890). */
export async function selectDemoHistory(database: Database, fleetId: string) {
  const [row] = await database.query<{ seeded_at: Date | null }>(
    'SELECT seeded_at FROM demo_history WHERE fleet_id = $1',
    [fleetId],
  );
  return row;
}

export async function fleetHasTrips(database: Database, fleetId: string): Promise<boolean> {
  const [trip] = await database.query('SELECT 1 FROM trip WHERE fleet_id = $1 LIMIT 1', [fleetId]);
  return Boolean(trip);
}

/** A fleet seeded before demo_history existed: done. */
export async function insertSeededDemoHistory(database: Database, fleetId: string) {
  await database.query('INSERT INTO demo_history (fleet_id, seeded_at) VALUES ($1, now())', [
    fleetId,
  ]);
}

/** A seed starts. */
export async function insertDemoHistory(database: Database, fleetId: string) {
  await database.query('INSERT INTO demo_history (fleet_id) VALUES ($1)', [fleetId]);
}

/** A seed ends. */
export async function markDemoHistorySeeded(tx: TxQuery, fleetId: string) {
  await tx.query('UPDATE demo_history SET seeded_at = now() WHERE fleet_id = $1', [fleetId]);
}

/** The history rows of these bikes, gone. */
export async function deleteBikesHistory(tx: TxQuery, bikeIds: number[]) {
  for (const table of ['telemetry', 'trip', 'event', 'command', 'autotest'])
    await tx.query(`DELETE FROM ${table} WHERE bike_id = ANY($1::bigint[])`, [bikeIds]);
}

export async function insertHistoryTelemetry(tx: TxQuery, rows: unknown[]) {
  await insertChunks(
    tx,
    `INSERT INTO telemetry (bike_id, seq, ts, received_at, latitude, longitude, speed_kmh, iot_mode,
                            bike_battery, iot_battery, battery_plugged, assistance_locked, odometer_km,
                            extra)
     SELECT bike_id, seq, ts, ts, lat, lon, speed, mode, bb, ib, plugged, locked, odo, extra
       FROM json_to_recordset($1::json) AS t(bike_id bigint, seq bigint, ts timestamptz, lat float8,
            lon float8, speed real, mode text, bb smallint, ib smallint, plugged boolean,
            locked boolean, odo float8, extra jsonb)
     ON CONFLICT DO NOTHING`,
    rows,
  );
}

export async function insertHistoryTrips(tx: TxQuery, fleetId: string, rows: unknown[]) {
  await insertChunks(
    tx,
    `INSERT INTO trip (fleet_id, bike_id, started_at, ended_at, distance_km, duration_minutes,
                       start_latitude, start_longitude, end_latitude, end_longitude)
     SELECT $2::uuid, bike_id, s, e, km, min, slat, slon, elat, elon
       FROM json_to_recordset($1::json) AS t(bike_id bigint, s timestamptz, e timestamptz, km float8,
            min float8, slat float8, slon float8, elat float8, elon float8)
     ON CONFLICT DO NOTHING`,
    rows,
    [fleetId],
  );
}

export async function insertHistoryAutotests(tx: TxQuery, rows: unknown[]) {
  await insertChunks(
    tx,
    `INSERT INTO autotest (bike_id, seq, ts, results)
     SELECT * FROM json_to_recordset($1::json) AS a(bike_id bigint, seq bigint, ts timestamptz, results jsonb)
     ON CONFLICT DO NOTHING`,
    rows,
  );
}

/** Each bike's state at the end of its history (PARKED, on standby). */
export async function setFinalBikeStates(tx: TxQuery, rows: unknown[]) {
  await tx.query(
    `UPDATE bike b SET latitude = s.lat, longitude = s.lon, odometer_km = s.odo, total_km = s.odo,
            bike_battery_level = s.bb, iot_battery_level = s.ib, battery_number = s.bn,
            battery_state_of_health = s.soh, battery_charge_cycles = s.cycles, iot_mode = 'STANDBY',
            status = 'PARKED', last_communication_date = s.ts, last_position_date = s.ts,
            state_ts = s.ts, state_seq = s.seq, firmware_version = s.fw, hardware_version = 'VFM-IOT-3',
            autonomy_km = round((s.bb * 0.8 * s.soh / 100.0)::numeric, 1)::float8,
            low_vehicle_battery_since = CASE WHEN s.bb <= f.low_vehicle_battery_percent THEN s.ts END,
            low_module_battery_since = CASE WHEN s.ib <= f.low_module_battery_percent THEN s.ts END,
            updated_at = now()
       FROM json_to_recordset($1::json) AS s(id bigint, lat float8, lon float8, odo float8, bb smallint,
            ib smallint, bn text, soh smallint, cycles integer, ts timestamptz, seq bigint, fw text), fleet f
      WHERE b.id = s.id AND f.id = b.fleet_id`,
    [JSON.stringify(rows)],
  );
}

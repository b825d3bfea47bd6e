// The ingest's history rows (ADR 0010): telemetry, self-diagnosis reports and trips, one
// set-based statement per kind of row for the whole batch (json_to_recordset carries the rows
// in one parameter), idempotent on the module's seq (a trip: on its start).
import type { TxQuery } from '../../db/client';

/** The telemetry rows of a batch (`json_to_recordset` columns); the rows it stored. */
export async function insertTelemetry(tx: Pick<TxQuery, 'query'>, rows: object[]) {
  return tx.query<{ bike_id: number; seq: number; ms: number }>(
    `INSERT INTO telemetry (bike_id, seq, ts, received_at, latitude, longitude, speed_kmh,
         iot_mode, bike_battery, iot_battery, battery_plugged, assistance_locked, odometer_km, extra)
       SELECT * FROM json_to_recordset($1::json) AS t(bike_id bigint, seq bigint, ts timestamptz,
         received_at timestamptz, latitude float8, longitude float8, speed_kmh real, iot_mode text,
         bike_battery smallint, iot_battery smallint, battery_plugged boolean,
         assistance_locked boolean, odometer_km float8, extra jsonb)
        WHERE NOT EXISTS (SELECT 1 FROM telemetry x WHERE x.bike_id = t.bike_id AND x.seq = t.seq)
       ON CONFLICT DO NOTHING
       RETURNING bike_id, seq, (extract(epoch FROM ts) * 1000)::bigint AS ms`,
    [JSON.stringify(rows)],
  );
}

/** The self-diagnosis reports of a batch; those it stored. */
export async function insertAutotests(tx: Pick<TxQuery, 'query'>, rows: object[]) {
  return tx.query<{ bike_id: number; seq: number }>(
    `INSERT INTO autotest (bike_id, seq, ts, results)
       SELECT * FROM json_to_recordset($1::json) AS a(bike_id bigint, seq bigint, ts timestamptz, results jsonb)
       ON CONFLICT DO NOTHING RETURNING bike_id, seq`,
    [JSON.stringify(rows)],
  );
}

/** The trips a batch derived; one already stored (same bike and start) is left alone. */
export async function insertTrips(tx: Pick<TxQuery, 'query'>, rows: object[]) {
  await tx.query(
    `INSERT INTO trip (fleet_id, bike_id, started_at, ended_at, distance_km, duration_minutes,
                         start_latitude, start_longitude, end_latitude, end_longitude)
       SELECT * FROM json_to_recordset($1::json) AS t(fleet_id uuid, bike_id bigint,
         started_at timestamptz, ended_at timestamptz, distance_km float8, duration_minutes float8,
         start_latitude float8, start_longitude float8, end_latitude float8, end_longitude float8)
       ON CONFLICT (bike_id, started_at) DO NOTHING`,
    [JSON.stringify(rows)],
  );
}

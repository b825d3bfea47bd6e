// SQL of the MDS Provider API (ADR 0085). Every read starts from the fleet of the
// calling city client and is bounded by the hour or range asked (indexes of migration 0820).
import { type Queryable, queryOne } from '../../db/client';
import { MDS_ALERT_KINDS, MDS_EVENT_NAMES } from './mapping';

export interface FleetRow {
  provider_id: string;
  created_at: Date;
}

export async function selectFleet(db: Queryable, fleetId: string): Promise<FleetRow | null> {
  return queryOne<FleetRow>(
    db,
    'SELECT mds_provider_id AS provider_id, created_at FROM fleet WHERE id = $1',
    [fleetId],
  );
}

export interface VehicleRow {
  device_id: string;
  bike_code: string;
  model: string;
  speed_limit: number | null;
}

/** A page of the fleet's bikes by device_id (keyset: after the given one). */
export async function selectVehicles(
  db: Queryable,
  fleetId: string,
  options: { after?: string; deviceId?: string; limit: number },
): Promise<VehicleRow[]> {
  return db.query<VehicleRow>(
    `SELECT mds_device_id::text AS device_id, bike_code, model, speed_limit
       FROM bike
      WHERE fleet_id = $1
        AND ($2::uuid IS NULL OR mds_device_id > $2::uuid)
        AND ($3::uuid IS NULL OR mds_device_id = $3::uuid)
      ORDER BY mds_device_id LIMIT $4`,
    [fleetId, options.after ?? null, options.deviceId ?? null, options.limit],
  );
}

export interface VehicleStatusRow {
  device_id: string;
  availability: string;
  status: string;
  theft_state: string;
  assistance_locked: boolean;
  bike_battery_level: number | null;
  latitude: number;
  longitude: number;
  speed_limit: number | null;
  last_communication_date: Date | null;
  last_position_date: Date;
  state_seq: string | null;
  state_ts: Date | null;
  trip_started_at: Date | null;
  theft_since: Date | null;
  silent: boolean;
  low_battery_percent: number;
}

/** The placed bikes of the fleet with what their MDS state needs (a bike never placed has no
 *  telemetry to give, so it is left out of vehicles/status). */
export async function selectVehicleStatuses(
  db: Queryable,
  fleetId: string,
  now: Date,
  options: { after?: string; deviceId?: string; limit: number },
): Promise<VehicleStatusRow[]> {
  return db.query<VehicleStatusRow>(
    `SELECT b.mds_device_id::text AS device_id, b.availability, b.status, b.theft_state,
            b.assistance_locked, b.bike_battery_level, b.latitude, b.longitude, b.speed_limit,
            b.last_communication_date, b.last_position_date, b.state_seq::text AS state_seq,
            b.state_ts, b.trip_started_at, b.theft_since,
            (b.last_communication_date IS NULL OR b.last_communication_date
               < $4::timestamptz - f.lack_of_communication_hours * interval '1 hour') AS silent,
            f.low_vehicle_battery_percent AS low_battery_percent
       FROM bike b JOIN fleet f ON f.id = b.fleet_id
      WHERE b.fleet_id = $1
        AND b.latitude IS NOT NULL AND b.longitude IS NOT NULL AND b.last_position_date IS NOT NULL
        AND ($2::uuid IS NULL OR b.mds_device_id > $2::uuid)
        AND ($3::uuid IS NULL OR b.mds_device_id = $3::uuid)
      ORDER BY b.mds_device_id LIMIT $5`,
    [fleetId, options.after ?? null, options.deviceId ?? null, now, options.limit],
  );
}

/** whether the fleet has a bike with this device_id (placed or not) */
export async function deviceExists(db: Queryable, fleetId: string, deviceId: string) {
  const rows = await db.query('SELECT 1 FROM bike WHERE fleet_id = $1 AND mds_device_id = $2', [
    fleetId,
    deviceId,
  ]);
  return rows.length > 0;
}

/** a trip, its times in milliseconds since the epoch (no Date per row: an hour may hold tens
 *  of thousands of trips) */
export interface TripRow {
  device_id: string;
  started_at: number;
  ended_at: number;
  distance_km: number;
  duration_minutes: number;
  start_latitude: number;
  start_longitude: number;
  end_latitude: number;
  end_longitude: number;
}

const PLACED_TRIP = `t.start_latitude IS NOT NULL AND t.start_longitude IS NOT NULL
  AND t.end_latitude IS NOT NULL AND t.end_longitude IS NOT NULL`;

/**
 * Trips of the fleet whose `column` (started_at or ended_at) is in [from, to), oldest first.
 * The rows come back as ONE JSON text (an array of arrays) rather than a row each: an hour of a
 * big fleet is tens of thousands of trips, and one value parsed by JSON.parse costs far less
 * than decoding every column of every row (bench/mds.ts).
 */
export async function selectTrips(
  db: Queryable,
  fleetId: string,
  column: 'started_at' | 'ended_at',
  from: Date,
  to: Date,
  limit: number,
): Promise<TripRow[]> {
  const [row] = await db.query<{ trips: string }>(
    `SELECT coalesce(json_agg(json_build_array(device_id, started_ms, ended_ms, distance_km,
              duration_minutes, start_latitude, start_longitude, end_latitude, end_longitude)
              ORDER BY at, id), '[]')::text AS trips
       FROM (SELECT b.mds_device_id AS device_id, t.id, t.${column} AS at,
                    floor(extract(epoch FROM t.started_at) * 1000) AS started_ms,
                    floor(extract(epoch FROM t.ended_at) * 1000) AS ended_ms,
                    t.distance_km, t.duration_minutes, t.start_latitude, t.start_longitude,
                    t.end_latitude, t.end_longitude
               FROM trip t JOIN bike b ON b.id = t.bike_id AND b.fleet_id = t.fleet_id
              WHERE t.fleet_id = $1 AND t.${column} >= $2 AND t.${column} < $3 AND ${PLACED_TRIP}
              ORDER BY t.${column}, t.id LIMIT $4) trips`,
    [fleetId, from, to, limit],
  );
  const list = JSON.parse(row?.trips ?? '[]') as Array<
    [string, number, number, number, number, number, number, number, number]
  >;
  return list.map(
    ([device_id, started_at, ended_at, distance_km, duration_minutes, ...places]) => ({
      device_id,
      started_at,
      ended_at,
      distance_km,
      duration_minutes,
      start_latitude: places[0],
      start_longitude: places[1],
      end_latitude: places[2],
      end_longitude: places[3],
    }),
  );
}

/** The trips of the fleet that overlap [from, to) (started at most a day before). */
export async function selectTripSpans(
  db: Queryable,
  fleetId: string,
  from: Date,
  to: Date,
): Promise<Array<{ bike_id: string; started_at: Date; ended_at: Date | null }>> {
  return db.query(
    `SELECT bike_id::text, started_at, ended_at FROM trip
      WHERE fleet_id = $1 AND started_at < $3 AND ended_at >= $2
        AND started_at >= $2::timestamptz - interval '1 day'
     UNION ALL
     SELECT id::text, trip_started_at, NULL FROM bike
      WHERE fleet_id = $1 AND status = 'MOVING' AND trip_started_at < $3`,
    [fleetId, from, to],
  );
}

export interface TelemetryRow {
  bike_id: string;
  device_id: string;
  seq: string;
  ts: Date;
  latitude: number;
  longitude: number;
  speed_kmh: number | null;
  bike_battery: number | null;
}

/** The placed telemetry points of the fleet's bikes in [from, to). */
export async function selectTelemetry(
  db: Queryable,
  fleetId: string,
  from: Date,
  to: Date,
): Promise<TelemetryRow[]> {
  return db.query<TelemetryRow>(
    `SELECT t.bike_id::text, b.mds_device_id::text AS device_id, t.seq::text, t.ts, t.latitude,
            t.longitude, t.speed_kmh, t.bike_battery
       FROM telemetry t JOIN bike b ON b.id = t.bike_id
      WHERE b.fleet_id = $1 AND t.ts >= $2 AND t.ts < $3
        AND t.latitude IS NOT NULL AND t.longitude IS NOT NULL
      ORDER BY t.ts, t.bike_id, t.seq`,
    [fleetId, from, to],
  );
}

export interface EventRow {
  id: string;
  device_id: string;
  name: string;
  data: unknown;
  occurred_at: Date;
  latitude: number | null;
  longitude: number | null;
}

/** The bike's last known position at a time (`p`): its last telemetry fix then, or else its
 *  current position (`b`, the bike row). */
const positionAt = (bikeId: string, at: string) => `LEFT JOIN LATERAL (
         SELECT latitude, longitude FROM telemetry
          WHERE bike_id = ${bikeId} AND ts <= ${at} AND latitude IS NOT NULL
          ORDER BY ts DESC LIMIT 1) p ON true`;
const POSITION_COLUMNS = `coalesce(p.latitude, b.latitude) AS latitude,
            coalesce(p.longitude, b.longitude) AS longitude`;

/** The fleet's events that are MDS state changes in [from, to), with the bike's last known
 *  position at that time (its current one when no telemetry is older). */
export async function selectStateEvents(
  db: Queryable,
  fleetId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<EventRow[]> {
  return db.query<EventRow>(
    `SELECT e.id::text, b.mds_device_id::text AS device_id, e.name, e.data, e.occurred_at,
            ${POSITION_COLUMNS}
       FROM event e JOIN bike b ON b.id = e.bike_id AND b.fleet_id = e.fleet_id
       ${positionAt('e.bike_id', 'e.occurred_at')}
      WHERE e.fleet_id = $1 AND e.occurred_at >= $2 AND e.occurred_at < $3
        AND e.name = ANY($4::text[])
      ORDER BY e.occurred_at, e.id LIMIT $5`,
    [fleetId, from, to, MDS_EVENT_NAMES, limit],
  );
}

export interface AlertMomentRow {
  id: string;
  device_id: string;
  kind: string;
  moment: 'opened' | 'cleared';
  at: Date;
  latitude: number | null;
  longitude: number | null;
}

/** Openings and condition-ended clearings of the fleet's silent-module and low-battery alerts
 *  in [from, to), with the bike's position at that time (as selectStateEvents). */
export async function selectAlertMoments(
  db: Queryable,
  fleetId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<AlertMomentRow[]> {
  return db.query<AlertMomentRow>(
    `SELECT m.id::text, b.mds_device_id::text AS device_id, m.kind, m.moment, m.at,
            ${POSITION_COLUMNS}
       FROM (SELECT id, bike_id, kind, 'opened' AS moment, opened_at AS at FROM alert
              WHERE fleet_id = $1 AND opened_at >= $2 AND opened_at < $3 AND kind = ANY($4::text[])
             UNION ALL
             SELECT id, bike_id, kind, 'cleared', cleared_at FROM alert
              WHERE fleet_id = $1 AND cleared_at >= $2 AND cleared_at < $3
                AND clear_cause = 'CONDITION_ENDED' AND kind = ANY($4::text[])) m
       JOIN bike b ON b.id = m.bike_id AND b.fleet_id = $1
       ${positionAt('m.bike_id', 'm.at')}
      ORDER BY m.at, m.id, m.moment LIMIT $5`,
    [fleetId, from, to, MDS_ALERT_KINDS, limit],
  );
}

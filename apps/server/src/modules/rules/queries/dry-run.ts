// What a dry run reads (ADR 0126): the fleet's bikes with their place and tasks now, and the
// stored history of some of them over the period — telemetry and module events, in order.
import type { Queryable } from '../../../db/client';
import type { BikeContext } from './state';
import { BIKE_CONTEXT_COLUMNS } from './bike-columns';

export async function groupsOfFleet(db: Queryable, fleetId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>('SELECT id FROM fleet_group WHERE fleet_id = $1', [
    fleetId,
  ]);
  return rows.map((row) => row.id);
}

/** Which of these zone ids are the fleet's. */
export async function zonesOfFleet(db: Queryable, fleetId: string, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM zone WHERE fleet_id = $1 AND id = ANY($2::uuid[])',
    [fleetId, ids],
  );
  return rows.map((row) => row.id);
}

export type FleetBike = Omit<BikeContext, 'trail'>;

export async function selectFleetBikes(db: Queryable, fleetId: string): Promise<FleetBike[]> {
  return db.query<FleetBike>(
    `SELECT ${BIKE_CONTEXT_COLUMNS}
       FROM bike b WHERE b.fleet_id = $1 ORDER BY b.id`,
    [fleetId],
  );
}

/** A test the history's columns can answer: a bike none of whose rows passes it never fires. */
export type HistoryGate =
  | {
      column: 'bike_battery' | 'iot_battery' | 'speed_kmh' | 'odometer_km';
      op: string;
      value: number;
    }
  | { event: string };

const OPS: Record<string, string> = { lt: '<', le: '<=', gt: '>', ge: '>=' };

/** Which of these bikes have a row within [from, to) that passes the gate. */
export async function bikesPassing(
  db: Queryable,
  bikeIds: number[],
  from: Date,
  to: Date,
  gate: HistoryGate,
): Promise<Set<number>> {
  const rows =
    'event' in gate
      ? await db.query<{ id: number }>(
          `SELECT DISTINCT bike_id AS id FROM event
            WHERE bike_id = ANY($1::bigint[]) AND occurred_at >= $2 AND occurred_at < $3
              AND source = 'MODULE' AND name = $4`,
          [bikeIds, from, to, gate.event],
        )
      : await db.query<{ id: number }>(
          // the column and the operator come from closed lists, never from the request
          `SELECT DISTINCT bike_id AS id FROM telemetry
            WHERE bike_id = ANY($1::bigint[]) AND ts >= $2 AND ts < $3
              AND ${gate.column} ${OPS[gate.op] ?? '='} $4::double precision`,
          [bikeIds, from, to, gate.value],
        );
  return new Set(rows.map((row) => Number(row.id)));
}

export interface HistoryRow {
  bikeId: number;
  kind: 'telemetry' | 'event';
  seq: number;
  /** the message's time in ms (a number: a timestamp's text is slow to parse, 3.6 M of them) */
  ms: number;
  latitude: number | null;
  longitude: number | null;
  speedKmh: number | null;
  bikeBattery: number | null;
  iotBattery: number | null;
  batteryPlugged: boolean | null;
  assistanceLocked: boolean | null;
  odometerKm: number | null;
  extra: Record<string, unknown> | null;
  name: string | null;
}

/** The bikes' telemetry and module events within [from, to), per bike in time order. */
export async function selectHistory(
  db: Queryable,
  bikeIds: number[],
  from: Date,
  to: Date,
): Promise<HistoryRow[]> {
  return db.query<HistoryRow>(
    `SELECT bike_id AS "bikeId", 'telemetry' AS kind, seq,
            (extract(epoch FROM ts) * 1000)::float8 AS ms, latitude, longitude,
            speed_kmh AS "speedKmh", bike_battery AS "bikeBattery",
            iot_battery AS "iotBattery", battery_plugged AS "batteryPlugged",
            assistance_locked AS "assistanceLocked", odometer_km AS "odometerKm", extra,
            NULL AS name
       FROM telemetry WHERE bike_id = ANY($1::bigint[]) AND ts >= $2 AND ts < $3
     UNION ALL
     SELECT bike_id, 'event', module_seq, (extract(epoch FROM occurred_at) * 1000)::float8,
            NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, name
       FROM event WHERE bike_id = ANY($1::bigint[]) AND occurred_at >= $2 AND occurred_at < $3
        AND source = 'MODULE' AND module_seq IS NOT NULL
     ORDER BY 1, 4, 3`,
    [bikeIds, from, to],
  );
}

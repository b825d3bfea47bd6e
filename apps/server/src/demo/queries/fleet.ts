// The demo fleet's SQL (demo/demo-fleet.ts, demo/demo-simulation.ts): the fleet by name, its
// leaf groups (a fallback tree when it has none), its simulated bikes and their state.
import type { IotMode } from '@vfm/contract';
import type { Database, TxQuery } from '../../db/client';

/** Creates the fleet unless one of that name (any case) exists; the oldest of that name. */
export async function ensureFleetNamed(database: Database, name: string): Promise<string> {
  await database.query(
    'INSERT INTO fleet (name) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM fleet WHERE lower(name) = lower($1))',
    [name],
  );
  const [fleet] = await database.query<{ id: string }>(
    'SELECT id FROM fleet WHERE lower(name) = lower($1) ORDER BY created_at LIMIT 1',
    [name],
  );
  return fleet!.id;
}

/** The names of the fleet's groups without children, by name. */
export async function leafGroupNames(database: Database, fleetId: string): Promise<string[]> {
  return (
    await database.query<{ name: string }>(
      `SELECT g.name FROM fleet_group g
          WHERE g.fleet_id = $1 AND NOT EXISTS (SELECT 1 FROM fleet_group c WHERE c.parent_id = g.id)
          ORDER BY g.name`,
      [fleetId],
    )
  ).map((row) => row.name);
}

/** A root group and its children. */
export async function insertGroupTree(
  tx: TxQuery,
  fleetId: string,
  root: string,
  children: string[],
) {
  const [row] = await tx.query<{ id: string }>(
    'INSERT INTO fleet_group (fleet_id, name) VALUES ($1, $2) RETURNING id',
    [fleetId, root],
  );
  for (const name of children) {
    await tx.query('INSERT INTO fleet_group (fleet_id, parent_id, name) VALUES ($1, $2, $3)', [
      fleetId,
      row!.id,
      name,
    ]);
  }
}

/** Which of these vehicle numbers the fleet has. */
export async function existingVehicleNumbers(
  database: Database,
  fleetId: string,
  vehicleNumbers: string[],
): Promise<Set<string>> {
  return new Set(
    (
      await database.query<{ vehicle_number: string }>(
        'SELECT vehicle_number FROM bike WHERE fleet_id = $1 AND vehicle_number = ANY($2::text[])',
        [fleetId, vehicleNumbers],
      )
    ).map((row) => row.vehicle_number),
  );
}

/** The fleet's bikes of these numbers that have a module, by number. */
export async function bikesWithModule<T>(
  database: Database,
  fleetId: string,
  vehicleNumbers: string[],
): Promise<T[]> {
  return database.query<T>(
    `SELECT id, vehicle_number AS "vehicleNumber", module_id AS "moduleId" FROM bike
      WHERE fleet_id = $1 AND vehicle_number = ANY($2::text[]) AND module_id IS NOT NULL
      ORDER BY vehicle_number`,
    [fleetId, vehicleNumbers],
  );
}

export interface BikeStateRow {
  module_id: string;
  latitude: number | null;
  longitude: number | null;
  odometer_km: number | null;
  bike_battery_level: number | null;
  iot_battery_level: number | null;
  iot_mode: IotMode | null;
  assistance_locked: boolean;
  alarm_active: boolean;
  battery_number: string | null;
  battery_state_of_health: number | null;
  battery_charge_cycles: number | null;
}

/** The stored state the simulator's modules start from. */
export async function bikeStates(database: Database, bikeIds: number[]): Promise<BikeStateRow[]> {
  return database.query<BikeStateRow>(
    `SELECT module_id, latitude, longitude, odometer_km, bike_battery_level, iot_battery_level, iot_mode,
              assistance_locked, alarm_active, battery_number, battery_state_of_health, battery_charge_cycles
         FROM bike WHERE id = ANY($1::bigint[])`,
    [bikeIds],
  );
}

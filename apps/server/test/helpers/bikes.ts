// Bike factories: rows written straight to the database, for tests that need bikes without
// going through CSV import or MQTT. Columns are snake_case overrides of the bike table.
import { randomBytes } from 'node:crypto';
import type { FleetRow } from './factories';
import type { TestServer } from './server';

export interface BikeRow {
  id: number;
  fleetId: string;
  vehicleNumber: string;
  bikeCode: string;
  moduleId: string;
}

let counter = 0;
const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();

/** A module id of the SPEC §5 IoT code pattern: a capital letter and 5 capitals or digits. */
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALPHANUMERIC = `${LETTERS}0123456789`;
/**
 * A module id the contract accepts (a letter, then five letters or digits): 1.5 billion of
 * them, so that a file's few hundred bikes never draw one twice (`M` + 5 hex digits, a million,
 * did: bike_module_id_key in a 300-bike fleet, once in a PostgreSQL pass).
 */
export const randomModuleId = () => {
  const bytes = randomBytes(6);
  return (
    LETTERS[bytes[0]! % LETTERS.length]! +
    [...bytes.subarray(1)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('')
  );
};

export async function createBike(
  t: TestServer,
  fleet: FleetRow,
  columns: Record<string, unknown> = {},
): Promise<BikeRow> {
  counter += 1;
  const values: Record<string, unknown> = {
    fleet_id: fleet.id,
    vehicle_number: `VN${hex(4)}${counter}`,
    bike_code: `BC${hex(4)}${counter}`,
    module_id: randomModuleId(),
    model: 'City 28',
    iot_mode: 'STANDBY',
    latitude: 48.8566,
    longitude: 2.3522,
    last_communication_date: new Date(),
    last_position_date: new Date(),
    iot_battery_level: 80,
    bike_battery_level: 70,
    ...columns,
  };
  const names = Object.keys(values);
  const [row] = await t.server.database.query<{
    id: number;
    vehicle_number: string;
    bike_code: string;
    module_id: string;
  }>(
    `INSERT INTO bike (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})
     RETURNING id, vehicle_number, bike_code, module_id`,
    Object.values(values),
  );
  return {
    id: row!.id,
    fleetId: fleet.id,
    vehicleNumber: row!.vehicle_number,
    bikeCode: row!.bike_code,
    moduleId: row!.module_id,
  };
}

export async function createBikes(t: TestServer, fleet: FleetRow, count: number, columns = {}) {
  const bikes: BikeRow[] = [];
  for (let i = 0; i < count; i += 1) bikes.push(await createBike(t, fleet, columns));
  return bikes;
}

// The bikes of the simulated demo fleet (DESIGN §2): SIMULATOR_BIKES bikes in "Demo Fleet",
// spread over its leaf groups, provisioned through the same service as a CSV import.
import type { Database } from '../db/client';
import { provisionVehicles, type VehicleLine } from '../modules/provisioning/provisioning-service';

export const DEMO_FLEET_NAME = 'Demo Fleet';
const MODELS = ['City 28', 'Urban 26', 'Cargo Long', 'Step-through 28'];
/** a group tree for the demo fleet when nobody made one (the accounts seed normally does) */
const FALLBACK_GROUPS = { Lyon: ['Presqu’île', 'Part-Dieu', 'Croix-Rousse', 'Confluence'] };

export interface DemoBike {
  id: number;
  vehicleNumber: string;
  moduleId: string;
}

/** Module ids of the simulated bikes: D00001… (the IoT code pattern of SPEC §5). */
export const demoModuleId = (index: number) =>
  `D${index.toString(36).toUpperCase().padStart(5, '0')}`;
export const demoVehicleNumber = (index: number) => `VFM-${index.toString().padStart(5, '0')}`;

/**
 * The warnings the demo starts with (issue 25 §6), so that the warnings screen a newcomer opens
 * is not empty: a theft the manager reported, three low bike batteries, a silent module. Taken
 * from the middle of the fleet (the e2e flows pick bikes at both ends of the list); none below
 * 10 bikes.
 */
export function demoWarnings(bikes: readonly DemoBike[]) {
  const n = bikes.length;
  if (n < 10) return { silent: null, theft: null, lowBattery: [] as DemoBike[] };
  const mid = Math.floor(n / 2) - 2;
  return {
    silent: bikes[mid]!,
    theft: bikes[mid + 1]!,
    lowBattery: [bikes[mid + 2]!, bikes[mid + 3]!, bikes[mid + 4]!],
  };
}

/** The demo fleet's id, looked up by name; created (idempotently) if it does not exist yet. */
export async function ensureDemoFleet(database: Database): Promise<string> {
  await database.query(
    'INSERT INTO fleet (name) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM fleet WHERE lower(name) = lower($1))',
    [DEMO_FLEET_NAME],
  );
  const [fleet] = await database.query<{ id: string }>(
    'SELECT id FROM fleet WHERE lower(name) = lower($1) ORDER BY created_at LIMIT 1',
    [DEMO_FLEET_NAME],
  );
  return fleet!.id;
}

async function leafGroups(database: Database, fleetId: string): Promise<string[]> {
  const leaves = async () =>
    (
      await database.query<{ name: string }>(
        `SELECT g.name FROM fleet_group g
          WHERE g.fleet_id = $1 AND NOT EXISTS (SELECT 1 FROM fleet_group c WHERE c.parent_id = g.id)
          ORDER BY g.name`,
        [fleetId],
      )
    ).map((row) => row.name);
  const found = await leaves();
  if (found.length) return found;
  for (const [city, districts] of Object.entries(FALLBACK_GROUPS)) {
    await database.transaction(async (tx) => {
      const [root] = await tx.query<{ id: string }>(
        'INSERT INTO fleet_group (fleet_id, name) VALUES ($1, $2) RETURNING id',
        [fleetId, city],
      );
      for (const name of districts) {
        await tx.query('INSERT INTO fleet_group (fleet_id, parent_id, name) VALUES ($1, $2, $3)', [
          fleetId,
          root!.id,
          name,
        ]);
      }
    });
  }
  return leaves();
}

/** Makes sure the demo fleet has `count` simulated bikes; returns them. */
export async function provisionDemoBikes(
  database: Database,
  fleetId: string,
  count: number,
  now: Date,
): Promise<DemoBike[]> {
  const wanted = Array.from({ length: count }, (_, i) => i + 1);
  const existing = new Set(
    (
      await database.query<{ vehicle_number: string }>(
        'SELECT vehicle_number FROM bike WHERE fleet_id = $1 AND vehicle_number = ANY($2::text[])',
        [fleetId, wanted.map(demoVehicleNumber)],
      )
    ).map((row) => row.vehicle_number),
  );
  const missing = wanted.filter((i) => !existing.has(demoVehicleNumber(i)));
  if (missing.length) {
    const groups = await leafGroups(database, fleetId);
    const lines: VehicleLine[] = missing.map((i) => ({
      line: i,
      vehicleNumber: demoVehicleNumber(i),
      bikeCode: `BC-${i.toString().padStart(6, '0')}`,
      moduleId: demoModuleId(i),
      model: MODELS[i % MODELS.length]!,
      group: groups.length ? groups[i % groups.length]! : null,
    }));
    const result = await database.transaction((tx) =>
      provisionVehicles(tx, { fleetId, actorEmail: 'simulator@vfm.demo', lines, now }),
    );
    if (result.errors.length) {
      throw new Error(
        `demo fleet provisioning failed: ${JSON.stringify(result.errors.slice(0, 3))}`,
      );
    }
  }
  return database.query<DemoBike>(
    `SELECT id, vehicle_number AS "vehicleNumber", module_id AS "moduleId" FROM bike
      WHERE fleet_id = $1 AND vehicle_number = ANY($2::text[]) AND module_id IS NOT NULL
      ORDER BY vehicle_number`,
    [fleetId, wanted.map(demoVehicleNumber)],
  );
}

// The bikes of the simulated demo fleet (DESIGN §2): SIMULATOR_BIKES bikes in "Demo Fleet",
// spread over its leaf groups, provisioned through the same service as a CSV import.
import type { Database } from '../db/client';
import { provisionVehicles, type VehicleLine } from '../modules/provisioning/provisioning-service';
import {
  bikesWithModule,
  ensureFleetNamed,
  existingVehicleNumbers,
  insertGroupTree,
  leafGroupNames,
} from './queries/fleet';

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
 * The warnings the demo starts with (ADR 0102), so that the warnings screen a newcomer opens
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
  return ensureFleetNamed(database, DEMO_FLEET_NAME);
}

async function leafGroups(database: Database, fleetId: string): Promise<string[]> {
  const leaves = () => leafGroupNames(database, fleetId);
  const found = await leaves();
  if (found.length) return found;
  for (const [city, districts] of Object.entries(FALLBACK_GROUPS)) {
    await database.transaction((tx) => insertGroupTree(tx, fleetId, city, districts));
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
  const existing = await existingVehicleNumbers(database, fleetId, wanted.map(demoVehicleNumber));
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
  return bikesWithModule<DemoBike>(database, fleetId, wanted.map(demoVehicleNumber));
}

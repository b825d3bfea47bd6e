// Bike provisioning (DESIGN §2, §5): the CSV import creates or updates the bikes of the
// caller's fleet and the MQTT credentials of their modules (secret returned once, stored
// hashed); removal takes bikes out of the fleet and revokes their modules. The demo fleet of
// the simulator is provisioned through the same provisionVehicles().
import type { VehicleImportResult, VehicleRemovalResult } from '@vfm/contract';
import type { Database } from '../../db/client';
import type { RequestScope } from '../../plugins/request-scope';
import { fact, record } from '../events/facts';
import { domainEvent } from '../../jobs/domain-events';
import { findFleetBikes, parseVehicleNumbers } from '../bikes/bike-lookup';
import { prepareSecrets, provisionBatch } from './import-batch';
import { newModuleSecret } from './import-rules';
import { deleteBikes, notifyModuleRevocation, updateSecretHashes } from './queries';
import { readVehicleCsv } from './vehicle-csv';

export { provisionVehicles } from './import-lines';
export { DEFAULT_SPEED_LIMIT_KMH, type ProvisionInput } from './import-rules';
export type { VehicleLine } from './vehicle-csv';

/** lines per import transaction: a few tens of milliseconds of database time (ADR 0040) */
export const IMPORT_BATCH_LINES = 200;

/**
 * The CSV import in batches of IMPORT_BATCH_LINES lines, one transaction each, with a turn of
 * the event loop between them (ADR 0040): on PGlite one transaction holds the only connection,
 * so a file in one transaction made every other request and every PUBACK wait for all of it.
 * A batch is all or nothing; a file is not (its lines were independent already).
 */
export async function importVehicleCsv(
  scope: RequestScope,
  csv: string,
): Promise<VehicleImportResult> {
  const { database } = scope;
  const input = { fleetId: scope.fleetId, actorEmail: scope.principal.email, now: scope.now };
  const { lines, errors } = readVehicleCsv(csv);
  const result: VehicleImportResult = { created: 0, updated: 0, errors, modules: [] };
  for (let start = 0; start < lines.length; start += IMPORT_BATCH_LINES) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const batch = { ...input, lines: lines.slice(start, start + IMPORT_BATCH_LINES) };
    const secrets = await prepareSecrets(database, batch.lines);
    const part = await database.transaction(async (tx) => {
      const written = await provisionBatch(tx, batch, secrets);
      if (written.created || written.updated) {
        const refused = new Set(written.errors.map((error) => error.line));
        await scope.ctx.jobs.publish(tx, [
          domainEvent('bikes.imported', {
            fleetId: scope.fleetId,
            vehicleNumbers: batch.lines
              .filter((line) => !refused.has(line.line))
              .map((line) => line.vehicleNumber),
          }),
        ]);
      }
      return written;
    });
    result.created += part.created;
    result.updated += part.updated;
    result.errors.push(...part.errors);
    result.modules.push(...part.modules);
  }
  result.errors.sort((a, b) => a.line - b.line);
  return result;
}

/** DELETE fleet/admin/vehicles: all or nothing; the modules can no longer connect. */
export async function removeVehicles(
  scope: RequestScope,
  vehicleNumbers: string[],
): Promise<VehicleRemovalResult> {
  const input = {
    fleetId: scope.fleetId,
    actorEmail: scope.principal.email,
    vehicleNumbers: parseVehicleNumbers(vehicleNumbers, scope.ctx.config.bulkLimit),
    now: scope.now,
  };
  return scope.database.transaction(async (tx) => {
    const bikes = await findFleetBikes(tx, input.fleetId, input.vehicleNumbers, { lock: true });
    await deleteBikes(
      tx,
      bikes.map((bike) => bike.id),
    );
    await notifyModuleRevocation(
      tx,
      bikes.flatMap((bike) => (bike.module_id ? [bike.module_id] : [])),
    );
    await record(tx, scope.ctx.jobs, [
      fact('bikes.removed', {
        fleetId: input.fleetId,
        by: input.actorEmail,
        at: input.now,
        bikes: bikes.map((bike) => ({
          vehicleNumber: bike.vehicle_number,
          moduleId: bike.module_id,
        })),
      }),
    ]);
    return { removed: bikes.length, vehicleNumbers: bikes.map((bike) => bike.vehicle_number) };
  });
}

/** New secrets for modules the server itself drives (the demo simulator), hashes replaced. */
export async function issueModuleSecrets(
  database: Database,
  moduleIds: string[],
): Promise<Array<{ moduleId: string; secret: string }>> {
  const issued = await Promise.all(
    moduleIds.map(async (moduleId) => ({ moduleId, ...(await newModuleSecret()) })),
  );
  await updateSecretHashes(database, issued);
  return issued.map(({ moduleId, secret }) => ({ moduleId, secret }));
}

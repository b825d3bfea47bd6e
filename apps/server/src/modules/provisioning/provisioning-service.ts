// Bike provisioning (DESIGN §2, §5): the CSV import creates or updates the bikes of the
// caller's fleet and the MQTT credentials of their modules (secret returned once, stored
// hashed); removal takes bikes out of the fleet and revokes their modules. The demo fleet of
// the simulator is provisioned through the same provisionVehicles().
import type { VehicleImportResult, VehicleRemovalResult } from '@vfm/contract';
import type { Database, TxQuery } from '../../db/client';
import { FleetChanges } from '../bikes/fleet-changes';
import { findFleetBikes, parseVehicleNumbers } from '../bikes/bike-lookup';
import type { RequestScope } from '../../lib/request-scope';
import { recordEvents } from '../events/queries';
import { generateModuleSecret, hashModuleSecret } from '../../lib/module-secret';
import { readVehicleCsv, type VehicleLine } from './vehicle-csv';
import { notifyModuleRevocation } from './module-revocation';
import { prepareSecrets, provisionBatch } from './import-batch';

/** lines per import transaction: a few tens of milliseconds of database time (ADR 0040) */
export const IMPORT_BATCH_LINES = 200;

export type { VehicleLine } from './vehicle-csv';

/** EU pedelec assistance limit, the speed limit of an imported bike (km/h). */
export const DEFAULT_SPEED_LIMIT_KMH = 25;

export interface ProvisionInput {
  fleetId: string;
  actorEmail: string;
  lines: VehicleLine[];
  now: Date;
}

/**
 * Unique violations of one line, in words (the indexes of migrations 0002 and 0401). They never
 * say which fleet holds an identifier: numbers and codes are per fleet, modules global.
 */
export const CONFLICTS: Record<string, (line: VehicleLine) => string> = {
  bike_vehicle_number_key: (l) => `vehicleNumber ${l.vehicleNumber} is already registered`,
  bike_bike_code_key: (l) => `bikeCode ${l.bikeCode} is already used by another bike`,
  bike_module_id_key: (l) => `moduleId ${l.moduleId} is paired with another bike`,
  module_credential_pkey: (l) => `moduleId ${l.moduleId} is paired with another bike`,
};

interface ExistingBike {
  id: number;
  module_id: string | null;
  has_credential: boolean;
}

/** Applies the valid lines, each under a savepoint so that one bad line fails alone. */
export async function provisionVehicles(
  tx: TxQuery,
  input: ProvisionInput,
): Promise<VehicleImportResult> {
  const result: VehicleImportResult = { created: 0, updated: 0, errors: [], modules: [] };
  const groups = new Map<string, string>();
  const revoked: string[] = [];
  const events: ImportEvent[] = [];

  for (const line of input.lines) {
    await tx.query('SAVEPOINT vehicle_line');
    try {
      const groupId = line.group ? await resolveGroup(tx, input.fleetId, line.group, groups) : null;
      const [existing] = await tx.query<ExistingBike>(
        `SELECT b.id, b.module_id, EXISTS (SELECT 1 FROM module_credential m WHERE m.bike_id = b.id) AS has_credential
           FROM bike b WHERE b.fleet_id = $1 AND lower(b.vehicle_number) = lower($2) FOR UPDATE`,
        [input.fleetId, line.vehicleNumber],
      );
      let bikeId: number;
      if (existing) {
        bikeId = existing.id;
        await tx.query(
          `UPDATE bike SET bike_code = $2, module_id = $3, model = $4, group_id = $5, updated_at = now()
            WHERE id = $1`,
          [bikeId, line.bikeCode, line.moduleId, line.model, groupId],
        );
      } else {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO bike (fleet_id, group_id, vehicle_number, bike_code, module_id, model, speed_limit)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [
            input.fleetId,
            groupId,
            line.vehicleNumber,
            line.bikeCode,
            line.moduleId,
            line.model,
            DEFAULT_SPEED_LIMIT_KMH,
          ],
        );
        bikeId = row!.id;
      }
      const moduleChanged = existing?.module_id !== line.moduleId;
      const lineRevoked: string[] = [];
      if (existing?.module_id && moduleChanged) {
        await tx.query('DELETE FROM module_credential WHERE bike_id = $1', [bikeId]);
        lineRevoked.push(existing.module_id);
      }
      let secret: string | null = null;
      if (line.moduleId && (moduleChanged || !existing?.has_credential)) {
        secret = generateModuleSecret();
        await tx.query(
          'INSERT INTO module_credential (module_id, bike_id, secret_hash) VALUES ($1, $2, $3)',
          [line.moduleId, bikeId, await hashModuleSecret(secret)],
        );
      }
      await tx.query('RELEASE SAVEPOINT vehicle_line');
      if (existing) result.updated += 1;
      else result.created += 1;
      if (secret && line.moduleId) result.modules.push({ moduleId: line.moduleId, secret });
      revoked.push(...lineRevoked);
      for (const moduleId of lineRevoked)
        events.push({ bikeId, vehicleNumber: line.vehicleNumber, name: 'UNPAIRED', moduleId });
      if (line.moduleId && moduleChanged) {
        events.push({
          bikeId,
          vehicleNumber: line.vehicleNumber,
          name: 'PAIRED',
          moduleId: line.moduleId,
        });
      }
    } catch (error) {
      await tx.query('ROLLBACK TO SAVEPOINT vehicle_line');
      const constraint = (error as { constraint?: string }).constraint ?? constraintOf(error);
      const describe = constraint ? CONFLICTS[constraint] : undefined;
      if (!describe) throw error;
      result.errors.push({ line: line.line, message: describe(line) });
      groups.clear(); // a group created under the rolled-back savepoint is gone
    }
  }

  await recordImportEvents(tx, input, events);
  await notifyModuleRevocation(tx, revoked);
  if (result.created || result.updated)
    await new FleetChanges().add(input.fleetId, 'bike', 'event').notify(tx);
  return result;
}

export interface ImportEvent {
  bikeId: number;
  vehicleNumber: string;
  name: 'PAIRED' | 'UNPAIRED';
  moduleId: string;
}

/** DESIGN §7: the import is in the audit trail (PAIRED / UNPAIRED with the admin's e-mail). */
export async function recordImportEvents(
  tx: TxQuery,
  input: Pick<ProvisionInput, 'fleetId' | 'actorEmail' | 'now'>,
  events: ImportEvent[],
) {
  await recordEvents(
    tx,
    events.map((e) => ({
      fleetId: input.fleetId,
      bikeId: e.bikeId,
      vehicleNumber: e.vehicleNumber,
      type: 'OTHER',
      name: e.name,
      source: 'MANAGER',
      userEmail: input.actorEmail,
      data: { moduleId: e.moduleId, action: 'IMPORT' },
      occurredAt: input.now,
    })),
  );
}

/** PGlite reports the violated index in the message only. */
export function constraintOf(error: unknown): string | undefined {
  const message = String((error as Error)?.message ?? '');
  return Object.keys(CONFLICTS).find((name) => message.includes(`"${name}"`));
}

/** A group of the fleet by name (a leaf first), created at the top of the tree if new. */
async function resolveGroup(
  tx: TxQuery,
  fleetId: string,
  name: string,
  cache: Map<string, string>,
) {
  const key = name.toLowerCase();
  const cached = cache.get(key);
  if (cached) return cached;
  const [found] = await tx.query<{ id: string }>(
    `SELECT g.id FROM fleet_group g
      WHERE g.fleet_id = $1 AND lower(g.name) = $2
      ORDER BY EXISTS (SELECT 1 FROM fleet_group c WHERE c.parent_id = g.id), g.created_at
      LIMIT 1`,
    [fleetId, key],
  );
  const id =
    found?.id ??
    (
      await tx.query<{ id: string }>(
        'INSERT INTO fleet_group (fleet_id, name) VALUES ($1, $2) RETURNING id',
        [fleetId, name],
      )
    )[0]!.id;
  cache.set(key, id);
  return id;
}

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
    const part = await database.transaction((tx) => provisionBatch(tx, batch, secrets));
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
    const ids = bikes.map((bike) => bike.id);
    // telemetry has no foreign key (partitioned, append-only): delete its rows explicitly
    await tx.query('DELETE FROM telemetry WHERE bike_id = ANY($1::bigint[])', [ids]);
    await tx.query('DELETE FROM bike WHERE id = ANY($1::bigint[])', [ids]);
    await recordEvents(
      tx,
      bikes.map((bike) => ({
        fleetId: input.fleetId,
        bikeId: null,
        vehicleNumber: bike.vehicle_number,
        type: 'OTHER',
        name: 'UNPAIRED',
        source: 'MANAGER',
        userEmail: input.actorEmail,
        data: { moduleId: bike.module_id, action: 'REMOVED' },
        occurredAt: input.now,
      })),
    );
    await notifyModuleRevocation(
      tx,
      bikes.flatMap((bike) => (bike.module_id ? [bike.module_id] : [])),
    );
    await new FleetChanges().add(input.fleetId, 'bike', 'warning', 'event').notify(tx);
    return { removed: bikes.length, vehicleNumbers: bikes.map((bike) => bike.vehicle_number) };
  });
}

/** New secrets for modules the server itself drives (the demo simulator), hashes replaced. */
export async function issueModuleSecrets(
  database: Database,
  moduleIds: string[],
): Promise<Array<{ moduleId: string; secret: string }>> {
  const issued = await Promise.all(
    moduleIds.map(async (moduleId) => {
      const secret = generateModuleSecret();
      return { moduleId, secret, hash: await hashModuleSecret(secret) };
    }),
  );
  await database.query(
    `UPDATE module_credential m SET secret_hash = s.hash
       FROM json_to_recordset($1::json) AS s(module_id text, hash text) WHERE m.module_id = s.module_id`,
    [JSON.stringify(issued.map((i) => ({ module_id: i.moduleId, hash: i.hash })))],
  );
  return issued.map(({ moduleId, secret }) => ({ moduleId, secret }));
}

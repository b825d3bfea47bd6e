// One batch of a bike import (ADR 0040): a few set-based statements instead of a dozen
// statements per line. The lines are first checked in order against the identifiers the
// database holds (and those the earlier lines of the batch take or free), exactly as one line
// after the other would be; the writes that follow cannot then meet a unique index, except when
// another import changed the same bikes meanwhile — the batch then falls back to the
// line-by-line path with a savepoint per line (provisionVehicles).
import type { VehicleImportResult } from '@vfm/contract';
import type { Queryable, TxQuery } from '../../db/client';
import { provisionVehicles } from './import-lines';
import {
  CONFLICTS,
  DEFAULT_SPEED_LIMIT_KMH,
  conflictOf,
  finishImport,
  newModuleSecret,
  pairingEventsOf,
  resolveGroups,
  type PairingEvent,
  type PreparedSecret,
  type ProvisionInput,
} from './import-rules';
import {
  deleteModuleCredentials,
  insertBikes,
  insertModuleCredentials,
  savepoint,
  selectHeldBikes,
  selectPairedModules,
  updateBikes,
  type HeldRow,
} from './queries';
import type { VehicleLine } from './vehicle-csv';

/**
 * Secrets for the modules of the lines that no credential names yet — those the batch will
 * almost surely pair — hashed outside the transaction, so that PBKDF2 does not hold the
 * database (on PGlite, everyone's database). A module paired in between gets its secret in
 * the transaction.
 */
export async function prepareSecrets(
  database: Queryable,
  lines: VehicleLine[],
): Promise<Map<string, PreparedSecret>> {
  const moduleIds = lines.flatMap((l) => (l.moduleId ? [l.moduleId] : []));
  const prepared = new Map<string, PreparedSecret>();
  if (!moduleIds.length) return prepared;
  const paired = await selectPairedModules(database, moduleIds);
  await Promise.all(
    moduleIds
      .filter((moduleId) => !paired.has(moduleId))
      .map(async (moduleId) => {
        prepared.set(moduleId, await newModuleSecret());
      }),
  );
  return prepared;
}

interface Planned {
  line: VehicleLine;
  existing: HeldRow | null;
  groupId: string | null;
  moduleChanged: boolean;
  secret: PreparedSecret | null;
}

export async function provisionBatch(
  tx: TxQuery,
  input: ProvisionInput,
  secrets: Map<string, PreparedSecret> = new Map(),
): Promise<VehicleImportResult> {
  await savepoint.set(tx, 'vehicle_batch');
  try {
    const result = await writeBatch(tx, input, secrets);
    await savepoint.release(tx, 'vehicle_batch');
    return result;
  } catch (error) {
    if (!conflictOf(error)) throw error;
    await savepoint.rollback(tx, 'vehicle_batch');
    return provisionVehicles(tx, input);
  }
}

async function writeBatch(
  tx: TxQuery,
  input: ProvisionInput,
  secrets: Map<string, PreparedSecret>,
): Promise<VehicleImportResult> {
  const result: VehicleImportResult = { created: 0, updated: 0, errors: [], modules: [] };
  const lines = input.lines;
  const held = await selectHeldBikes(tx, input.fleetId, {
    vehicleNumbers: lines.map((l) => l.vehicleNumber),
    bikeCodes: lines.map((l) => l.bikeCode),
    moduleIds: lines.flatMap((l) => (l.moduleId ? [l.moduleId] : [])),
  });
  // who holds each identifier now; updated as the lines are accepted, in file order. Numbers
  // and codes count in this fleet only; a module anywhere.
  const own = held.filter((row) => row.fleet_id === input.fleetId);
  const byNumber = new Map(own.map((row) => [row.vn, row]));
  const codeHolder = new Map(own.map((row) => [row.code, row.id as number | string]));
  const moduleHolder = new Map<string, number | string>();
  for (const row of held) {
    if (row.module_id) moduleHolder.set(row.module_id, row.id);
    for (const moduleId of row.credentials) moduleHolder.set(moduleId, row.id);
  }

  const groups = await resolveGroups(tx, input.fleetId, lines);
  const planned: Planned[] = [];
  for (const line of lines) {
    const existing = byNumber.get(line.vehicleNumber.toLowerCase()) ?? null;
    // a new bike has no id yet: its vehicle number stands for it
    const self: number | string = existing?.id ?? `new:${line.vehicleNumber.toLowerCase()}`;
    const code = line.bikeCode.toLowerCase();
    let conflict: string | null = null;
    if ((codeHolder.get(code) ?? self) !== self) conflict = 'bike_bike_code_key';
    else if (line.moduleId && (moduleHolder.get(line.moduleId) ?? self) !== self)
      conflict = 'bike_module_id_key';
    if (conflict) {
      result.errors.push({ line: line.line, message: CONFLICTS[conflict]!(line) });
      continue;
    }
    if (existing) codeHolder.delete(existing.code);
    codeHolder.set(code, self);
    const moduleChanged = existing?.module_id !== line.moduleId;
    if (existing?.module_id && moduleChanged) {
      moduleHolder.delete(existing.module_id);
      for (const moduleId of existing.credentials) moduleHolder.delete(moduleId);
    }
    if (line.moduleId) moduleHolder.set(line.moduleId, self);
    const hasCredential = !!existing?.credentials.length;
    const needsSecret = !!line.moduleId && (moduleChanged || !hasCredential);
    planned.push({
      line,
      existing,
      groupId: line.group ? groups.get(line.group.toLowerCase())! : null,
      moduleChanged,
      secret: needsSecret ? (secrets.get(line.moduleId!) ?? (await newModuleSecret())) : null,
    });
  }

  const writeOf = (p: Planned) => ({ ...p.line, groupId: p.groupId });
  await updateBikes(
    tx,
    planned.filter((p) => p.existing).map((p) => ({ ...writeOf(p), id: p.existing!.id })),
  );
  const newIds = await insertBikes(
    tx,
    input.fleetId,
    DEFAULT_SPEED_LIMIT_KMH,
    planned.filter((p) => !p.existing).map(writeOf),
  );
  const bikeIdOf = (p: Planned) =>
    p.existing?.id ?? newIds.get(p.line.vehicleNumber.toLowerCase())!;

  await deleteModuleCredentials(
    tx,
    planned.filter((p) => p.existing?.module_id && p.moduleChanged).map((p) => p.existing!.id),
  );
  await insertModuleCredentials(
    tx,
    planned
      .filter((p) => p.secret)
      .map((p) => ({
        moduleId: p.line.moduleId!,
        bikeId: bikeIdOf(p),
        secretHash: p.secret!.hash,
      })),
  );

  const events: PairingEvent[] = [];
  for (const p of planned) {
    if (p.existing) result.updated += 1;
    else result.created += 1;
    if (p.secret) result.modules.push({ moduleId: p.line.moduleId!, secret: p.secret.secret });
    events.push(...pairingEventsOf(bikeIdOf(p), p.line, p.existing?.module_id));
  }
  await finishImport(tx, input, result, events);
  return result;
}

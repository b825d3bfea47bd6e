// What both paths of a bike import share (the set-based batch of import-batch.ts and the
// line-by-line fallback of import-lines.ts): the conflicts in words, the group a line names,
// module secrets, and what follows the writes — the audit trail, the revoked modules, the
// fleet's change notice.
import type { VehicleImportResult } from '@vfm/contract';
import type { TxQuery } from '../../db/client';
import { generateModuleSecret, hashModuleSecret } from '../../lib/module-secret';
import { FleetChanges } from '../bikes/fleet-changes';
import { recordBikeEvents } from '../events/queries';
import { insertGroups, notifyModuleRevocation, selectGroupsByName } from './queries';
import type { VehicleLine } from './vehicle-csv';

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

/** The unique index a write violated, if it is one of CONFLICTS (PGlite names it in the
 *  message only). */
export function conflictOf(error: unknown): string | undefined {
  const constraint =
    (error as { constraint?: string }).constraint ??
    Object.keys(CONFLICTS).find((name) =>
      String((error as Error)?.message ?? '').includes(`"${name}"`),
    );
  return constraint && CONFLICTS[constraint] ? constraint : undefined;
}

/** A module secret and its hash (PBKDF2: it takes time, made outside a transaction if it can). */
export interface PreparedSecret {
  secret: string;
  hash: string;
}

export async function newModuleSecret(): Promise<PreparedSecret> {
  const secret = generateModuleSecret();
  return { secret, hash: await hashModuleSecret(secret) };
}

/** The groups the lines name (a leaf first, SPEC §5), created at the top of the tree if new;
 *  by lower-cased name. */
export async function resolveGroups(
  tx: TxQuery,
  fleetId: string,
  lines: VehicleLine[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const line of lines) {
    if (line.group && !names.has(line.group.toLowerCase()))
      names.set(line.group.toLowerCase(), line.group);
  }
  const ids = new Map<string, string>();
  if (!names.size) return ids;
  for (const row of await selectGroupsByName(tx, fleetId, [...names.keys()])) {
    ids.set(row.key, row.id);
  }
  const missing = [...names].filter(([key]) => !ids.has(key)).map(([, name]) => name);
  if (missing.length) {
    for (const row of await insertGroups(tx, fleetId, missing)) ids.set(row.key, row.id);
  }
  return ids;
}

/** A pairing change of a bike, for the audit trail. */
export interface PairingEvent {
  /** null once the bike is removed (its events stay, by number) */
  bikeId: number | null;
  vehicleNumber: string;
  name: 'PAIRED' | 'UNPAIRED';
  moduleId: string | null;
  action: 'IMPORT' | 'REMOVED';
}

/** DESIGN §7: imports and removals are in the audit trail (PAIRED / UNPAIRED with the
 *  admin's e-mail). */
export async function recordPairingEvents(
  tx: TxQuery,
  input: Pick<ProvisionInput, 'fleetId' | 'actorEmail' | 'now'>,
  events: PairingEvent[],
) {
  await recordBikeEvents(tx, input.fleetId, events, (e) => ({
    type: 'OTHER',
    name: e.name,
    source: 'MANAGER',
    userEmail: input.actorEmail,
    data: { moduleId: e.moduleId, action: e.action },
    occurredAt: input.now,
  }));
}

/** After an import's writes: its pairing events, the unpaired modules revoked, one change
 *  notice for the fleet. */
export async function finishImport(
  tx: TxQuery,
  input: ProvisionInput,
  result: VehicleImportResult,
  events: PairingEvent[],
) {
  await recordPairingEvents(tx, input, events);
  const revoked = events.flatMap((e) => (e.name === 'UNPAIRED' && e.moduleId ? [e.moduleId] : []));
  await notifyModuleRevocation(tx, revoked);
  if (result.created || result.updated)
    await new FleetChanges().add(input.fleetId, 'bike', 'event').notify(tx);
}

/** The events of one line: its old module unpaired, its new one paired. */
export function pairingEventsOf(
  bikeId: number,
  line: VehicleLine,
  previousModule: string | null | undefined,
): PairingEvent[] {
  const events: PairingEvent[] = [];
  if (previousModule === line.moduleId) return events;
  const vehicleNumber = line.vehicleNumber;
  if (previousModule) {
    events.push({
      bikeId,
      vehicleNumber,
      name: 'UNPAIRED',
      moduleId: previousModule,
      action: 'IMPORT',
    });
  }
  if (line.moduleId) {
    events.push({
      bikeId,
      vehicleNumber,
      name: 'PAIRED',
      moduleId: line.moduleId,
      action: 'IMPORT',
    });
  }
  return events;
}

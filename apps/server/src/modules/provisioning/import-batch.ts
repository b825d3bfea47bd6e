// One batch of a bike import (ADR 0040): a few set-based statements instead of a dozen
// statements per line. The lines are first checked in order against the identifiers the
// database holds (and those the earlier lines of the batch take or free), exactly as one line
// after the other would be; the writes that follow cannot then meet a unique index, except when
// another import changed the same bikes meanwhile — the batch then falls back to the
// line-by-line path with a savepoint per line (provisionVehicles).
import type { VehicleImportResult } from '@vfm/contract';
import type { Queryable, TxQuery } from '../../db/client';
import { FleetChanges } from '../bikes/fleet-changes';
import { generateModuleSecret, hashModuleSecret } from '../../lib/module-secret';
import { notifyModuleRevocation } from './module-revocation';
import {
  CONFLICTS,
  DEFAULT_SPEED_LIMIT_KMH,
  constraintOf,
  provisionVehicles,
  recordImportEvents,
  type ImportEvent,
  type ProvisionInput,
} from './provisioning-service';
import type { VehicleLine } from './vehicle-csv';

interface HeldRow {
  id: number;
  fleet_id: string;
  vn: string;
  code: string;
  module_id: string | null;
  credentials: string[];
}

/** A module secret and its hash, made before the batch's transaction (hashing takes time). */
export interface PreparedSecret {
  secret: string;
  hash: string;
}

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
  const known = await database.query<{ module_id: string }>(
    'SELECT module_id FROM module_credential WHERE module_id = ANY($1::text[])',
    [moduleIds],
  );
  const paired = new Set(known.map((row) => row.module_id));
  await Promise.all(
    moduleIds
      .filter((moduleId) => !paired.has(moduleId))
      .map(async (moduleId) => {
        const secret = generateModuleSecret();
        prepared.set(moduleId, { secret, hash: await hashModuleSecret(secret) });
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
  await tx.query('SAVEPOINT vehicle_batch');
  try {
    const result = await writeBatch(tx, input, secrets);
    await tx.query('RELEASE SAVEPOINT vehicle_batch');
    return result;
  } catch (error) {
    const constraint = (error as { constraint?: string }).constraint ?? constraintOf(error);
    if (!constraint || !CONFLICTS[constraint]) throw error;
    await tx.query('ROLLBACK TO SAVEPOINT vehicle_batch');
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
  const held = await heldBikes(tx, input.fleetId, lines);
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
      secret: needsSecret ? (secrets.get(line.moduleId!) ?? (await newSecret())) : null,
    });
  }

  const updates = planned.filter((p) => p.existing);
  if (updates.length) {
    await tx.query(
      `UPDATE bike b SET bike_code = u.bike_code, module_id = u.module_id, model = u.model,
              group_id = u.group_id, updated_at = now()
         FROM json_to_recordset($1::json) AS u(id bigint, bike_code text, module_id text, model text, group_id uuid)
        WHERE b.id = u.id`,
      [
        JSON.stringify(
          updates.map((p) => ({
            id: p.existing!.id,
            bike_code: p.line.bikeCode,
            module_id: p.line.moduleId,
            model: p.line.model,
            group_id: p.groupId,
          })),
        ),
      ],
    );
  }
  const inserts = planned.filter((p) => !p.existing);
  const newIds = new Map<string, number>();
  if (inserts.length) {
    const rows = await tx.query<{ id: number; vn: string }>(
      `INSERT INTO bike (fleet_id, group_id, vehicle_number, bike_code, module_id, model, speed_limit)
       SELECT $1, n.group_id, n.vehicle_number, n.bike_code, n.module_id, n.model, $2
         FROM json_to_recordset($3::json)
           AS n(ord int, group_id uuid, vehicle_number text, bike_code text, module_id text, model text)
        ORDER BY n.ord
       RETURNING id, lower(vehicle_number) AS vn`,
      [
        input.fleetId,
        DEFAULT_SPEED_LIMIT_KMH,
        JSON.stringify(
          inserts.map((p, ord) => ({
            ord,
            group_id: p.groupId,
            vehicle_number: p.line.vehicleNumber,
            bike_code: p.line.bikeCode,
            module_id: p.line.moduleId,
            model: p.line.model,
          })),
        ),
      ],
    );
    for (const row of rows) newIds.set(row.vn, row.id);
  }
  const bikeIdOf = (p: Planned) =>
    p.existing?.id ?? newIds.get(p.line.vehicleNumber.toLowerCase())!;

  const revoked: string[] = [];
  const events: ImportEvent[] = [];
  const unpaired = planned.filter((p) => p.existing?.module_id && p.moduleChanged);
  if (unpaired.length) {
    await tx.query('DELETE FROM module_credential WHERE bike_id = ANY($1::bigint[])', [
      unpaired.map((p) => p.existing!.id),
    ]);
  }
  const credentials = planned
    .filter((p) => p.secret)
    .map((p) => ({
      module_id: p.line.moduleId!,
      bike_id: bikeIdOf(p),
      secret_hash: p.secret!.hash,
    }));
  if (credentials.length) {
    await tx.query(
      `INSERT INTO module_credential (module_id, bike_id, secret_hash)
       SELECT c.module_id, c.bike_id, c.secret_hash
         FROM json_to_recordset($1::json) AS c(module_id text, bike_id bigint, secret_hash text)`,
      [JSON.stringify(credentials)],
    );
  }

  for (const p of planned) {
    const bikeId = bikeIdOf(p);
    const vehicleNumber = p.line.vehicleNumber;
    if (p.existing) result.updated += 1;
    else result.created += 1;
    if (p.secret) result.modules.push({ moduleId: p.line.moduleId!, secret: p.secret.secret });
    if (p.existing?.module_id && p.moduleChanged) {
      revoked.push(p.existing.module_id);
      events.push({ bikeId, vehicleNumber, name: 'UNPAIRED', moduleId: p.existing.module_id });
    }
    if (p.line.moduleId && p.moduleChanged)
      events.push({ bikeId, vehicleNumber, name: 'PAIRED', moduleId: p.line.moduleId });
  }
  await recordImportEvents(tx, input, events);
  await notifyModuleRevocation(tx, revoked);
  if (result.created || result.updated)
    await new FleetChanges().add(input.fleetId, 'bike', 'event').notify(tx);
  return result;
}

async function newSecret(): Promise<PreparedSecret> {
  const secret = generateModuleSecret();
  return { secret, hash: await hashModuleSecret(secret) };
}

/**
 * The bikes holding a vehicle number or bike code of the lines in the fleet (unique per fleet,
 * ADR 0043) or one of their modules anywhere (global), locked, with their module credentials. One indexed lookup per identifier kind: an OR of them defeats the indexes.
 */
async function heldBikes(tx: TxQuery, fleetId: string, lines: VehicleLine[]): Promise<HeldRow[]> {
  const moduleIds = lines.flatMap((l) => (l.moduleId ? [l.moduleId] : []));
  const rows = await tx.query<Omit<HeldRow, 'credentials'>>(
    `SELECT b.id, b.fleet_id, lower(b.vehicle_number) AS vn, lower(b.bike_code) AS code, b.module_id
       FROM bike b
      WHERE b.id IN (SELECT id FROM bike WHERE fleet_id = $4 AND lower(vehicle_number) = ANY($1::text[])
                     UNION SELECT id FROM bike WHERE fleet_id = $4 AND lower(bike_code) = ANY($2::text[])
                     UNION SELECT id FROM bike WHERE module_id = ANY($3::text[])
                     UNION SELECT bike_id FROM module_credential WHERE module_id = ANY($3::text[]))
      ORDER BY b.id
        FOR UPDATE OF b`,
    [
      lines.map((l) => l.vehicleNumber.toLowerCase()),
      lines.map((l) => l.bikeCode.toLowerCase()),
      moduleIds,
      fleetId,
    ],
  );
  const credentials = new Map<number, string[]>();
  if (rows.length) {
    const found = await tx.query<{ bike_id: number; module_id: string }>(
      'SELECT bike_id, module_id FROM module_credential WHERE bike_id = ANY($1::bigint[])',
      [rows.map((row) => row.id)],
    );
    for (const row of found) {
      credentials.set(row.bike_id, [...(credentials.get(row.bike_id) ?? []), row.module_id]);
    }
  }
  return rows.map((row) => ({ ...row, credentials: credentials.get(row.id) ?? [] }));
}

/** The groups the lines name (a leaf first, SPEC §5), created at the top of the tree if new. */
async function resolveGroups(
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
  const found = await tx.query<{ key: string; id: string }>(
    `SELECT DISTINCT ON (lower(g.name)) lower(g.name) AS key, g.id FROM fleet_group g
      WHERE g.fleet_id = $1 AND lower(g.name) = ANY($2::text[])
      ORDER BY lower(g.name), EXISTS (SELECT 1 FROM fleet_group c WHERE c.parent_id = g.id), g.created_at`,
    [fleetId, [...names.keys()]],
  );
  for (const row of found) ids.set(row.key, row.id);
  const missing = [...names].filter(([key]) => !ids.has(key)).map(([, name]) => name);
  if (missing.length) {
    const created = await tx.query<{ key: string; id: string }>(
      `INSERT INTO fleet_group (fleet_id, name) SELECT $1, unnest($2::text[])
       RETURNING lower(name) AS key, id`,
      [fleetId, missing],
    );
    for (const row of created) ids.set(row.key, row.id);
  }
  return ids;
}

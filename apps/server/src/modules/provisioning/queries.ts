// SQL of the provisioning module: the bikes of a fleet and the credentials of their modules,
// written by the import (set-based per batch, ADR 0040, or line by line under savepoints) and
// by the removal. A batch's rows travel as one JSON parameter: one statement whatever its size.
import { jsonRecords, type Queryable, queryOne, type TxQuery } from '../../db/client';
import { MODULE_CHANNEL, type ModuleRevocation } from './module-revocation';

/** Savepoint statements of the import: one bad line, or one conflicting batch, fails alone. */
export const savepoint = {
  set: (tx: TxQuery, name: string) => tx.query(`SAVEPOINT ${name}`),
  release: (tx: TxQuery, name: string) => tx.query(`RELEASE SAVEPOINT ${name}`),
  rollback: (tx: TxQuery, name: string) => tx.query(`ROLLBACK TO SAVEPOINT ${name}`),
};

// ---- bikes ---------------------------------------------------------------------------------

/** What an import line writes on its bike. */
export interface BikeWrite {
  bikeCode: string;
  moduleId: string | null;
  model: string;
  groupId: string | null;
}

export async function updateBikes(tx: Queryable, bikes: Array<BikeWrite & { id: number }>) {
  if (!bikes.length) return;
  await tx.query(
    `UPDATE bike b SET bike_code = u.bike_code, module_id = u.module_id, model = u.model,
            group_id = u.group_id, updated_at = now()
       FROM json_to_recordset($1::json) AS u(id bigint, bike_code text, module_id text, model text, group_id uuid)
      WHERE b.id = u.id`,
    [
      jsonRecords(bikes, (bike) => ({
        id: bike.id,
        bike_code: bike.bikeCode,
        module_id: bike.moduleId,
        model: bike.model,
        group_id: bike.groupId,
      })),
    ],
  );
}

/** New bikes of the fleet, inserted in the given order; their ids by lower-cased number. */
export async function insertBikes(
  tx: Queryable,
  fleetId: string,
  speedLimit: number,
  bikes: Array<BikeWrite & { vehicleNumber: string }>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (!bikes.length) return ids;
  const rows = await tx.query<{ id: number; vn: string }>(
    `INSERT INTO bike (fleet_id, group_id, vehicle_number, bike_code, module_id, model, speed_limit)
     SELECT $1, n.group_id, n.vehicle_number, n.bike_code, n.module_id, n.model, $2
       FROM json_to_recordset($3::json)
         AS n(ord int, group_id uuid, vehicle_number text, bike_code text, module_id text, model text)
      ORDER BY n.ord
     RETURNING id, lower(vehicle_number) AS vn`,
    [
      fleetId,
      speedLimit,
      jsonRecords(bikes, (bike, ord) => ({
        ord,
        group_id: bike.groupId,
        vehicle_number: bike.vehicleNumber,
        bike_code: bike.bikeCode,
        module_id: bike.moduleId,
        model: bike.model,
      })),
    ],
  );
  for (const row of rows) ids.set(row.vn, row.id);
  return ids;
}

export interface FleetBikeRow {
  id: number;
  module_id: string | null;
  has_credential: boolean;
}

/** The fleet's bike of that number (any case), locked, and whether its module has a credential. */
export async function selectBikeForUpdate(tx: Queryable, fleetId: string, vehicleNumber: string) {
  return queryOne<FleetBikeRow>(
    tx,
    `SELECT b.id, b.module_id, EXISTS (SELECT 1 FROM module_credential m WHERE m.bike_id = b.id) AS has_credential
       FROM bike b WHERE b.fleet_id = $1 AND lower(b.vehicle_number) = lower($2) FOR UPDATE`,
    [fleetId, vehicleNumber],
  );
}

export interface HeldRow {
  id: number;
  fleet_id: string;
  vn: string;
  code: string;
  module_id: string | null;
  credentials: string[];
}

/**
 * The bikes holding one of the vehicle numbers or bike codes in the fleet (unique per fleet,
 * ADR 0043) or one of the modules anywhere (global), locked, with their module credentials.
 * One indexed lookup per identifier kind: an OR of them defeats the indexes.
 */
export async function selectHeldBikes(
  tx: Queryable,
  fleetId: string,
  held: { vehicleNumbers: string[]; bikeCodes: string[]; moduleIds: string[] },
): Promise<HeldRow[]> {
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
      held.vehicleNumbers.map((vn) => vn.toLowerCase()),
      held.bikeCodes.map((code) => code.toLowerCase()),
      held.moduleIds,
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

/** Removes bikes with their rows (credentials, commands… by foreign key; telemetry by hand). */
export async function deleteBikes(tx: Queryable, bikeIds: number[]) {
  // telemetry has no foreign key (partitioned, append-only): delete its rows explicitly
  await tx.query('DELETE FROM telemetry WHERE bike_id = ANY($1::bigint[])', [bikeIds]);
  await tx.query('DELETE FROM bike WHERE id = ANY($1::bigint[])', [bikeIds]);
}

// ---- groups --------------------------------------------------------------------------------

/** The fleet's groups of these lower-cased names, a leaf first (SPEC §5), then the oldest. */
export async function selectGroupsByName(
  tx: Queryable,
  fleetId: string,
  keys: string[],
): Promise<Array<{ key: string; id: string }>> {
  return tx.query<{ key: string; id: string }>(
    `SELECT DISTINCT ON (lower(g.name)) lower(g.name) AS key, g.id FROM fleet_group g
      WHERE g.fleet_id = $1 AND lower(g.name) = ANY($2::text[])
      ORDER BY lower(g.name), EXISTS (SELECT 1 FROM fleet_group c WHERE c.parent_id = g.id), g.created_at`,
    [fleetId, keys],
  );
}

/** New groups at the top of the fleet's tree. */
export async function insertGroups(
  tx: Queryable,
  fleetId: string,
  names: string[],
): Promise<Array<{ key: string; id: string }>> {
  return tx.query<{ key: string; id: string }>(
    `INSERT INTO fleet_group (fleet_id, name) SELECT $1, unnest($2::text[])
     RETURNING lower(name) AS key, id`,
    [fleetId, names],
  );
}

// ---- module credentials --------------------------------------------------------------------

/** Which of these modules a credential names already (paired with some bike). */
export async function selectPairedModules(db: Queryable, moduleIds: string[]) {
  const rows = await db.query<{ module_id: string }>(
    'SELECT module_id FROM module_credential WHERE module_id = ANY($1::text[])',
    [moduleIds],
  );
  return new Set(rows.map((row) => row.module_id));
}

export async function insertModuleCredentials(
  tx: Queryable,
  credentials: Array<{ moduleId: string; bikeId: number; secretHash: string }>,
) {
  if (!credentials.length) return;
  await tx.query(
    `INSERT INTO module_credential (module_id, bike_id, secret_hash)
     SELECT c.module_id, c.bike_id, c.secret_hash
       FROM json_to_recordset($1::json) AS c(module_id text, bike_id bigint, secret_hash text)`,
    [
      jsonRecords(credentials, (c) => ({
        module_id: c.moduleId,
        bike_id: c.bikeId,
        secret_hash: c.secretHash,
      })),
    ],
  );
}

export async function deleteModuleCredentials(tx: Queryable, bikeIds: number[]) {
  if (!bikeIds.length) return;
  await tx.query('DELETE FROM module_credential WHERE bike_id = ANY($1::bigint[])', [bikeIds]);
}

/** New secret hashes of paired modules (the credentials stay with their bikes). */
export async function updateSecretHashes(
  db: Queryable,
  hashes: Array<{ moduleId: string; hash: string }>,
) {
  await db.query(
    `UPDATE module_credential m SET secret_hash = s.hash
       FROM json_to_recordset($1::json) AS s(module_id text, hash text) WHERE m.module_id = s.module_id`,
    [JSON.stringify(hashes.map((h) => ({ module_id: h.moduleId, hash: h.hash })))],
  );
}

/** Tells every ingest process to forget these modules' cached credentials and close their
 *  connections (module-revocation.ts). */
export async function notifyModuleRevocation(tx: Queryable, moduleIds: string[]) {
  if (!moduleIds.length) return;
  const notice: ModuleRevocation = { moduleIds };
  await tx.query('SELECT pg_notify($1, $2)', [MODULE_CHANNEL, JSON.stringify(notice)]);
}

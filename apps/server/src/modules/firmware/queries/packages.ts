// Firmware packages' SQL (ADR 0129): every read and write names the fleet.
import type { Queryable } from '../../../db/client';

export interface PackageRow {
  id: string;
  fleet_id: string;
  version: string;
  module_model: string;
  file_name: string;
  size: number;
  sha256: string;
  storage_key: string;
  uploaded_by: string | null;
  uploaded_at: Date;
  active_campaigns: number;
}

const SELECT_PACKAGE = `
  SELECT p.*, (SELECT count(*)::int FROM firmware_campaign c
                WHERE c.package_id = p.id AND c.state NOT IN ('FINISHED', 'ABORTED')) AS active_campaigns
    FROM firmware_package p`;

export function insertPackage(
  db: Queryable,
  row: Omit<PackageRow, 'uploaded_at' | 'active_campaigns'>,
  uploadedAt?: Date,
): Promise<PackageRow[]> {
  return db.query<PackageRow>(
    `INSERT INTO firmware_package (id, fleet_id, version, module_model, file_name, size, sha256,
                                   storage_key, uploaded_by, uploaded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10, now()))
     ON CONFLICT (fleet_id, module_model, version) DO NOTHING
     RETURNING *, 0 AS active_campaigns`,
    [
      row.id,
      row.fleet_id,
      row.version,
      row.module_model,
      row.file_name,
      row.size,
      row.sha256,
      row.storage_key,
      row.uploaded_by,
      uploadedAt ?? null,
    ],
  );
}

export function listPackages(db: Queryable, fleetId: string): Promise<PackageRow[]> {
  return db.query<PackageRow>(
    `${SELECT_PACKAGE} WHERE p.fleet_id = $1 ORDER BY p.uploaded_at DESC, p.id LIMIT 500`,
    [fleetId],
  );
}

export async function findPackage(
  db: Queryable,
  fleetId: string,
  id: string,
  lock = false,
): Promise<PackageRow | null> {
  const rows = await db.query<PackageRow>(
    `${SELECT_PACKAGE} WHERE p.fleet_id = $1 AND p.id = $2${lock ? ' FOR UPDATE OF p' : ''}`,
    [fleetId, id],
  );
  return rows[0] ?? null;
}

/** Deletes a package no campaign refers to; false when one does (kept as history). */
export async function deletePackage(db: Queryable, fleetId: string, id: string): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM firmware_package p WHERE p.fleet_id = $1 AND p.id = $2
        AND NOT EXISTS (SELECT 1 FROM firmware_campaign c WHERE c.package_id = p.id)
     RETURNING p.id`,
    [fleetId, id],
  );
  return rows.length > 0;
}

/** The fleet's bikes per module model and running version. */
export function versionDistribution(
  db: Queryable,
  fleetId: string,
): Promise<Array<{ module_model: string | null; version: string | null; bikes: number }>> {
  return db.query(
    `SELECT nullif(hardware_version, '') AS module_model, firmware_version AS version,
            count(*)::int AS bikes
       FROM bike WHERE fleet_id = $1 AND module_id IS NOT NULL
      GROUP BY 1, 2 ORDER BY 1 NULLS LAST, 3 DESC LIMIT 200`,
    [fleetId],
  );
}

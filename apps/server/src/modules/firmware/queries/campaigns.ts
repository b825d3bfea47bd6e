// Firmware campaigns' SQL (ADR 0129): created with their targets in one transaction, driven
// by the firmware.tick job (each campaign locked while a tick works on it).
import type { FirmwareCampaignState } from '@vfm/contract';
import type { Queryable } from '../../../db/client';

export interface CampaignRow {
  id: string;
  fleet_id: string;
  package_id: string;
  name: string;
  state: FirmwareCampaignState;
  paused_from: FirmwareCampaignState | null;
  paused_reason: string | null;
  canary_percent: number;
  auto_approve_percent: number | null;
  pace_per_minute: number;
  max_failure_percent: number;
  window_start: string | null;
  window_end: string | null;
  created_by: string | null;
  created_at: Date;
  finished_at: Date | null;
  version: string;
  module_model: string;
}

const SELECT_CAMPAIGN = `
  SELECT c.*, p.version, p.module_model
    FROM firmware_campaign c JOIN firmware_package p ON p.id = c.package_id`;

export async function insertCampaign(
  db: Queryable,
  row: Omit<
    CampaignRow,
    'created_at' | 'finished_at' | 'version' | 'module_model' | 'paused_from' | 'paused_reason'
  >,
  createdAt?: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO firmware_campaign (id, fleet_id, package_id, name, state, canary_percent,
        auto_approve_percent, pace_per_minute, max_failure_percent, window_start, window_end,
        created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, coalesce($13, now()))`,
    [
      row.id,
      row.fleet_id,
      row.package_id,
      row.name,
      row.state,
      row.canary_percent,
      row.auto_approve_percent,
      row.pace_per_minute,
      row.max_failure_percent,
      row.window_start,
      row.window_end,
      row.created_by,
      createdAt ?? null,
    ],
  );
}

export function listCampaigns(db: Queryable, fleetId: string): Promise<CampaignRow[]> {
  return db.query<CampaignRow>(
    `${SELECT_CAMPAIGN} WHERE c.fleet_id = $1 ORDER BY c.created_at DESC, c.id LIMIT 200`,
    [fleetId],
  );
}

export async function findCampaign(
  db: Queryable,
  fleetId: string,
  id: string,
  lock = false,
): Promise<CampaignRow | null> {
  const rows = await db.query<CampaignRow>(
    `${SELECT_CAMPAIGN} WHERE c.fleet_id = $1 AND c.id = $2${lock ? ' FOR UPDATE OF c' : ''}`,
    [fleetId, id],
  );
  return rows[0] ?? null;
}

/** The campaigns a tick drives (not finished nor aborted), any fleet. */
export function openCampaignIds(db: Queryable): Promise<Array<{ id: string; fleet_id: string }>> {
  return db.query(
    `SELECT id, fleet_id FROM firmware_campaign
      WHERE state NOT IN ('FINISHED', 'ABORTED') ORDER BY created_at LIMIT 1000`,
  );
}

/** Locks an open campaign for a tick; null when another tick holds it or it is closed. */
export async function lockOpenCampaign(db: Queryable, id: string): Promise<CampaignRow | null> {
  const rows = await db.query<CampaignRow>(
    `${SELECT_CAMPAIGN} WHERE c.id = $1 AND c.state NOT IN ('FINISHED', 'ABORTED')
      FOR UPDATE OF c SKIP LOCKED`,
    [id],
  );
  return rows[0] ?? null;
}

export async function setCampaignState(
  db: Queryable,
  id: string,
  change: {
    state: FirmwareCampaignState;
    pausedFrom?: FirmwareCampaignState | null;
    reason?: string | null;
    finishedAt?: Date | null;
  },
): Promise<void> {
  await db.query(
    `UPDATE firmware_campaign SET state = $2, paused_from = $3, paused_reason = $4,
            finished_at = coalesce($5, finished_at)
      WHERE id = $1`,
    [id, change.state, change.pausedFrom ?? null, change.reason ?? null, change.finishedAt ?? null],
  );
}

// Each module's state in a campaign (ADR 0129): the offer outbox. Written by the campaign
// service (creation, abort), the firmware.tick job (offers, timeouts), the ingest's firmware
// dispatcher (claim: sent_at) and the module's reports (ingest batch transaction).
import type { FirmwareTargetState } from '@vfm/contract';
import { jsonRecords, type Queryable } from '../../../db/client';

export interface TargetBike {
  bike_id: number;
  vehicle_number: string;
  module_id: string | null;
  firmware_version: string | null;
}

/** The fleet's bikes with a module matching a target (every given filter applies; a group
 *  includes its sub-groups, as the fleet filters do: DESIGN §5). */
export function resolveTargetBikes(
  db: Queryable,
  fleetId: string,
  filter: { models: string[] | null; groupIds: string[] | null; vehicleNumbers: string[] | null },
): Promise<TargetBike[]> {
  return db.query<TargetBike>(
    `SELECT id AS bike_id, vehicle_number, module_id, firmware_version FROM bike
      WHERE fleet_id = $1 AND module_id IS NOT NULL
        AND ($2::text[] IS NULL OR hardware_version = ANY($2::text[]))
        AND ($3::uuid[] IS NULL OR group_id IN (
              WITH RECURSIVE scope(id) AS (
                SELECT id FROM fleet_group WHERE fleet_id = $1 AND id = ANY($3::uuid[])
                UNION
                SELECT child.id FROM fleet_group child JOIN scope ON child.parent_id = scope.id
              )
              SELECT id FROM scope))
        AND ($4::text[] IS NULL OR lower(vehicle_number) = ANY($4::text[]))
      ORDER BY id LIMIT 20001`,
    [
      fleetId,
      filter.models,
      filter.groupIds,
      filter.vehicleNumbers?.map((v) => v.toLowerCase()) ?? null,
    ],
  );
}

/** The bikes among these already in an open campaign. */
export function bikesInOpenTargets(
  db: Queryable,
  bikeIds: number[],
): Promise<Array<{ vehicle_number: string }>> {
  return db.query(
    `SELECT vehicle_number FROM firmware_target WHERE open AND bike_id = ANY($1::bigint[]) LIMIT 50`,
    [bikeIds],
  );
}

export async function insertTargets(
  db: Queryable,
  campaignId: string,
  fleetId: string,
  rows: Array<TargetBike & { id: string; canary: boolean }>,
): Promise<void> {
  await db.query(
    `INSERT INTO firmware_target (id, campaign_id, fleet_id, bike_id, vehicle_number, module_id,
                                  canary, previous_version)
     SELECT id, $1, $2, bike_id, vehicle_number, module_id, canary, firmware_version
       FROM json_to_recordset($3::json) AS t(id uuid, bike_id bigint, vehicle_number text,
            module_id text, canary boolean, firmware_version text)`,
    [campaignId, fleetId, JSON.stringify(rows)],
  );
}

export interface TargetRow {
  id: string;
  campaign_id: string;
  fleet_id: string;
  bike_id: number | null;
  vehicle_number: string;
  module_id: string | null;
  canary: boolean;
  state: FirmwareTargetState;
  open: boolean;
  progress: number | null;
  reason: string | null;
  attempts: number;
  previous_version: string | null;
  offered_at: Date | null;
  sent_at: Date | null;
  deadline: Date | null;
  updated_at: Date;
}

export function campaignTargets(db: Queryable, campaignId: string): Promise<TargetRow[]> {
  return db.query<TargetRow>(
    `SELECT * FROM firmware_target WHERE campaign_id = $1
      ORDER BY canary DESC, vehicle_number LIMIT 20000`,
    [campaignId],
  );
}

export function stateCounts(
  db: Queryable,
  campaignIds: string[],
): Promise<Array<{ campaign_id: string; state: FirmwareTargetState; canary: boolean; n: number }>> {
  return db.query(
    `SELECT campaign_id, state, canary, count(*)::int AS n FROM firmware_target
      WHERE campaign_id = ANY($1::uuid[]) GROUP BY 1, 2, 3`,
    [campaignIds],
  );
}

/** In-flight modules past their deadline (the tick fails or retries them). */
export function overdueTargets(db: Queryable, campaignId: string, now: Date): Promise<TargetRow[]> {
  return db.query<TargetRow>(
    `SELECT * FROM firmware_target
      WHERE campaign_id = $1 AND open AND deadline < $2
        AND state IN ('OFFERED', 'DOWNLOADING', 'DOWNLOADED', 'VERIFIED', 'UPDATING')
      FOR UPDATE SKIP LOCKED`,
    [campaignId, now],
  );
}

export interface CandidateRow extends TargetRow {
  model: string | null;
  on_ride: boolean;
  mode: string | null;
  last_communication_date: Date | null;
  bike_module_id: string | null;
}

/** The next modules to offer: not offered yet (or to retry), the canary's only in its phase. */
export function offerCandidates(
  db: Queryable,
  campaignId: string,
  canaryOnly: boolean,
  limit: number,
): Promise<CandidateRow[]> {
  return db.query<CandidateRow>(
    `SELECT t.*, b.hardware_version AS model, b.iot_mode AS mode, b.module_id AS bike_module_id,
            (b.status = 'MOVING' OR b.trip_started_at IS NOT NULL) AS on_ride,
            b.last_communication_date
       FROM firmware_target t LEFT JOIN bike b ON b.id = t.bike_id
      WHERE t.campaign_id = $1 AND t.state IN ('PENDING', 'WAITING') AND ($2::boolean = false OR t.canary)
      ORDER BY t.canary DESC, t.attempts, t.updated_at, t.id
      LIMIT $3
      FOR UPDATE OF t SKIP LOCKED`,
    [campaignId, canaryOnly, limit],
  );
}

/** Offers made in the last minute (the pace). */
export async function offeredSince(
  db: Queryable,
  campaignId: string,
  since: Date,
): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM firmware_target WHERE campaign_id = $1 AND offered_at >= $2`,
    [campaignId, since],
  );
  return rows[0]?.n ?? 0;
}

export interface TargetChange {
  id: string;
  state: FirmwareTargetState;
  progress: number | null;
  reason: string | null;
  attempts: number;
  open: boolean;
  offered_at?: Date | null;
  deadline?: Date | null;
  last_seq?: number | null;
}

/** Writes targets' new states in one statement (offers reset the outbox's claim). */
export async function updateTargets(
  db: Queryable,
  changes: TargetChange[],
  now: Date,
): Promise<void> {
  if (!changes.length) return;
  await db.query(
    `UPDATE firmware_target t SET state = c.state, progress = c.progress, reason = c.reason,
            attempts = c.attempts, open = c.open, updated_at = $2,
            offered_at = CASE WHEN c.offer THEN c.offered_at ELSE t.offered_at END,
            deadline = CASE WHEN c.offer THEN c.deadline ELSE t.deadline END,
            sent_at = CASE WHEN c.offer THEN NULL ELSE t.sent_at END,
            last_seq = coalesce(c.last_seq, t.last_seq)
       FROM json_to_recordset($1::json) AS c(id uuid, state text, progress smallint, reason text,
            attempts int, open boolean, offer boolean, offered_at timestamptz, deadline timestamptz,
            last_seq bigint)
      WHERE t.id = c.id`,
    [
      jsonRecords(changes, (c) => ({
        ...c,
        offer: c.offered_at !== undefined,
        last_seq: c.last_seq ?? null,
      })),
      now,
    ],
  );
}

/** Abort: every module not settled is SKIPPED (a module that reports later is not heard). */
export function skipOpenTargets(
  db: Queryable,
  campaignId: string,
  now: Date,
): Promise<TargetRow[]> {
  return db.query<TargetRow>(
    `UPDATE firmware_target SET state = 'SKIPPED', open = false, reason = 'ABORTED', updated_at = $2
      WHERE campaign_id = $1 AND open RETURNING *`,
    [campaignId, now],
  );
}

export interface ReportedTarget extends TargetRow {
  version: string;
  created_by: string | null;
}

/** The open targets these reports name, locked, each only for its own bike. */
export function reportedTargets(
  db: Queryable,
  pairs: Array<{ id: string; bike_id: number }>,
): Promise<ReportedTarget[]> {
  return db.query<ReportedTarget>(
    `SELECT t.*, p.version, c.created_by
       FROM json_to_recordset($1::json) AS r(id uuid, bike_id bigint)
       JOIN firmware_target t ON t.id = r.id AND t.bike_id = r.bike_id AND t.open
       JOIN firmware_campaign c ON c.id = t.campaign_id
       JOIN firmware_package p ON p.id = c.package_id
      ORDER BY t.id FOR UPDATE OF t`,
    [JSON.stringify(pairs)],
  );
}

export function bikeFirmwareHistory(
  db: Queryable,
  fleetId: string,
  bikeId: number,
): Promise<Array<TargetRow & { campaign_name: string; version: string }>> {
  return db.query(
    `SELECT t.*, c.name AS campaign_name, p.version
       FROM firmware_target t JOIN firmware_campaign c ON c.id = t.campaign_id
       JOIN firmware_package p ON p.id = c.package_id
      WHERE t.fleet_id = $1 AND t.bike_id = $2 ORDER BY t.updated_at DESC LIMIT 100`,
    [fleetId, bikeId],
  );
}

// The offer outbox's SQL (ADR 0129): the tick's notice at commit, the ingest dispatcher's claim
// and release, and the modules' downloads (an offer and its package).
import type { Queryable } from '../../../db/client';

export const FIRMWARE_CHANNEL = 'vfm_firmware';

export interface ClaimedOffer {
  id: string;
  module_id: string;
  attempts: number;
  deadline: Date;
  version: string;
  size: number;
  sha256: string;
}

/** The dispatcher's claim: offers not yet published (or published before resendBefore). */
export function claimOffers(
  db: Queryable,
  input: { at: Date; resendBefore: Date; ids: string[] | null; online: string[] | null },
): Promise<ClaimedOffer[]> {
  return db.query<ClaimedOffer>(
    `WITH due AS (
       SELECT id FROM firmware_target
        WHERE state = 'OFFERED' AND open AND module_id IS NOT NULL AND deadline > $1
          AND (sent_at IS NULL OR sent_at < $2)
          AND ($3::uuid[] IS NULL OR id = ANY($3::uuid[]))
          AND ($4::text[] IS NULL OR module_id = ANY($4::text[]))
        ORDER BY offered_at LIMIT 500 FOR UPDATE SKIP LOCKED)
     UPDATE firmware_target t SET sent_at = $1 FROM due, firmware_campaign c, firmware_package p
      WHERE t.id = due.id AND c.id = t.campaign_id AND p.id = c.package_id
     RETURNING t.id, t.module_id, t.attempts, t.deadline, p.version, p.size, p.sha256`,
    [input.at, input.resendBefore, input.ids, input.online],
  );
}

export async function releaseOffer(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE firmware_target SET sent_at = NULL WHERE id = $1`, [id]);
}

export interface DownloadRow {
  id: string;
  module_id: string | null;
  attempts: number;
  deadline: Date | null;
  open: boolean;
  storage_key: string;
  size: number;
  sha256: string;
  version: string;
}

export async function offerForDownload(db: Queryable, id: string): Promise<DownloadRow | null> {
  const rows = await db.query<DownloadRow>(
    `SELECT t.id, t.module_id, t.attempts, t.deadline, t.open, p.storage_key, p.size, p.sha256, p.version
       FROM firmware_target t JOIN firmware_campaign c ON c.id = t.campaign_id
       JOIN firmware_package p ON p.id = c.package_id WHERE t.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export async function notifyOffers(db: Queryable, campaignId: string): Promise<void> {
  await db.query(`SELECT pg_notify($1, $2)`, [FIRMWARE_CHANNEL, campaignId]);
}

// Sessions that end (logout, revocation, password change, account disabled — ADR 0003) are
// announced on `pg_notify('vfm_session', [session ids])`, in the revoking transaction, so that
// every process closes the live streams of those sessions at once (ADR 0042) instead of at its
// next periodic session check.
import type { Queryable } from '../db/client';

export const SESSION_CHANNEL = 'vfm_session';
/** ids per notification: a NOTIFY payload must stay under 8000 bytes */
const IDS_PER_NOTICE = 100;

export async function announceSessionEnds(db: Queryable, sessionIds: string[]): Promise<void> {
  const payloads: string[] = [];
  for (let i = 0; i < sessionIds.length; i += IDS_PER_NOTICE) {
    payloads.push(JSON.stringify(sessionIds.slice(i, i + IDS_PER_NOTICE)));
  }
  if (!payloads.length) return;
  await db.query(
    `SELECT pg_notify('${SESSION_CHANNEL}', payload) FROM unnest($1::text[]) AS payload`,
    [payloads],
  );
}

/** The session ids of a notification; [] for anything else. */
export function parseSessionEnds(payload: string): string[] {
  try {
    const value: unknown = JSON.parse(payload);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

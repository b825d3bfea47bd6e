// The auth module's SQL on sessions (refresh-token families, ADR 0003) and their refresh
// tokens, stored as their SHA-256 only.
import { REFRESH_TOKEN_TTL_DAYS } from '@vfm/contract';
import type { Queryable } from '../../../db/client';
import { randomToken, sha256 } from '../../../lib/crypto';
import { LIVE_CHANNEL } from '../../../lib/live-channel';

const DAY_MS = 24 * 60 * 60 * 1000;

// A session is a refresh-token family: one sign-in; each refresh rotates its token; revoking
// the family makes every access token carrying its id (sid) useless at once, because the auth
// plugin re-checks the session on every request.

export type RevokeReason =
  | 'LOGOUT'
  | 'REFRESH_TOKEN_REUSE'
  | 'PASSWORD_CHANGED'
  | 'PASSWORD_RESET'
  | 'PASSWORD_SET_BY_ADMIN';

export interface SessionMeta {
  ip: string;
  userAgent: string | undefined;
}

export async function createSession(
  db: Queryable,
  accountId: string,
  meta: SessionMeta,
  now: Date,
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO auth_session (account_id, created_at, ip, user_agent)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [accountId, now, meta.ip, meta.userAgent?.slice(0, 512) ?? null],
  );
  return row!.id;
}

export async function findSession(db: Queryable, sessionId: string) {
  const [row] = await db.query<{ account_id: string; revoked_at: Date | null }>(
    'SELECT account_id, revoked_at FROM auth_session WHERE id = $1',
    [sessionId],
  );
  return row ? { accountId: row.account_id, revokedAt: row.revoked_at } : null;
}

export async function markSessionRefreshed(db: Queryable, sessionId: string, now: Date) {
  await db.query('UPDATE auth_session SET last_refreshed_at = $2 WHERE id = $1', [sessionId, now]);
}

/** Ends one session, or every session of an account: their access tokens are refused from
 *  the next request on (the auth plugin checks the session each time), their streams close. */
export async function revokeSessions(
  db: Queryable,
  which: { sessionId: string } | { accountId: string },
  reason: RevokeReason,
  now: Date,
): Promise<void> {
  const [column, id] =
    'sessionId' in which ? ['id', which.sessionId] : ['account_id', which.accountId];
  const ended = await db.query<{ id: string }>(
    `UPDATE auth_session SET revoked_at = $2, revoked_reason = $3
      WHERE ${column} = $1 AND revoked_at IS NULL RETURNING id`,
    [id, now, reason],
  );
  // their open live streams close at once, in every process (ADR 0042)
  await announceSessionEnds(
    db,
    ended.map((row) => row.id),
  );
}

// ---- refresh tokens ------------------------------------------------------------------------

/** A new refresh token of the family; only its hash is stored. 30 days from now. */
export async function issueRefreshToken(
  db: Queryable,
  sessionId: string,
  now: Date,
): Promise<string> {
  const token = randomToken();
  await db.query(
    `INSERT INTO refresh_token (token_hash, session_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4)`,
    [sha256(token), sessionId, now, new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * DAY_MS)],
  );
  return token;
}

export type RotationOutcome =
  | { kind: 'rotated'; sessionId: string; expiresAt: Date }
  /** presented before: a rotated token was replayed, the family is compromised */
  | { kind: 'reused'; sessionId: string }
  | { kind: 'unknown' };

/**
 * Marks the token rotated, atomically: of two requests presenting the same token, exactly
 * one rotates it and the other sees a reuse.
 */
export async function rotateRefreshToken(
  db: Queryable,
  token: string,
  now: Date,
): Promise<RotationOutcome> {
  const [rotated] = await db.query<{ session_id: string; expires_at: Date }>(
    `UPDATE refresh_token SET rotated_at = $2
      WHERE token_hash = $1 AND rotated_at IS NULL
      RETURNING session_id, expires_at`,
    [sha256(token), now],
  );
  if (rotated) {
    return { kind: 'rotated', sessionId: rotated.session_id, expiresAt: rotated.expires_at };
  }
  const sessionId = await sessionOfRefreshToken(db, token);
  return sessionId ? { kind: 'reused', sessionId } : { kind: 'unknown' };
}

/** The session of a refresh token in any state (live, rotated, expired), or null. */
export async function sessionOfRefreshToken(db: Queryable, token: string) {
  const [row] = await db.query<{ session_id: string }>(
    'SELECT session_id FROM refresh_token WHERE token_hash = $1',
    [sha256(token)],
  );
  return row?.session_id ?? null;
}

// ---- the per-request check and the announcement of ended sessions --------------------------

/** The account behind a live session, as the auth plugin checks it on every request. */
export interface SessionAccount {
  account_id: string;
  email: string;
  fleet_id: string;
  roles: string[];
  language: string;
}

/** The session's active account, or undefined once the session is revoked or the account is not
 *  ACTIVE (plugins/auth.ts, given this read by app.ts). */
export async function findSessionAccount(
  db: Queryable,
  sessionId: string,
  accountId: string,
): Promise<SessionAccount | undefined> {
  const [row] = await db.query<SessionAccount>(
    `SELECT a.id AS account_id, a.email, a.fleet_id, a.roles, a.language
           FROM auth_session s JOIN account a ON a.id = s.account_id
          WHERE s.id = $1 AND s.account_id = $2 AND s.revoked_at IS NULL AND a.status = 'ACTIVE'`,
    [sessionId, accountId],
  );
  return row;
}

/** The live sessions among these (revoked ones and those of an account not ACTIVE are left
 *  out), each with whether its account has the role `adminRole` (the live stream's heartbeat). */
export async function liveSessionRoles(db: Queryable, sessionIds: string[], adminRole: string) {
  return db.query<{ id: string; admin: boolean }>(
    `SELECT s.id, $2::text = ANY(a.roles) AS admin
           FROM auth_session s JOIN account a ON a.id = s.account_id
          WHERE s.id = ANY($1::uuid[]) AND s.revoked_at IS NULL AND a.status = 'ACTIVE'`,
    [sessionIds, adminRole],
  );
}

/** ids per notification: a NOTIFY payload must stay under 8000 bytes */
const IDS_PER_NOTICE = 100;

/** Announces ended sessions on the live channel (lib/session-ends.ts), in the revoking
 *  transaction. */
export async function announceSessionEnds(db: Queryable, sessionIds: string[]): Promise<void> {
  const payloads: string[] = [];
  for (let i = 0; i < sessionIds.length; i += IDS_PER_NOTICE) {
    payloads.push(JSON.stringify({ sessions: sessionIds.slice(i, i + IDS_PER_NOTICE) }));
  }
  if (!payloads.length) return;
  await db.query(
    `SELECT pg_notify('${LIVE_CHANNEL}', payload) FROM unnest($1::text[]) AS payload`,
    [payloads],
  );
}

// SQL of the auth module (ADR 0003): accounts as sign-in sees them, sessions (refresh-token
// families), one-time tokens, counted sign-in attempts and the tables' housekeeping. Tokens are
// stored as their SHA-256 only.
import { REFRESH_TOKEN_TTL_DAYS } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { announceSessionEnds } from '../../lib/session-ends';

const DAY_MS = 24 * 60 * 60 * 1000;

// ---- accounts ------------------------------------------------------------------------------

export interface CredentialAccount {
  id: string;
  fleetId: string;
  email: string;
  passwordHash: string | null;
  roles: string[];
  status: 'PENDING' | 'ACTIVE';
  language: string;
  fullName: string;
}

interface CredentialRow {
  id: string;
  fleet_id: string;
  email: string;
  password_hash: string | null;
  roles: string[];
  status: 'PENDING' | 'ACTIVE';
  language: string;
  full_name: string;
}

const toAccount = (row: CredentialRow): CredentialAccount => ({
  id: row.id,
  fleetId: row.fleet_id,
  email: row.email,
  passwordHash: row.password_hash,
  roles: row.roles,
  status: row.status,
  language: row.language,
  fullName: row.full_name,
});

const ACCOUNT_COLUMNS = 'id, fleet_id, email, password_hash, roles, status, language, full_name';

/** E-mails are stored lower-cased; the lookup lower-cases too. */
export async function findAccountByEmail(db: Queryable, email: string) {
  const [row] = await db.query<CredentialRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM account WHERE email = $1`,
    [email.toLowerCase()],
  );
  return row ? toAccount(row) : null;
}

export async function findAccountById(db: Queryable, id: string) {
  const [row] = await db.query<CredentialRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM account WHERE id = $1`,
    [id],
  );
  return row ? toAccount(row) : null;
}

export async function markLastLogin(db: Queryable, accountId: string, now: Date) {
  await db.query('UPDATE account SET last_login_at = $2 WHERE id = $1', [accountId, now]);
}

/**
 * The one way a password is ever set: whoever sets it (the owner, a reset or validation link,
 * an administrator), the account becomes ACTIVE, its outstanding one-time tokens die and its
 * sessions end (DESIGN §5 "Auth", ADR 0003).
 */
export async function setAccountPassword(
  db: Queryable,
  accountId: string,
  passwordHash: string,
  reason: RevokeReason,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE account SET password_hash = $2, password_changed_at = $3, updated_at = $3,
            status = 'ACTIVE'
      WHERE id = $1`,
    [accountId, passwordHash, now],
  );
  await db.query(
    'UPDATE one_time_token SET used_at = $2 WHERE account_id = $1 AND used_at IS NULL',
    [accountId, now],
  );
  await revokeSessions(db, { accountId }, reason, now);
}

// ---- sessions ------------------------------------------------------------------------------
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

// ---- one-time tokens -----------------------------------------------------------------------
// Reset-password and account-validation tokens (DESIGN §5): 256 random bits, single use.

export type TokenPurpose = 'RESET_PASSWORD' | 'ACCOUNT_VALIDATION';

/** Kills the account's older unused tokens of the purpose, so only the newest e-mailed link
 *  works, and stores the new one until `expiresAt`. */
export async function insertOneTimeToken(
  db: Queryable,
  accountId: string,
  purpose: TokenPurpose,
  now: Date,
  expiresAt: Date,
): Promise<string> {
  await db.query(
    `UPDATE one_time_token SET used_at = $3
      WHERE account_id = $1 AND purpose = $2 AND used_at IS NULL`,
    [accountId, purpose, now],
  );
  const token = randomToken();
  await db.query(
    `INSERT INTO one_time_token (token_hash, account_id, purpose, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [sha256(token), accountId, purpose, now, expiresAt],
  );
  return token;
}

export interface LiveToken {
  accountId: string;
  purpose: TokenPurpose;
}

/** The token's account and purpose if it is unused and unexpired, else null. */
export async function findLiveToken(
  db: Queryable,
  token: string,
  purposes: TokenPurpose[],
  now: Date,
): Promise<LiveToken | null> {
  const [row] = await db.query<{ account_id: string; purpose: TokenPurpose }>(
    `SELECT account_id, purpose FROM one_time_token
      WHERE token_hash = $1 AND purpose = ANY($2) AND used_at IS NULL AND expires_at > $3`,
    [sha256(token), purposes, now],
  );
  return row ? { accountId: row.account_id, purpose: row.purpose } : null;
}

/** Uses the token up; false if another request used it first (single use under concurrency). */
export async function consumeToken(db: Queryable, token: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE one_time_token SET used_at = $2
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING 1`,
    [sha256(token), now],
  );
  return rows.length === 1;
}

/** Tokens of the purpose issued to the account since `since`. */
export async function countTokensSince(
  db: Queryable,
  accountId: string,
  purpose: TokenPurpose,
  since: Date,
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM one_time_token
      WHERE account_id = $1 AND purpose = $2 AND created_at > $3`,
    [accountId, purpose, since],
  );
  return row?.n ?? 0;
}

// ---- sign-in attempts (throttle.ts holds the rule) -----------------------------------------

/** serialises admissions on PostgreSQL (PGlite runs one transaction at a time anyway) */
const ADMISSION_LOCK_KEY = 7_210_013;

export async function lockAdmissions(tx: Queryable) {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [ADMISSION_LOCK_KEY]);
}

/** How many counted attempts each scope may hold in the window before it is refused. */
export interface AttemptLimits {
  pair: number;
  account: number;
  ip: number;
}

/**
 * Per scope whose limit is reached, the attempt that must leave the window for the scope to
 * be free again (the limit-th newest since `windowStart`).
 */
export async function limitingAttempts(
  tx: Queryable,
  keys: { email: string; ip: string },
  windowStart: Date,
  limits: AttemptLimits,
): Promise<Date[]> {
  const rows = await tx.query<{ failed_at: Date }>(
    `(SELECT failed_at FROM login_failure
       WHERE scope = 'ACCOUNT_IP' AND key = $1 AND ip = $2 AND failed_at > $3
       ORDER BY failed_at DESC OFFSET $4 LIMIT 1)
     UNION ALL
     (SELECT failed_at FROM login_failure
       WHERE scope = 'ACCOUNT' AND key = $1 AND failed_at > $3
       ORDER BY failed_at DESC OFFSET $5 LIMIT 1)
     UNION ALL
     (SELECT failed_at FROM login_failure
       WHERE scope = 'IP' AND key = $2 AND failed_at > $3
       ORDER BY failed_at DESC OFFSET $6 LIMIT 1)`,
    [keys.email, keys.ip, windowStart, limits.pair - 1, limits.account - 1, limits.ip - 1],
  );
  return rows.map((row) => row.failed_at);
}

/** Counts one attempt in each scope (account and address, account, address); their row ids. */
export async function insertAttempt(
  tx: Queryable,
  keys: { email: string; ip: string },
  now: Date,
): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO login_failure (scope, key, ip, failed_at)
     VALUES ('ACCOUNT_IP', $1, $2, $3), ('ACCOUNT', $1, NULL, $3), ('IP', $2, NULL, $3)
     RETURNING id`,
    [keys.email, keys.ip, now],
  );
  return rows.map((row) => row.id);
}

export async function deleteAttempt(db: Queryable, ids: number[]) {
  await db.query('DELETE FROM login_failure WHERE id = ANY($1::bigint[])', [ids]);
}

/** The owner proved who they are (signed in, or set a password): the account's failures go;
 *  those counted against the address alone stay. */
export async function clearAccountFailures(db: Queryable, email: string) {
  await db.query(
    `DELETE FROM login_failure WHERE scope IN ('ACCOUNT', 'ACCOUNT_IP') AND key = $1`,
    [email.toLowerCase()],
  );
}

// ---- housekeeping (maintenance.ts sets the cut-offs) ---------------------------------------

export interface PurgeCutoffs {
  now: Date;
  failuresBefore: Date;
  tokensCreatedBefore: Date;
  revokedBefore: Date;
  idleBefore: Date;
}

export async function deleteStaleAuthRows(db: Queryable, cut: PurgeCutoffs): Promise<void> {
  await db.query('DELETE FROM login_failure WHERE failed_at <= $1', [cut.failuresBefore]);
  await db.query('DELETE FROM one_time_token WHERE expires_at < $1 AND created_at < $2', [
    cut.now,
    cut.tokensCreatedBefore,
  ]);
  await db.query('DELETE FROM auth_session WHERE revoked_at < $1', [cut.revokedBefore]);
  await db.query('DELETE FROM auth_session WHERE coalesce(last_refreshed_at, created_at) < $1', [
    cut.idleBefore,
  ]);
  await db.query('DELETE FROM refresh_token WHERE expires_at < $1', [cut.now]);
}

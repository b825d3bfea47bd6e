// The auth module's SQL on one-time tokens (reset password, account validation), stored as
// their SHA-256 only.
import type { Queryable } from '../../../db/client';
import { randomToken, sha256 } from '../../../lib/crypto';

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

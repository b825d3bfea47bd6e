// The auth module's SQL on counted sign-in attempts (throttle.ts holds the rule).
import type { Queryable } from '../../../db/client';

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

// Sign-in throttling (ADR 0003, ADR 0041): attempts are counted over a sliding window — per
// account and client address together (the fast lock: a guesser from one address locks only
// that pair), per account from all addresses (a slower limit), per address over all accounts
// (spraying). The e-mail is counted as typed, whether or not it exists, so the answer never
// tells. An attempt is admitted and counted in one serialised step *before* the password is
// checked, so N parallel tries never get more than the limit; a successful one is uncounted
// afterwards. At a limit the call is answered 429 with Retry-After = when the oldest counted
// attempt leaves the window. Refused attempts are not counted, so a lock never outlives the
// last real guess by more than one window, and a successful sign-in or password reset clears
// the account's failures.
import type { Database, TxQuery } from '../../db/client';
import { tooManyRequests } from '../../lib/problem';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** failures of one account from one address in the window before 429 (for that pair) */
export const PAIR_FAILURE_LIMIT = 10;
/** failures of one account from all addresses in the window before 429 (for everyone) */
export const ACCOUNT_FAILURE_LIMIT = 50;
/** failures from one address (any account) in the window; higher: offices share an address */
export const IP_FAILURE_LIMIT = 30;

/** serialises admissions on PostgreSQL (PGlite runs one transaction at a time anyway) */
const ADMISSION_LOCK_KEY = 7_210_013;

export interface ThrottleKeys {
  email: string;
  ip: string;
}

/** The counted attempt: uncounted again if the credentials prove right. */
export interface Attempt {
  ids: number[];
}

export class LoginThrottle {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /** Counts the attempt, or throws 429 (counting nothing) if a limit is reached. */
  async admit(keys: ThrottleKeys): Promise<Attempt> {
    const email = keys.email.toLowerCase();
    const now = this.now();
    return this.db.transaction(async (tx) => {
      if (this.db.kind === 'postgres') {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [ADMISSION_LOCK_KEY]);
      }
      const wait = await secondsUntilAllowed(tx, email, keys.ip, now);
      if (wait > 0) throw tooManyRequests(wait, 'Too many failed attempts. Try again later.');
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO login_failure (scope, key, ip, failed_at)
         VALUES ('ACCOUNT_IP', $1, $2, $3), ('ACCOUNT', $1, NULL, $3), ('IP', $2, NULL, $3)
         RETURNING id`,
        [email, keys.ip, now],
      );
      return { ids: rows.map((row) => row.id) };
    });
  }

  /** The credentials were right: this attempt is no failure. */
  async uncount(attempt: Attempt): Promise<void> {
    await this.db.query('DELETE FROM login_failure WHERE id = ANY($1::bigint[])', [attempt.ids]);
  }

  /** The owner proved who they are (signed in, or set a password from a link). */
  async clearAccount(email: string): Promise<void> {
    await this.db.query(
      `DELETE FROM login_failure WHERE scope IN ('ACCOUNT', 'ACCOUNT_IP') AND key = $1`,
      [email.toLowerCase()],
    );
  }
}

/** 0 while every count is below its limit; otherwise seconds until all of them are. */
async function secondsUntilAllowed(
  tx: TxQuery,
  email: string,
  ip: string,
  now: Date,
): Promise<number> {
  // per scope, the limit-th newest attempt in the window: when it ages out, the scope is free
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
    [
      email,
      ip,
      new Date(now.getTime() - THROTTLE_WINDOW_MS),
      PAIR_FAILURE_LIMIT - 1,
      ACCOUNT_FAILURE_LIMIT - 1,
      IP_FAILURE_LIMIT - 1,
    ],
  );
  const waits = rows.map(
    (row) => (row.failed_at.getTime() + THROTTLE_WINDOW_MS - now.getTime()) / 1000,
  );
  return Math.max(0, ...waits);
}

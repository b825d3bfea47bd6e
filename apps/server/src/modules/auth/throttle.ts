// Sign-in throttling (ISSUE 2 item 5, ADR 0003): failures are counted in login_failure over a
// sliding window, per account (the e-mail as typed, whether or not it exists, so the answer
// never tells) and per client address. At the limit the call is answered 429 with
// Retry-After = when the oldest counted failure leaves the window. Refused attempts are not
// counted, so a lock never outlives the last real guess by more than one window, and a
// successful sign-in or password reset clears the account's failures.
import type { Queryable } from '../../db/client';
import { tooManyRequests } from '../../lib/problem';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** failures of one account in the window before 429 */
export const ACCOUNT_FAILURE_LIMIT = 10;
/** failures from one address (any account) in the window; higher: offices share an address */
export const IP_FAILURE_LIMIT = 30;

export interface ThrottleKeys {
  email: string;
  ip: string;
}

type Scope = 'ACCOUNT' | 'IP';

export class LoginThrottle {
  constructor(
    private readonly db: Queryable,
    private readonly now: () => Date,
  ) {}

  /** Throws 429 if the account or the address reached its limit. */
  async assertAllowed(keys: ThrottleKeys): Promise<void> {
    const waits = await Promise.all([
      this.secondsUntilBelowLimit('ACCOUNT', keys.email.toLowerCase(), ACCOUNT_FAILURE_LIMIT),
      this.secondsUntilBelowLimit('IP', keys.ip, IP_FAILURE_LIMIT),
    ]);
    const wait = Math.max(...waits.map((w) => w ?? 0));
    if (wait > 0) {
      throw tooManyRequests(wait, 'Too many failed attempts. Try again later.');
    }
  }

  async recordFailure(keys: ThrottleKeys): Promise<void> {
    const now = this.now();
    await this.db.query(
      `INSERT INTO login_failure (scope, key, failed_at) VALUES ('ACCOUNT', $1, $3), ('IP', $2, $3)`,
      [keys.email.toLowerCase(), keys.ip, now],
    );
  }

  /** The owner proved who they are (signed in, or set a password from a link). */
  async clearAccount(email: string): Promise<void> {
    await this.db.query(`DELETE FROM login_failure WHERE scope = 'ACCOUNT' AND key = $1`, [
      email.toLowerCase(),
    ]);
  }

  /** null while below the limit; otherwise seconds until the limit-th newest failure ages out */
  private async secondsUntilBelowLimit(
    scope: Scope,
    key: string,
    limit: number,
  ): Promise<number | null> {
    const now = this.now().getTime();
    const [row] = await this.db.query<{ failed_at: Date }>(
      `SELECT failed_at FROM login_failure
        WHERE scope = $1 AND key = $2 AND failed_at > $3
        ORDER BY failed_at DESC OFFSET $4 LIMIT 1`,
      [scope, key, new Date(now - THROTTLE_WINDOW_MS), limit - 1],
    );
    return row ? (row.failed_at.getTime() + THROTTLE_WINDOW_MS - now) / 1000 : null;
  }
}

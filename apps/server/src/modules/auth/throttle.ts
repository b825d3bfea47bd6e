// Sign-in throttling (ADR 0003, ADR 0041): attempts are counted over a sliding window — per
// account and client address together (the fast lock: a guesser from one address locks only
// that pair), per account from all addresses (a slower limit), per address over all accounts
// (spraying). The e-mail is counted as typed, whether or not it exists, so the answer never
// tells. An attempt is admitted and counted in one serialised step *before* the password is
// checked, so N parallel tries never get more than the limit; a successful one is uncounted
// afterwards. At a limit the call is answered 429 with Retry-After = when the oldest counted
// attempt leaves the window. Refused attempts are not counted, so a lock never outlives the
// last real guess by more than one window, and a successful sign-in or password reset clears
// the account's failures (`clearAccountFailures` of queries.ts).
import type { PublicScope } from '../../plugins/request-scope';
import { tooManyRequests } from '../../lib/problem';
import { insertAttempt, limitingAttempts, lockAdmissions } from './queries';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** failures of one account from one address in the window before 429 (for that pair) */
export const PAIR_FAILURE_LIMIT = 10;
/** failures of one account from all addresses in the window before 429 (for everyone) */
export const ACCOUNT_FAILURE_LIMIT = 50;
/** failures from one address (any account) in the window; higher: offices share an address */
export const IP_FAILURE_LIMIT = 30;

const LIMITS = { pair: PAIR_FAILURE_LIMIT, account: ACCOUNT_FAILURE_LIMIT, ip: IP_FAILURE_LIMIT };

export interface ThrottleKeys {
  email: string;
  ip: string;
}

/** The counted attempt: uncounted again (`deleteAttempt`) if the credentials prove right. */
export interface Attempt {
  ids: number[];
}

/** Counts the attempt, or throws 429 (counting nothing) if a limit is reached. */
export async function admitAttempt(
  scope: Pick<PublicScope, 'database' | 'now'>,
  keys: ThrottleKeys,
): Promise<Attempt> {
  const { database, now } = scope;
  const counted = { email: keys.email.toLowerCase(), ip: keys.ip };
  return database.transaction(async (tx) => {
    if (database.kind === 'postgres') await lockAdmissions(tx);
    const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
    // per scope at its limit, the attempt whose ageing out frees it: wait for the last of them
    const waits = (await limitingAttempts(tx, counted, windowStart, LIMITS)).map(
      (failedAt) => (failedAt.getTime() + THROTTLE_WINDOW_MS - now.getTime()) / 1000,
    );
    const wait = Math.max(0, ...waits);
    if (wait > 0) throw tooManyRequests(wait, 'Too many failed attempts. Try again later.');
    return { ids: await insertAttempt(tx, counted, now) };
  });
}

// Reset-password and account-validation tokens (DESIGN §5): 256 random bits, only the SHA-256
// stored, single use, 15 minutes (validation: 7 days). Issuing a token kills the account's
// older unused tokens of the same purpose, so only the newest e-mailed link works.
import { RESET_TOKEN_TTL_MINUTES, VALIDATION_TOKEN_TTL_DAYS } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { insertOneTimeToken, type TokenPurpose } from './queries';

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  RESET_PASSWORD: RESET_TOKEN_TTL_MINUTES * 60_000,
  ACCOUNT_VALIDATION: VALIDATION_TOKEN_TTL_DAYS * 24 * 60 * 60_000,
};

/** A new token of the purpose for the account (the database or the caller's transaction). */
export function issueOneTimeToken(
  db: Queryable,
  accountId: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string> {
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS[purpose]);
  return insertOneTimeToken(db, accountId, purpose, now, expiresAt);
}

// Housekeeping of the sign-in tables, hourly (the jobs home's auth.maintenance, ADR 0081): rows that can no longer change any answer are
// deleted so the tables stay small. Each cut-off keeps what a rule still reads.
import { REFRESH_TOKEN_TTL_DAYS } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { deleteStaleAuthRows } from './queries';
import { THROTTLE_WINDOW_MS } from './throttle';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function purgeAuthTables(db: Queryable, now: Date): Promise<void> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  await deleteStaleAuthRows(db, {
    now,
    // failures outside the sliding window are never counted again
    failuresBefore: ago(THROTTLE_WINDOW_MS),
    // expired one-time tokens: the reset-mail limit counts those of the last hour; a day is plenty
    tokensCreatedBefore: ago(DAY_MS),
    // revoked sessions: their access tokens expired long ago (15 min); a replayed refresh token
    // of theirs is refused as unknown instead of as reused — the same 401
    revokedBefore: ago(DAY_MS),
    // idle sessions: the newest refresh token (30 days) has expired; expired refresh tokens go too
    idleBefore: ago((REFRESH_TOKEN_TTL_DAYS + 1) * DAY_MS),
  });
}

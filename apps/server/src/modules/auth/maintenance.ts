// Housekeeping of the sign-in tables, hourly: rows that can no longer change any answer are
// deleted so the tables stay small. Each cut-off keeps what a rule still reads.
import { REFRESH_TOKEN_TTL_DAYS } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { THROTTLE_WINDOW_MS } from './throttle';

const DAY_MS = 24 * 60 * 60 * 1000;
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;

export async function purgeAuthTables(db: Queryable, now: Date): Promise<void> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  // failures outside the sliding window are never counted again
  await db.query('DELETE FROM login_failure WHERE failed_at <= $1', [ago(THROTTLE_WINDOW_MS)]);
  // one-time tokens: the reset-mail limit counts those of the last hour; a day is plenty
  await db.query('DELETE FROM one_time_token WHERE expires_at < $1 AND created_at < $2', [
    now,
    ago(DAY_MS),
  ]);
  // revoked sessions: their access tokens expired long ago (15 min); a replayed refresh token
  // of theirs is refused as unknown instead of as reused — the same 401
  await db.query('DELETE FROM auth_session WHERE revoked_at < $1', [ago(DAY_MS)]);
  // idle sessions: the newest refresh token (30 days) has expired
  await db.query('DELETE FROM auth_session WHERE coalesce(last_refreshed_at, created_at) < $1', [
    ago((REFRESH_TOKEN_TTL_DAYS + 1) * DAY_MS),
  ]);
  await db.query('DELETE FROM refresh_token WHERE expires_at < $1', [now]);
}

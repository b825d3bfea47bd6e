// The auth module's SQL of the tables' housekeeping (maintenance.ts sets the cut-offs).
import type { Queryable } from '../../../db/client';

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

// Housekeeping of the MDS access log (docs/open-data.md), by the hourly city-access.maintenance job: the
// administrators read the last pulls; 90 days answer "who pulled what this quarter".
import type { Queryable } from '../../db/client';
import { deleteAccessBefore } from './queries';

export const ACCESS_LOG_DAYS = 90;

export async function purgeMdsAccessLog(db: Queryable, now: Date): Promise<void> {
  await deleteAccessBefore(db, new Date(now.getTime() - ACCESS_LOG_DAYS * 24 * 3_600_000));
}

// Counters per warning type over a fleet (products/warnings, the stream's badges).
import type { WarningCounts } from '@vfm/contract';
import type { Database } from '../../../db/client';
import { bikeFrom } from './bike-from';
import { readWarningCounts, warningBitsSql, warningCountColumns } from './warnings';

export async function countWarnings(
  database: Database,
  fleetId: string,
  now: Date,
): Promise<{ counts: WarningCounts; anyWarning: number }> {
  const [row] = await database.query<Record<string, unknown>>(
    `SELECT ${warningCountColumns()},
            count(*) FILTER (WHERE ${warningBitsSql()} > 0) AS any_warning
       FROM ${bikeFrom('$1', '$2')} WHERE b.fleet_id = $1`,
    [fleetId, now],
  );
  return { counts: readWarningCounts(row ?? {}), anyWarning: Number(row?.any_warning ?? 0) };
}

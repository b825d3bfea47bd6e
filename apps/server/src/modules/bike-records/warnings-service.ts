// GET products/warnings (DESIGN §5, §7): counters per warning type over the whole fleet, and a
// page of the bikes concerned, each with its warnings and when they began.
import type { WarnedBike, Warnings, WarningsQuery } from '@vfm/contract';
import { toListItem } from '../bikes/bike-view';
import { iso } from '../../lib/iso';
import { countWarnings } from '../bikes/queries/warning-counts';
import type { Scope } from './details-service';
import { warnedBikes, type WarnedRow } from './queries';

export async function getWarnings(
  scope: Scope,
  query: Required<Pick<WarningsQuery, 'page' | 'size'>> & Pick<WarningsQuery, 'type' | 'sort'>,
): Promise<Warnings> {
  const { page, size, type } = query;
  const sort = query.sort ?? (type ? 'since,desc' : 'vehicleNumber,asc');
  const [{ counts, anyWarning }, rows] = await Promise.all([
    countWarnings(scope.database, scope.fleetId, scope.now),
    warnedBikes(scope.database, scope.fleetId, scope.now, { page, size, type, sort }),
  ]);
  return {
    counts,
    content: rows.map(toWarnedBike),
    totalElements: type ? counts[type] : anyWarning,
    page,
    size,
  };
}

function toWarnedBike(row: WarnedRow): WarnedBike {
  const { theft, warnings, ...bike } = toListItem(row);
  return {
    ...bike,
    theft: { state: theft, since: iso(row.theft_since), by: row.theft_by },
    warnings: warnings.map((type) => ({ type, since: iso(row[`s_${type}`] ?? null) })),
  };
}

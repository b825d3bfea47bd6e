// GET products/warnings (DESIGN §5, §7): counters per warning type over the whole fleet, and a
// page of the bikes concerned, each with its warnings and when they began.
import { WARNING_TYPES, type WarnedBike, type Warnings, type WarningsQuery } from '@vfm/contract';
import { bikeFrom, listColumns, toListItem, type ListRow } from '../bikes/bike-view';
import { SqlParams, iso } from '../bikes/sql';
import { countWarnings } from '../bikes/warning-counts';
import { warningBitsSql, warningConditions, warningSince } from '../bikes/warnings-sql';
import { orderBy } from '../fleet/list-service';
import type { Scope } from './details-service';

type WarnedRow = ListRow & { [since: `s_${string}`]: Date | null } & {
  theft_since: Date | null;
  theft_by: string | null;
};

export async function getWarnings(
  scope: Scope,
  query: Required<Pick<WarningsQuery, 'page' | 'size'>> & Pick<WarningsQuery, 'type' | 'sort'>,
): Promise<Warnings> {
  const { page, size, type } = query;
  const sort = query.sort ?? (type ? 'since,desc' : 'vehicleNumber,asc');
  const params = new SqlParams();
  const fleet = params.add(scope.fleetId);
  const now = params.add(scope.now);
  const since = warningSince();
  const conditions = warningConditions();
  const where = type ? conditions[type] : `${warningBitsSql()} > 0`;
  const [field, direction] = sort.split(',');
  // since: the tab's warning start, or the most recent start of the bike's warnings
  // (GREATEST skips nulls; a warning the bike does not have counts as null)
  const sinceSql = type
    ? since[type]
    : `GREATEST(${WARNING_TYPES.map((t) => `CASE WHEN ${conditions[t]} THEN ${since[t]} END`).join(', ')})`;
  const order =
    field !== 'since'
      ? orderBy(sort)
      : direction === 'asc'
        ? `${sinceSql} ASC NULLS FIRST, b.vehicle_number, b.id`
        : `${sinceSql} DESC NULLS LAST, b.vehicle_number, b.id`;
  const sinceColumns = WARNING_TYPES.map((t) => `${since[t]} AS "s_${t}"`).join(', ');

  const pageSql = `SELECT ${listColumns()}, ${sinceColumns}, b.theft_since, b.theft_by
    FROM ${bikeFrom(fleet, now)} WHERE b.fleet_id = ${fleet} AND ${where}
    ORDER BY ${order} LIMIT ${params.add(size)} OFFSET ${params.add(page * size)}`;

  const [{ counts, anyWarning }, rows] = await Promise.all([
    countWarnings(scope.database, scope.fleetId, scope.now),
    scope.database.query<WarnedRow>(pageSql, params.values),
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

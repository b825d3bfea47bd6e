// GET fleet/list (DESIGN §5): server-side paging, sorting from an allow-list of the columns
// shown, and the filters of filters.ts. Nulls sort as the smallest value (first ascending,
// last descending), which lets one index serve both directions of "last communication".
import type { FleetFilter, FleetListPage, FleetListSortField } from '@vfm/contract';
import { bikeFrom, listColumns, toListItem, type ListRow } from '../bikes/bike-view';
import type { RequestScope } from '../../lib/request-scope';
import { SqlParams } from '../bikes/sql';
import { filterConditions } from './filters';

const SORT_COLUMNS: Record<FleetListSortField, string> = {
  vehicleNumber: 'b.vehicle_number',
  bikeCode: 'b.bike_code',
  moduleId: 'b.module_id',
  model: 'b.model',
  group: 'g.name',
  availability: 'b.availability',
  status: 'b.status',
  iotMode: 'b.iot_mode',
  bikeBatteryLevel: 'b.bike_battery_level',
  iotBatteryLevel: 'b.iot_battery_level',
  lastCommunicationDate: 'b.last_communication_date',
  lastPositionDate: 'b.last_position_date',
  totalKm: 'b.total_km',
  theft: 'b.theft_state',
};

/** ORDER BY of `field[,asc|desc]`; the schema pattern already restricted it to the allow-list. */
export function orderBy(sort: string): string {
  const [field, direction] = sort.split(',') as [FleetListSortField, string | undefined];
  const column = SORT_COLUMNS[field] ?? SORT_COLUMNS.vehicleNumber;
  return direction === 'desc'
    ? `${column} DESC NULLS LAST, b.id DESC`
    : `${column} ASC NULLS FIRST, b.id ASC`;
}

export interface ListRequest {
  filter: FleetFilter;
  page: number;
  size: number;
  sort: string;
}

export async function listFleet(scope: RequestScope, request: ListRequest): Promise<FleetListPage> {
  const { page, size } = request;
  const params = new SqlParams();
  const fleet = params.add(scope.fleetId);
  const now = params.add(scope.now);
  const where = filterConditions(params, fleet, scope.fleetId, request.filter);
  const from = bikeFrom(fleet, now);
  const countValues = [...params.values];
  const pageSql = `SELECT ${listColumns()} FROM ${from} WHERE ${where}
    ORDER BY ${orderBy(request.sort)} LIMIT ${params.add(size)} OFFSET ${params.add(page * size)}`;
  const [rows, [total]] = await Promise.all([
    scope.database.query<ListRow>(pageSql, params.values),
    scope.database.query<{ n: number }>(
      `SELECT count(*) AS n FROM ${from} WHERE ${where}`,
      countValues,
    ),
  ]);
  return { content: rows.map(toListItem), totalElements: total?.n ?? 0, page, size };
}

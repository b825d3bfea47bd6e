// GET fleet/list (DESIGN §5): server-side paging, sorting from an allow-list of the columns
// shown, and the filters of filters.ts. Nulls sort as the smallest value (first ascending,
// last descending), which lets one index serve both directions of "last communication".
import type { FleetFilter, FleetListPage } from '@vfm/contract';
import { toListItem } from '../bikes/bike-view';
import type { RequestScope } from '../../plugins/request-scope';
import { listPage } from './queries';

export interface ListRequest {
  filter: FleetFilter;
  page: number;
  size: number;
  sort: string;
}

export async function listFleet(scope: RequestScope, request: ListRequest): Promise<FleetListPage> {
  const { page, size } = request;
  const { rows, total } = await listPage(scope.database, scope.fleetId, scope.now, request);
  return { content: rows.map(toListItem), totalElements: total, page, size };
}

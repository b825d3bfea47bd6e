// GET fleet/list: one server-side page of the filtered, sorted fleet (DESIGN §5). The list asks
// only for the pages its visible rows fall in; the stream controller updates cached rows.
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import type { FleetListPage } from '@vfm/contract';
import type { HttpClient } from '../../../api/http-client';
import { queryKeys, type FleetListParams } from '../../../api/query-keys';
import { useServices } from '../../../services/services';

export const getFleetListPage = (http: HttpClient, params: FleetListParams) =>
  http.get<FleetListPage>('fleet/list', { query: { ...params } });

/** The pages `pages` of one filter and sort; page 0 is always asked (it carries the total). */
export function useFleetListPages(base: Omit<FleetListParams, 'page'>, pages: readonly number[]) {
  const { http } = useServices();
  const wanted = [...new Set([0, ...pages])].sort((a, b) => a - b);
  return useQueries({
    queries: wanted.map((page) => {
      const params = { ...base, page };
      return {
        queryKey: queryKeys.fleet.list(params),
        queryFn: () => getFleetListPage(http, params),
        // page 0 of the previous filter stays on screen until the new one arrives
        placeholderData: page === 0 ? keepPreviousData : undefined,
      };
    }),
    combine: (results) => ({
      pages: new Map(wanted.map((page, index) => [page, results[index]!])),
      first: results[0]!,
    }),
  });
}

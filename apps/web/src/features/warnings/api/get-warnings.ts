// GET products/warnings?type&page&size&sort (DESIGN §5): the counters of every warning type and a
// page of the warned bikes (newest warning first). The stream controller refreshes it.
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import type { WarningType, Warnings } from '@vfm/contract';
import type { HttpClient } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/services';

export interface WarningsParams {
  type: WarningType | null;
  page: number;
  size: number;
  /** `field,asc|desc` of WARNINGS_SORT_FIELDS */
  sort: string;
}

export const warningsKey = (params: WarningsParams) =>
  [...queryKeys.bikes.warnings, params] as const;

export const getWarnings = (http: HttpClient, { type, page, size, sort }: WarningsParams) =>
  http.get<Warnings>('products/warnings', {
    query: { type: type ?? undefined, page, size, sort },
  });

/** The pages `pages` of one tab; page 0 is always asked (it carries the total). */
export function useWarningPages(
  type: WarningType | null,
  sort: string,
  size: number,
  pages: readonly number[],
) {
  const { http } = useServices();
  const wanted = [...new Set([0, ...pages])].sort((a, b) => a - b);
  return useQueries({
    queries: wanted.map((page) => {
      const params = { type, page, size, sort };
      return {
        queryKey: warningsKey(params),
        queryFn: () => getWarnings(http, params),
        placeholderData: page === 0 ? keepPreviousData : undefined,
      };
    }),
    combine: (results) => ({
      pages: new Map(wanted.map((page, index) => [page, results[index]!])),
      first: results[0]!,
    }),
  });
}

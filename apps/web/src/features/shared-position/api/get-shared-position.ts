// GET shared-position?token=… (docs/manager-tools.md): the position a link shares, without sign-in. The
// first read of a page load says it opens the link (the server audits openings, not refreshes);
// the page asks again every SHARE_REFRESH_MS until the link ends (a 4xx stops the polling).
import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AppSettings, SharedPosition } from '@vfm/contract';
import { SHARE_REFRESH_MS } from '@vfm/contract/constants';
import { isApiError } from '../../../api/api-error';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/services';

export function useSharedPosition(token: string) {
  const { http } = useServices();
  const opened = useRef(false);
  return useQuery({
    queryKey: ['shared-position', token],
    queryFn: async () => {
      const opening = !opened.current;
      const answer = await http.get<SharedPosition>('shared-position', {
        query: { token, ...(opening ? { opening: true } : {}) },
      });
      opened.current = true;
      return answer;
    },
    enabled: token.length > 0,
    refetchInterval: (query) =>
      isApiError(query.state.error) && query.state.error.status < 500 ? false : SHARE_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/** The built-in basemap's streets (demo mode), drawn under the bike; empty otherwise. */
export function useBasemapStreets() {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.appSettings,
    queryFn: () => http.get<AppSettings>('app-settings'),
    staleTime: Infinity,
    select: (settings) => (settings.mapStyleUrl ? [] : settings.demoStreets),
  });
}

// GET application/settings/{applicationKey}?language= (public, SPEC §7): the privacy policy
// link of the login screen and the Help entry of the profile menu.
import { useQuery } from '@tanstack/react-query';
import type { ApplicationSettings } from '@vfm/contract';
import { accountQueryKeys } from '../api/account-query-keys';
import { useServices } from '../services/services';
import type { HttpClient } from '../api/http-client';

export function getApplicationSettings(http: HttpClient, applicationKey: string, language: string) {
  return http.get<ApplicationSettings>(
    `application/settings/${encodeURIComponent(applicationKey)}`,
    {
      query: { language },
    },
  );
}

export function useApplicationSettings() {
  const { http, appInfo, language } = useServices();
  return useQuery({
    queryKey: accountQueryKeys.applicationSettings(appInfo.key, language),
    queryFn: () => getApplicationSettings(http, appInfo.key, language),
    staleTime: Infinity,
  });
}

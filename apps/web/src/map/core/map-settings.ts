// GET app-settings (public): the map style and token of this deployment. SPEC §4 and §8: a
// failed load is retried every 5 s; after 5 failures the error toast "An error occured. The map
// couldn't be loaded" stays 7 s.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppSettings } from '@vfm/contract';
import {
  MAP_SETTINGS_MAX_ATTEMPTS,
  MAP_ERROR_TOAST_MS,
  MAP_SETTINGS_RETRY_MS,
} from '@vfm/contract/constants';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

export const fetchMapSettings = (http: HttpClient) => http.get<AppSettings>('app-settings');

export function useMapSettings() {
  const { http, toasts } = useServices();
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: queryKeys.appSettings,
    queryFn: () => fetchMapSettings(http),
    staleTime: Infinity,
    retry: MAP_SETTINGS_MAX_ATTEMPTS - 1,
    retryDelay: MAP_SETTINGS_RETRY_MS,
  });
  const failed = query.isError;
  useEffect(() => {
    if (failed) {
      toasts.show({ type: 'error', message: t('errors.mapLoadFailed'), delay: MAP_ERROR_TOAST_MS });
    }
  }, [failed, toasts, t]);
  return query;
}

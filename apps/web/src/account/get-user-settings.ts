// GET the user settings address (settingsUrl of the application info with the user id filled
// in) ?applicationName=… (SPEC §7). Skipped when there is no user id or no settingsUrl.
import { useQuery } from '@tanstack/react-query';
import type { AppInfo, UserSettings } from '@vfm/contract';
import { accountQueryKeys } from '../api/account-query-keys';
import { useServices, useSession } from '../services/services';
import type { HttpClient } from '../api/http-client';

export function userSettingsUrl(appInfo: Pick<AppInfo, 'settingsUrl'>, userId: string): string {
  return appInfo.settingsUrl.replace('{userId}', encodeURIComponent(userId));
}

export const userSettingsKey = accountQueryKeys.userSettings;

export async function getUserSettings(
  http: HttpClient,
  appInfo: Pick<AppInfo, 'settingsUrl' | 'key'>,
  userId: string | null | undefined,
): Promise<UserSettings | null> {
  if (!userId || !appInfo.settingsUrl) return null;
  return http.get<UserSettings>(userSettingsUrl(appInfo, userId), {
    query: { applicationName: appInfo.key },
  });
}

export function useUserSettings() {
  const { http, appInfo } = useServices();
  const { userId, status } = useSession();
  return useQuery({
    queryKey: userSettingsKey(userId),
    queryFn: () => getUserSettings(http, appInfo, userId),
    enabled: status === 'authenticated' && Boolean(userId),
  });
}

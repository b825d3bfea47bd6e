// PUT the user settings address, body {applicationName, distanceUnit, language} (SPEC §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppInfo, UserSettings } from '@vfm/contract';
import { useServices, useSession } from '../services/services';
import { userSettingsKey, userSettingsUrl } from './get-user-settings';
import type { HttpClient } from '../api/http-client';

export async function updateUserSettings(
  http: HttpClient,
  appInfo: Pick<AppInfo, 'settingsUrl' | 'key'>,
  userId: string | null | undefined,
  settings: Omit<UserSettings, 'applicationName'>,
): Promise<void> {
  if (!userId || !appInfo.settingsUrl) return;
  await http.put(
    userSettingsUrl(appInfo, userId),
    { applicationName: appInfo.key, ...settings },
    { query: { applicationName: appInfo.key } },
  );
}

export function useUpdateUserSettings() {
  const { http, appInfo } = useServices();
  const { userId } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Omit<UserSettings, 'applicationName'>) =>
      updateUserSettings(http, appInfo, userId, settings),
    onSuccess: (_result, settings) => {
      queryClient.setQueryData<UserSettings>(userSettingsKey(userId), (current) => {
        const next: UserSettings = { ...current, applicationName: appInfo.key, ...settings };
        // a time zone cleared (null) is not chosen: left out, as the server answers it
        if (next.timeZone === null) delete next.timeZone;
        return next;
      });
    },
  });
}

import type { AppInfo } from '@vfm/contract';
import type { UserType } from './user-type';

export const TECHNICIAN_HOME = '/tasks/mine';

/** SPEC §2/§4: the home route of a user type, from the application info. */
export function homeRouteOf(
  appInfo: Pick<AppInfo, 'routeOnLoginSuccessForUser' | 'routeOnLoginSuccessForAdmin'>,
  userType: UserType,
  technician = false,
): string {
  // docs/tasks.md: a field technician starts on their tasks
  if (technician) return TECHNICIAN_HOME;
  const route =
    userType === 'ADMIN' ? appInfo.routeOnLoginSuccessForAdmin : appInfo.routeOnLoginSuccessForUser;
  return `/${route.replace(/^\/+/, '')}`;
}

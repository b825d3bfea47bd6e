import type { AppInfo } from '@vfm/contract';
import type { UserType } from './user-type';

/** SPEC §2/§4: the home route of a user type, from the application info. */
export function homeRouteOf(
  appInfo: Pick<AppInfo, 'routeOnLoginSuccessForUser' | 'routeOnLoginSuccessForAdmin'>,
  userType: UserType,
): string {
  const route =
    userType === 'ADMIN' ? appInfo.routeOnLoginSuccessForAdmin : appInfo.routeOnLoginSuccessForUser;
  return `/${route.replace(/^\/+/, '')}`;
}

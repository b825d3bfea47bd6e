// What happens after the login call succeeds (SPEC §4):
// - a user without the application role sees the role-missing error and is logged out;
// - otherwise the user settings are read and their language applied: when it differs from
//   the site language the page reloads under that prefix;
// - in the background the settings are written back with the current language, KEEPING the
//   stored distance unit (deliberate deviation of DESIGN §5: SPEC writes KM every time);
// - the logged-in event is raised and the user goes to the home route of their type.
import type { AppInfo, TokenPair } from '@vfm/contract';
import { DEFAULT_DISTANCE_UNIT, isLanguage, type Language } from '@vfm/contract/constants';
import type { HttpClient } from '../api/http-client';
import { getUserSettings } from './get-user-settings';
import { updateUserSettings } from './update-user-settings';
import { homeRouteOf } from '../session/home-route';
import { decodeClaims } from '../session/jwt';
import type { SessionStore } from '../session/session-store';
import { isTechnicianOf, userTypeOf } from '../session/user-type';

export class RoleMissingError extends Error {
  constructor() {
    super('The account has no role for this application.');
    this.name = 'RoleMissingError';
  }
}

export interface LoginFlowDeps {
  appInfo: AppInfo;
  language: Language;
  session: SessionStore;
  http: HttpClient;
  navigate: (to: string, options?: { replace?: boolean }) => void | Promise<void>;
  reload: (url: string) => void;
}

export type LoginOutcome = { kind: 'home'; route: string } | { kind: 'reload'; url: string };

export async function completeLogin(deps: LoginFlowDeps, pair: TokenPair): Promise<LoginOutcome> {
  const { appInfo, session, http, language } = deps;
  const claims = decodeClaims(pair.jwtToken);
  const userType = userTypeOf(claims?.ROLES, appInfo.key);
  if (userType === 'UNKNOWN') {
    // SPEC §6: cannot stay signed in — end the server session the login just opened
    await http.post('auth/logout', { refreshToken: pair.jwtRefreshToken }).catch(() => undefined);
    session.clear();
    throw new RoleMissingError();
  }
  session.storeTokens(pair);
  const home = homeRouteOf(appInfo, userType, isTechnicianOf(claims?.ROLES, appInfo.key));

  const settings = await getUserSettings(http, appInfo, claims?.ID).catch(() => null);
  const wanted = settings?.language;
  if (
    isLanguage(wanted) &&
    wanted !== language &&
    (appInfo.languages as readonly string[]).includes(wanted)
  ) {
    const url = `/${wanted}${home}`;
    deps.reload(url);
    return { kind: 'reload', url };
  }

  void updateUserSettings(http, appInfo, claims?.ID, {
    distanceUnit: settings?.distanceUnit ?? DEFAULT_DISTANCE_UNIT,
    language,
  }).catch(() => undefined);

  session.markLoggedIn();
  await deps.navigate(home, { replace: true });
  return { kind: 'home', route: home };
}

/** SPEC §7 logout: tell the server when a refresh token is stored, then clear both tokens. */
export async function logout(deps: Pick<LoginFlowDeps, 'http' | 'session'>): Promise<void> {
  const refreshToken = deps.session.refreshToken();
  if (refreshToken) {
    await deps.http.post('auth/logout', { refreshToken }).catch(() => undefined);
  }
  deps.session.clear();
}

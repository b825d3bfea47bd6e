// Settings (DESIGN §5 "Settings"): application settings by language, app settings, and the
// per-user settings that only their owner reads and writes.
import { streetLines } from '@vfm/demo-city';
import {
  APP_VERSION,
  DEFAULT_DISTANCE_UNIT,
  isLanguage,
  isTimeZone,
  type AppSettings,
  type ApplicationSettings,
  type UserSettings,
} from '@vfm/contract';
import type { PublicScope, RequestScope } from '../../plugins/request-scope';
import { badRequest, notFound } from '../../lib/problem';
import {
  applicationHasSettings,
  findApplicationSettings,
  findUserSettings,
  setAccountLanguage,
  upsertUserSettings,
} from './queries';

export function appSettings(scope: PublicScope): AppSettings {
  const { mapAccessToken, mapStyleUrl, mapStyleUrlDark, demo, simulatorBikes } = scope.ctx.config;
  // the offline basemap draws the simulated city's streets so that demo bikes ride on them
  const demoStreets = demo && simulatorBikes > 0 ? streetLines() : [];
  return { version: APP_VERSION, mapAccessToken, mapStyleUrl, mapStyleUrlDark, demoStreets };
}

/** The row of the language, else of '*', else the configured URLs; unknown key → 404. */
export async function applicationSettings(
  scope: PublicScope,
  key: string,
  language: string,
): Promise<ApplicationSettings> {
  const { database, config } = scope.ctx;
  const row = await findApplicationSettings(database, key, language.toLowerCase());
  if (row) return { privacyPolicyUrl: row.privacy_policy_url, helpUrl: row.help_url };
  if (key !== config.applicationKey && !(await applicationHasSettings(database, key))) {
    throw notFound(`No application ${key}.`);
  }
  return { privacyPolicyUrl: config.privacyPolicyUrl, helpUrl: config.helpUrl };
}

export async function userSettings(
  scope: RequestScope,
  userId: string,
  applicationName: string | undefined,
): Promise<UserSettings> {
  const { principal } = scope;
  const application = ownedApplication(scope, userId, applicationName);
  const row = await findUserSettings(scope.database, principal.accountId, application);
  return {
    applicationName: application,
    distanceUnit: row?.distance_unit ?? DEFAULT_DISTANCE_UNIT,
    language: row && isLanguage(row.language) ? row.language : principal.language,
    theme: row?.theme ?? 'SYSTEM',
    ...(row?.time_zone ? { timeZone: row.time_zone } : {}),
  };
}

export async function saveUserSettings(
  scope: RequestScope,
  userId: string,
  applicationName: string | undefined,
  settings: UserSettings,
): Promise<UserSettings> {
  const { principal } = scope;
  const application = ownedApplication(scope, userId, applicationName);
  if (settings.applicationName !== application) {
    throw badRequest('applicationName of the body and of the query differ.', [
      { field: 'applicationName', message: 'must equal the applicationName query parameter' },
    ]);
  }
  if (settings.timeZone && !isTimeZone(settings.timeZone)) {
    throw badRequest('This time zone is not known.', [
      { field: 'timeZone', message: 'is not a known IANA time zone' },
    ]);
  }
  const stored = await scope.database.transaction(async (tx) => {
    await upsertUserSettings(tx, principal.accountId, settings, scope.ctx.now());
    await setAccountLanguage(tx, principal.accountId, settings.language);
    return findUserSettings(tx, principal.accountId, application);
  });
  const { timeZone: _sent, ...saved } = settings;
  return {
    ...saved,
    theme: stored?.theme ?? 'SYSTEM',
    ...(stored?.time_zone ? { timeZone: stored.time_zone } : {}),
  };
}

/** Only the owner's id answers; any other id is a 404 (it may not even exist). */
function ownedApplication(scope: RequestScope, userId: string, applicationName?: string) {
  const { applicationKey } = scope.ctx.config;
  if (userId !== scope.principal.accountId) throw notFound('No such user.');
  const application = applicationName ?? applicationKey;
  if (application !== applicationKey) {
    throw badRequest(`Unknown application ${application}.`, [
      { field: 'applicationName', message: `must be ${applicationKey}` },
    ]);
  }
  return application;
}

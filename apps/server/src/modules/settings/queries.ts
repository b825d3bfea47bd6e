import { type Queryable, queryOne } from '../../db/client';

export interface ApplicationSettingsRow {
  privacy_policy_url: string;
  help_url: string;
}

/** The row for the language if any, else the '*' row, for one application key. */
export async function findApplicationSettings(db: Queryable, key: string, language: string) {
  return queryOne<ApplicationSettingsRow>(
    db,
    `SELECT privacy_policy_url, help_url FROM application_settings
      WHERE application_key = $1 AND language IN ($2, '*')
      ORDER BY language = '*' LIMIT 1`,
    [key, language],
  );
}

export async function applicationHasSettings(db: Queryable, key: string) {
  const rows = await db.query(
    'SELECT 1 FROM application_settings WHERE application_key = $1 LIMIT 1',
    [key],
  );
  return rows.length > 0;
}

export interface UserSettingsRow {
  distance_unit: 'KM' | 'MI';
  language: string;
  theme: 'SYSTEM' | 'LIGHT' | 'DARK';
  time_zone: string | null;
}

export async function findUserSettings(db: Queryable, accountId: string, applicationName: string) {
  return queryOne<UserSettingsRow>(
    db,
    `SELECT distance_unit, language, theme, time_zone FROM user_settings
      WHERE account_id = $1 AND application_name = $2`,
    [accountId, applicationName],
  );
}

export async function upsertUserSettings(
  db: Queryable,
  accountId: string,
  settings: {
    applicationName: string;
    distanceUnit: string;
    language: string;
    theme?: string;
    timeZone?: string | null;
  },
  now: Date,
) {
  // a PUT without a theme keeps the stored one (docs/manager-tools.md); without a time zone too (docs/notifications.md)
  await db.query(
    `INSERT INTO user_settings (account_id, application_name, distance_unit, language, updated_at, theme,
                                time_zone)
     VALUES ($1, $2, $3, $4, $5, coalesce($6, 'SYSTEM'), $8)
     ON CONFLICT (account_id, application_name)
     DO UPDATE SET distance_unit = $3, language = $4, updated_at = $5,
                   theme = coalesce($6, user_settings.theme),
                   time_zone = CASE WHEN $7::boolean THEN $8 ELSE user_settings.time_zone END`,
    [
      accountId,
      settings.applicationName,
      settings.distanceUnit,
      settings.language,
      now,
      settings.theme ?? null,
      settings.timeZone !== undefined,
      settings.timeZone ?? null,
    ],
  );
}

/** The account's language follows its settings: e-mails are written in it. */
export async function setAccountLanguage(db: Queryable, accountId: string, language: string) {
  await db.query('UPDATE account SET language = $2 WHERE id = $1 AND language <> $2', [
    accountId,
    language,
  ]);
}

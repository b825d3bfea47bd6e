import { Type, type Static } from '@sinclair/typebox';
import { DISTANCE_UNITS, LANGUAGES, THEMES } from './constants';
import { Nullable, StringEnum } from './schema-helpers';

const strict = { additionalProperties: false } as const;

export const LanguageSchema = StringEnum(LANGUAGES);
export const DistanceUnitSchema = StringEnum(DISTANCE_UNITS);

/** GET application/settings/{applicationKey}?language= (public). */
export const ApplicationSettingsParamsSchema = Type.Object(
  { applicationKey: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) },
  strict,
);
export const ApplicationSettingsQuerySchema = Type.Object(
  {
    /** any language tag: unknown ones fall back to the '*' row, then to the configuration */
    language: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})?$' })),
  },
  strict,
);
export const ApplicationSettingsSchema = Type.Object(
  { privacyPolicyUrl: Type.String(), helpUrl: Type.String() },
  strict,
);
export type ApplicationSettings = Static<typeof ApplicationSettingsSchema>;

/** GET app-settings (public). */
export const AppSettingsSchema = Type.Object(
  {
    version: Type.String(),
    mapAccessToken: Type.String(),
    mapStyleUrl: Type.String({ description: 'empty: the built-in offline basemap' }),
    mapStyleUrlDark: Type.String({
      description: 'the style drawn in dark mode; empty: mapStyleUrl in both themes',
    }),
    /**
     * In demo mode, the streets the simulated bikes ride on (each a line of [lon, lat]
     * points), drawn by the built-in basemap; empty otherwise.
     */
    demoStreets: Type.Array(
      Type.Array(Type.Tuple([Type.Number(), Type.Number()]), { minItems: 2 }),
      { maxItems: 1000 },
    ),
  },
  strict,
);
export type AppSettings = Static<typeof AppSettingsSchema>;

/** GET / PUT users/{userId}/settings?applicationName=VFM — only the owner's id answers. */
export const UserSettingsParamsSchema = Type.Object(
  { userId: Type.String({ minLength: 1, maxLength: 64 }) },
  strict,
);
export const UserSettingsQuerySchema = Type.Object(
  { applicationName: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) },
  strict,
);
export const UserSettingsSchema = Type.Object(
  {
    applicationName: Type.String({ minLength: 1, maxLength: 64 }),
    distanceUnit: DistanceUnitSchema,
    language: LanguageSchema,
    /** docs/manager-tools.md: always in answers (default SYSTEM); left out of a PUT, it stays as it is */
    theme: Type.Optional(StringEnum(THEMES)),
    /**
     * ADR 0099: the user's time zone (IANA), for the daily digest at 07:00 in it and
     * the times of their notifications; in answers once chosen; left out of a PUT, it stays as
     * it is; null clears it
     */
    timeZone: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64 }))),
  },
  strict,
);
export type UserSettings = Static<typeof UserSettingsSchema>;

/** The application info of SPEC §3, served at GET /app-info.json. */
export const AppInfoSchema = Type.Object(
  {
    key: Type.String(),
    title: Type.String(),
    version: Type.String(),
    languages: Type.Array(LanguageSchema),
    xapikey: Type.String(),
    /** contains the {userId} placeholder */
    settingsUrl: Type.String(),
    publicEndpoints: Type.Array(Type.String()),
    publicPaths: Type.Array(Type.String()),
    routeOnLoginSuccessForUser: Type.String(),
    routeOnLoginSuccessForAdmin: Type.String(),
  },
  strict,
);
export type AppInfo = Static<typeof AppInfoSchema>;

// Business constants of SPEC §9 and the fixed identity of the application (SPEC §3).
// Plain values only: this module is imported by the web bundle, keep it dependency-free.

export const APP_VERSION = '2.17.0-rc.1';
export const APPLICATION_KEY = 'VFM';
export const APPLICATION_TITLE = 'VFM';

/** SPEC §3 reading B: the shared layer speaks these languages; fr is the default. */
export const LANGUAGES = [
  'fr',
  'en',
  'de',
  'es',
  'it',
  'nl',
  'zh',
  'cs',
  'pt',
  'pl',
  'fi',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';
/** SPEC §3 reading A: the fleet screens are complete in these. */
export const FLEET_LANGUAGES = ['fr', 'en', 'de'] as const satisfies readonly Language[];

/** SPEC §3: the label shown for each language in the language selector. */
export const LANGUAGE_LABELS: Record<Language, string> = {
  fr: 'FRANÇAIS',
  en: 'ENGLISH',
  de: 'DEUTSCH',
  es: 'ESPAÑOL',
  it: 'ITALIANO',
  nl: 'NEDERLANDS',
  zh: '中文',
  cs: 'CZECH',
  pt: 'PORTUGUESE',
  pl: 'POLISH',
  fi: 'FINNISH',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A stored or sent language, the default when it is none of ours. */
export const languageOf = (value: unknown): Language =>
  isLanguage(value) ? value : DEFAULT_LANGUAGE;

export const ROLE_USER = `ROLE_${APPLICATION_KEY}`;
export const ROLE_ADMIN = `ROLE_${APPLICATION_KEY}_ADMIN`;
/**
 * A field technician (ADR 0090): held beside ROLE_USER, it narrows what the account
 * may do to the routes marked for field work (the bikes and tasks, the assistance lock and the
 * alarm); the administrator role, when also held, wins.
 */
export const ROLE_TECHNICIAN = `ROLE_${APPLICATION_KEY}_TECHNICIAN`;

export const API_PREFIX = '/api/wf/rest/v1';

/** Token storage names (SPEC §7, §9). */
export const ACCESS_TOKEN_STORAGE_KEY = 'jwtToken';
export const REFRESH_TOKEN_STORAGE_KEY = 'jwtRefreshToken';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const API_KEY_HEADER = 'x-api-key';
/** fleet/markers: how old the answer is, in ms (a snapshot, ADR 0114): the map completes it
 *  with the live stream's changes of that time */
export const MARKERS_AGE_HEADER = 'x-markers-age';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 30;
export const FIELD_MAX_LENGTH = 255;
export const LOGIN_EMAIL_MAX_LENGTH = 1000;
/** A profile photo data URL (~256 KB of image); the web app resizes photos below it. */
export const PHOTO_MAX_LENGTH = 350_000;

/** Reset link validity as stated on screen (SPEC §2, §9). */
export const RESET_TOKEN_TTL_MINUTES = 15;
/** DESIGN §5: account-validation links last 7 days. */
export const VALIDATION_TOKEN_TTL_DAYS = 7;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;

export const MAP_SETTINGS_RETRY_MS = 5000;
export const MAP_SETTINGS_MAX_ATTEMPTS = 5;
export const MAP_ERROR_TOAST_MS = 7000;

export const LACK_OF_COMMUNICATION_DAYS = 7;
export const COMMUNICATION_BUCKETS_DAYS = [7, 14] as const;
export const BATTERY_QUARTER_PERCENT = 25;
export const LOW_BATTERY_THRESHOLD_PERCENT = 20;
export const CO2_KG_PER_KM = 0.12;

export const TOAST_DEFAULT_DELAY_MS = 10000;
export const TOAST_HEIGHT_PX = 100;
export const TOAST_WIDTH_PX = 400;
export const TOAST_SPACING_PX = 130;
export const NAV_RAIL_COLLAPSED_PX = 90;
export const NAV_RAIL_EXPANDED_PX = 300;
export const HEADER_HEIGHT_PX = 90;
export const MOBILE_BREAKPOINT_PX = 600;

export const DISTANCE_UNITS = ['KM', 'MI'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
export const DEFAULT_DISTANCE_UNIT: DistanceUnit = 'KM';

/** DESIGN §5: bulk lists carry at most this many vehicle numbers (configurable on the server). */
export const BULK_LIMIT = 1000;
export const PAGE_SIZE_MAX = 1000;
export const FIND_RESULT_LIMIT = 20;
/** DESIGN §7: commands not acknowledged within this time become EXPIRED. */
export const COMMAND_TTL_HOURS = 24;

// ---- shared live positions (ADR 0094) -----------------------------------------
export const SHARE_MIN_HOURS = 1;
export const SHARE_MAX_HOURS = 7 * 24;
export const SHARE_LABEL_MAX = 80;
/** how often the public page asks again for the position */
export const SHARE_REFRESH_MS = 15_000;
/** the address of the public page, under the language prefix: /{lang}/share#<token> */
export const SHARE_PAGE_PATH = 'share';

// ---- trip and track export (ADR 0095) ------------------------------------------
export const TRACK_EXPORT_FORMATS = ['gpx', 'kml', 'geojson'] as const;
export type TrackExportFormat = (typeof TRACK_EXPORT_FORMATS)[number];
/** the longest period one export covers */
export const TRACK_EXPORT_MAX_DAYS = 93;
export const TRACK_EXPORT_DEFAULT_DAYS = 7;
/** a pause longer than this between two positions starts a new track segment */
export const TRACK_SEGMENT_GAP_MS = 10 * 60_000;

// ---- theme (ADR 0096) ---------------------------------------------------------
/** a user's theme; SYSTEM follows the device (prefers-color-scheme) */
export const THEMES = ['SYSTEM', 'LIGHT', 'DARK'] as const;
export type Theme = (typeof THEMES)[number];
/** the cookie the server reads to serve index.html in the chosen theme (no flash) */
export const THEME_COOKIE = 'vfm-theme';

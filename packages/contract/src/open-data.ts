// Open data for cities (GBFS 3.0 half; ADR 0083): the publishing settings of a fleet,
// which an administrator edits in Administration, and the public addresses of its GBFS feed.
import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_PATTERN } from './patterns';
import { DateTime, Nullable } from './schema-helpers';

const strict = { additionalProperties: false } as const;

/** The base of the public feed, outside the API prefix (no key, no sign-in, CORS open). */
export const GBFS_BASE_PATH = '/gbfs/v3';
/** The files of a published fleet, in the order gbfs.json lists them. */
export const GBFS_FILES = [
  'gbfs',
  'system_information',
  'vehicle_types',
  'vehicle_status',
  'geofencing_zones',
  'system_alerts',
] as const;
export type GbfsFile = (typeof GBFS_FILES)[number];

/** a public system id: lower-case letters, digits and hyphens */
export const GBFS_SYSTEM_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$';
/** a language of the feed (GBFS: IETF BCP 47, as its schemas check it) */
export const GBFS_LANGUAGE_PATTERN = '^[a-z]{2,3}(-[A-Z]{2})?$';
/** an http(s) address */
export const HTTP_URL_PATTERN = '^https?://[^\\s/$.?#][^\\s]*$';
/** any absolute URI (app discovery URIs may use the app's own scheme) */
export const ABSOLUTE_URI_PATTERN = '^[A-Za-z][A-Za-z0-9+.-]*:[^\\s]+$';
/** an SPDX licence id (e.g. CC0-1.0, ODbL-1.0) */
export const LICENSE_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9.+-]{0,63}$';

const Text = (maxLength: number, minLength = 0) =>
  Type.String({ minLength, maxLength, pattern: '^[^\\u0000-\\u001F\\u007F]*$' });

export const RentalAppSchema = Type.Object(
  {
    /** where to download the app (the store's page) */
    storeUri: Type.String({ pattern: ABSOLUTE_URI_PATTERN, maxLength: 2000 }),
    /** the URI that opens the app if it is installed */
    discoveryUri: Type.String({ pattern: ABSOLUTE_URI_PATTERN, maxLength: 2000 }),
  },
  strict,
);
export type RentalApp = Static<typeof RentalAppSchema>;

export const OpenDataVehicleTypeSchema = Type.Object(
  {
    /** the bike model as VFM knows it (a bike's `model`) */
    model: Type.String({ maxLength: 200 }),
    /** how far a full battery takes this model, in metres */
    maxRangeMeters: Type.Integer({ minimum: 1000, maximum: 1_000_000 }),
  },
  strict,
);
export type OpenDataVehicleType = Static<typeof OpenDataVehicleTypeSchema>;

const settingsProperties = {
  /** the feed is public (off by default) */
  published: Type.Boolean(),
  /** the public name of the system (system_information.name) */
  name: Text(200, 1),
  /** the operator's name; empty: not published */
  operator: Text(200),
  /** who a city or a trip planner writes to about the feed (required to publish) */
  contactEmail: Type.Union([
    Type.Literal(''),
    Type.String({ pattern: EMAIL_PATTERN, maxLength: 320 }),
  ]),
  /** an IANA time zone (e.g. Europe/Paris) */
  timezone: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_+/-]+$' }),
  /** the languages of the feed's texts, the first one is the main language */
  languages: Type.Array(Type.String({ pattern: GBFS_LANGUAGE_PATTERN }), {
    minItems: 1,
    maxItems: 11,
    uniqueItems: true,
  }),
  /** the licence of the data: an SPDX id (CC0-1.0, ODbL-1.0…) or the address of its text */
  license: Type.Union([
    Type.String({ pattern: LICENSE_ID_PATTERN }),
    Type.String({ pattern: HTTP_URL_PATTERN, maxLength: 2000 }),
  ]),
  /** opening hours in OpenStreetMap syntax (e.g. `24/7`, `Mo-Su 06:00-23:00`) */
  openingHours: Text(500, 1),
  /** the rider apps, if any */
  rentalApps: Type.Object(
    {
      android: Type.Optional(RentalAppSchema),
      ios: Type.Optional(RentalAppSchema),
    },
    strict,
  ),
  /** the range of a full battery per model; models not listed use `defaultRangeMeters` */
  vehicleTypes: Type.Array(OpenDataVehicleTypeSchema, { maxItems: 100 }),
  /** the range of a full battery of any other model, in metres */
  defaultRangeMeters: Type.Integer({ minimum: 1000, maximum: 1_000_000 }),
};

/** PUT fleet/open-data: every setting (the form sends them all). */
export const OpenDataSettingsSchema = Type.Object(settingsProperties, strict);
export type OpenDataSettings = Static<typeof OpenDataSettingsSchema>;

/** The settings of a fleet that never saved any: off, with the fleet's name (docs/open-data.md). */
export function defaultOpenDataSettings(fleetName: string): OpenDataSettings {
  return {
    published: false,
    name: fleetName.slice(0, 200),
    operator: '',
    contactEmail: '',
    timezone: 'Europe/Paris',
    languages: ['fr'],
    license: 'CC0-1.0',
    openingHours: '24/7',
    rentalApps: {},
    vehicleTypes: [],
    defaultRangeMeters: 50_000,
  };
}

/** GET / PUT fleet/open-data: the settings and what the feed looks like from outside. */
export const OpenDataSchema = Type.Object(
  {
    ...settingsProperties,
    /** the public id of the system in the feed (random, stable; never the fleet's id); null
     *  until the first save */
    systemId: Nullable(Type.String({ pattern: GBFS_SYSTEM_ID_PATTERN })),
    /** the fleet's gbfs.json address when published, else null */
    feedUrl: Nullable(Type.String()),
    /** the public manifest of every published fleet of this server */
    manifestUrl: Type.String(),
    /** the bike models of the fleet (one vehicle type each in the feed) */
    models: Type.Array(Type.String()),
    /** when the settings were last saved; null: never */
    updatedAt: Nullable(DateTime()),
  },
  strict,
);
export type OpenData = Static<typeof OpenDataSchema>;

/** The audit event of a change of the open-data settings; data: `{ from, to }` of the changed
 *  settings. */
export const OPEN_DATA_SETTINGS_CHANGED = 'OPEN_DATA_SETTINGS_CHANGED';

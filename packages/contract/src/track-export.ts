// Trip and track export (ADR 0095): one call per bike, a format and a period (or
// one trip), answered as a streamed GPX, KML or GeoJSON file with the bike and the times in its
// metadata.
import { Type, type Static } from '@sinclair/typebox';
import { TRACK_EXPORT_FORMATS } from './constants';
import { DateTime, StringEnum } from './schema-helpers';

export const TRACK_EXPORT_MEDIA_TYPES = {
  gpx: 'application/gpx+xml',
  kml: 'application/vnd.google-earth.kml+xml',
  geojson: 'application/geo+json',
} as const;

/** GET products/export/{vehicleNumber} */
export const TrackExportQuerySchema = Type.Object(
  {
    format: StringEnum(TRACK_EXPORT_FORMATS),
    /** default: `to` minus TRACK_EXPORT_DEFAULT_DAYS days */
    from: Type.Optional(DateTime()),
    /** default: now; at most TRACK_EXPORT_MAX_DAYS days after `from` */
    to: Type.Optional(DateTime()),
    /** one trip instead of a period: the trip's `startedAt` (products/details/trips) */
    trip: Type.Optional(DateTime()),
  },
  { additionalProperties: false },
);
export type TrackExportQuery = Static<typeof TrackExportQuerySchema>;

// Zones (ADR 0084): the areas of a fleet's city permit — where its bikes may be
// (service area), may not park, may not ride, must slow down, should park — drawn as GeoJSON
// polygons, with optional active hours and bike caps. The geometry rules beyond the shape
// (closed rings, ranges, vertex count, no self-intersection) are `zoneGeometryErrors` of
// ./zone-geometry, shared by the server and the web app's import.
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, IdParamsSchema, Nullable, StringEnum } from './schema-helpers';

const strict = { additionalProperties: false } as const;

export const ZONE_TYPES = [
  'SERVICE_AREA',
  'NO_PARKING',
  'NO_RIDE',
  'SLOW',
  'PREFERRED_PARKING',
] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];

/** What a zone type means, written once (docs/zones.md): the server's checks and placement,
 *  the open data's geofencing, the form and the map read it. */
export interface ZoneTypeRules {
  /** its zones may send automatic commands to the bikes they place */
  autoCommands: boolean;
  /** a bike may start a ride in it, end one in it (park), ride through it (GBFS rules) */
  rideStart: boolean;
  rideEnd: boolean;
  rideThrough: boolean;
  /** its zones have a maximum speed */
  speedLimit: boolean;
  /** where zones overlap, the rules of the lowest rank hold (the most restrictive first) */
  rank: number;
  /**
   * what its active zones mark on a bike inside (the zone index's marks, docs/zones.md): in the
   * service area, in a no-ride zone (and its lock command), parked in a no-parking zone, under
   * a speed limit (and its command) — or nothing
   */
  mark: 'SERVICE' | 'NO_RIDE' | 'NO_PARKING' | 'SPEED' | null;
  /** where rebalancing brings bikes (docs/rebalancing.md) */
  preferredParking: boolean;
  /** the colour of its new zones (the map and the form's default) */
  colour: string;
}

export const ZONE_TYPE_RULES: Readonly<Record<ZoneType, ZoneTypeRules>> = {
  NO_RIDE: {
    autoCommands: true,
    rideStart: false,
    rideEnd: false,
    rideThrough: false,
    speedLimit: false,
    rank: 0,
    mark: 'NO_RIDE',
    preferredParking: false,
    colour: '#7c2d12',
  },
  NO_PARKING: {
    autoCommands: false,
    rideStart: true,
    rideEnd: false,
    rideThrough: true,
    speedLimit: false,
    rank: 1,
    mark: 'NO_PARKING',
    preferredParking: false,
    colour: '#dc2626',
  },
  SLOW: {
    autoCommands: true,
    rideStart: true,
    rideEnd: true,
    rideThrough: true,
    speedLimit: true,
    rank: 2,
    mark: 'SPEED',
    preferredParking: false,
    colour: '#d97706',
  },
  PREFERRED_PARKING: {
    autoCommands: false,
    rideStart: true,
    rideEnd: true,
    rideThrough: true,
    speedLimit: false,
    rank: 3,
    mark: null,
    preferredParking: true,
    colour: '#16a34a',
  },
  SERVICE_AREA: {
    autoCommands: true,
    rideStart: true,
    rideEnd: true,
    rideThrough: true,
    speedLimit: false,
    rank: 4,
    mark: 'SERVICE',
    preferredParking: false,
    colour: '#2563eb',
  },
};

/** The zone types whose rules say yes to `rule`, in ZONE_TYPES order. */
export const zoneTypesWhere = (rule: (rules: ZoneTypeRules) => boolean): ZoneType[] =>
  ZONE_TYPES.filter((type) => rule(ZONE_TYPE_RULES[type]));

/** The types whose zones make the service area: a fleet with one has bikes "outside" it. */
export const SERVICE_AREA_TYPES = zoneTypesWhere((rules) => rules.mark === 'SERVICE');
/** Whether a zone of this type is (part of) the service area. */
export const isServiceAreaType = (type: ZoneType) => ZONE_TYPE_RULES[type].mark === 'SERVICE';

/** Every vertex of a zone, all rings and polygons together (docs/zones.md). */
export const ZONE_VERTICES_MAX = 10_000;
/** A fleet's zones at most. */
export const ZONES_PER_FLEET_MAX = 1_000;
/** The corners of all of a fleet's zones together at most (ADR 0119): what one fleet's zones
 *  may cost every position the shared ingest places, and every reload of its zone index. */
export const ZONE_VERTICES_PER_FLEET_MAX = 200_000;
/** Features of one GeoJSON import at most. */
export const ZONE_IMPORT_MAX = 200;
export const ZONE_NAME_MAX = 100;
/** The colours of new zones of each type (the map and the form's default). */
export const ZONE_DEFAULT_COLOURS = Object.fromEntries(
  ZONE_TYPES.map((type) => [type, ZONE_TYPE_RULES[type].colour]),
) as Record<ZoneType, string>;
export const ZONE_COLOUR_PATTERN = '^#[0-9a-fA-F]{6}$';
/** HH:MM, 00:00 to 23:59 (24:00 as the end of a day). */
export const ZONE_TIME_PATTERN = '^(?:[01]\\d|2[0-3]):[0-5]\\d$|^24:00$';

// ---- GeoJSON (RFC 7946): the shape only; the rules are zoneGeometryErrors ----------------

const Position = Type.Array(Type.Number(), { minItems: 2, maxItems: 3 });
// generous: the vertex limit is checked with a clear message (zoneGeometryErrors)
const Ring = Type.Array(Position, { maxItems: 5 * ZONE_VERTICES_MAX });
const PolygonCoordinates = Type.Array(Ring, { minItems: 1, maxItems: 100 });

export const ZonePolygonSchema = Type.Object(
  { type: Type.Literal('Polygon'), coordinates: PolygonCoordinates },
  { additionalProperties: true },
);
export const ZoneMultiPolygonSchema = Type.Object(
  {
    type: Type.Literal('MultiPolygon'),
    coordinates: Type.Array(PolygonCoordinates, { minItems: 1, maxItems: 100 }),
  },
  { additionalProperties: true },
);
export const ZoneGeometrySchema = Type.Union([ZonePolygonSchema, ZoneMultiPolygonSchema]);
export type ZoneGeometry = Static<typeof ZoneGeometrySchema>;

// ---- a zone ------------------------------------------------------------------------------

export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** When a zone applies: these days, from..to in the time zone (to < from: over midnight). */
export const ZoneActiveHoursSchema = Type.Object(
  {
    from: Type.String({ pattern: ZONE_TIME_PATTERN }),
    to: Type.String({ pattern: ZONE_TIME_PATTERN }),
    days: Type.Array(StringEnum(WEEKDAYS), { minItems: 1, maxItems: 7, uniqueItems: true }),
    /** IANA time zone of the hours, e.g. Europe/Paris */
    timeZone: Type.String({ minLength: 1, maxLength: 64 }),
  },
  strict,
);
export type ZoneActiveHours = Static<typeof ZoneActiveHoursSchema>;

const BikeCount = Type.Integer({ minimum: 0, maximum: 1_000_000 });

const zoneProperties = {
  name: Type.String({ minLength: 1, maxLength: ZONE_NAME_MAX }),
  type: StringEnum(ZONE_TYPES),
  geometry: ZoneGeometrySchema,
  /** null: always */
  activeHours: Type.Optional(Nullable(ZoneActiveHoursSchema)),
  /** permit caps: the fewest and most bikes that should stand in the zone */
  minBikes: Type.Optional(Nullable(BikeCount)),
  maxBikes: Type.Optional(Nullable(BikeCount)),
  /** SLOW zones only (required there) */
  maxSpeedKmh: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 45 }))),
  colour: Type.Optional(Type.String({ pattern: ZONE_COLOUR_PATTERN })),
  /** automatic commands (docs/zones.md), service areas, no-ride and slow zones only: ALARM on
   *  when a bike leaves the service area; the assistance locked inside a no-ride zone; the
   *  slow zone's speed sent to the module inside it (SPEED_LIMIT). Off by default. */
  autoCommands: Type.Optional(Type.Boolean()),
};

export const ZoneCreateSchema = Type.Object(zoneProperties, strict);
export type ZoneCreate = Static<typeof ZoneCreateSchema>;

/** A full replacement; `version` is the one read (another manager's change meanwhile: 409). */
export const ZoneUpdateSchema = Type.Object(
  { ...zoneProperties, version: Type.Integer({ minimum: 1 }) },
  strict,
);
export type ZoneUpdate = Static<typeof ZoneUpdateSchema>;

export const ZoneSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    type: StringEnum(ZONE_TYPES),
    geometry: ZoneGeometrySchema,
    activeHours: Nullable(ZoneActiveHoursSchema),
    minBikes: Nullable(BikeCount),
    maxBikes: Nullable(BikeCount),
    maxSpeedKmh: Nullable(Type.Integer()),
    colour: Type.String(),
    autoCommands: Type.Boolean(),
    /** [west, south, east, north] */
    bbox: Type.Array(Type.Number(), { minItems: 4, maxItems: 4 }),
    /** the corners of the whole geometry (a simplified one has fewer) */
    vertexCount: Type.Integer({ minimum: 0 }),
    /** `GET zones` (ADR 0119), and the answers of `POST zones` and `PUT zones/{id}` (ADR
     *  0125): true when `geometry` is the map's simplification of the zone (zone-simplify.ts)
     *  — `GET zones/{id}` answers it whole */
    simplified: Type.Optional(Type.Boolean()),
    /** 1 at creation, +1 at each change */
    version: Type.Integer({ minimum: 1 }),
    createdAt: DateTime(),
    updatedAt: DateTime(),
    updatedBy: Nullable(Type.String()),
  },
  strict,
);
export type Zone = Static<typeof ZoneSchema>;

/** `GET zones`: every zone of the fleet (at most ZONES_PER_FLEET_MAX), by name. */
export const ZoneListSchema = Type.Object({ content: Type.Array(ZoneSchema) }, strict);
export type ZoneList = Static<typeof ZoneListSchema>;

export const ZONE_LIST_GEOMETRIES = ['simplified', 'full'] as const;
/** `GET zones?geometry=`: `simplified` (the default) — each zone as the map draws it, at most
 *  ZONE_MAP_VERTICES_MAX corners (zone-simplify.ts); `full` — every corner (the export's). */
export const ZoneListQuerySchema = Type.Object(
  { geometry: Type.Optional(StringEnum(ZONE_LIST_GEOMETRIES)) },
  strict,
);
export type ZoneListQuery = Static<typeof ZoneListQuerySchema>;

export const ZoneParamsSchema = IdParamsSchema;

/** DELETE zones/{id}?version= — the version read, optional (without it: whatever it is). */
export const ZoneDeleteQuerySchema = Type.Object(
  { version: Type.Optional(Type.Integer({ minimum: 1 })) },
  strict,
);

/** A GeoJSON FeatureCollection of zones (the export's shape); all or nothing. */
export const ZoneImportSchema = Type.Object(
  {
    type: Type.Literal('FeatureCollection'),
    features: Type.Array(
      Type.Object(
        {
          type: Type.Literal('Feature'),
          geometry: Type.Unknown(),
          properties: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
        },
        { additionalProperties: true },
      ),
      { minItems: 1, maxItems: ZONE_IMPORT_MAX },
    ),
  },
  { additionalProperties: true },
);
export type ZoneImport = Static<typeof ZoneImportSchema>;

/** A zone made by an import (ADR 0125): named and counted, without its geometry — `GET zones`
 *  lists it as the map draws it, `GET zones/{id}` answers it whole. */
export const ZoneImportedSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    type: StringEnum(ZONE_TYPES),
    /** the corners of the whole geometry */
    vertexCount: Type.Integer({ minimum: 0 }),
    /** true when the map draws it simplified (fewer corners) */
    simplified: Type.Boolean(),
    version: Type.Integer({ minimum: 1 }),
  },
  strict,
);
export type ZoneImported = Static<typeof ZoneImportedSchema>;

/** `POST zones/import`: how many zones were made, and which (no geometry echoed back). */
export const ZoneImportResultSchema = Type.Object(
  { created: Type.Integer({ minimum: 0 }), content: Type.Array(ZoneImportedSchema) },
  strict,
);
export type ZoneImportResult = Static<typeof ZoneImportResultSchema>;

/** The zones a bike stands in now (from its last position), and whether it is outside the
 *  service area (false when the fleet has no service area). */
export const BikeZonesSchema = Type.Object(
  {
    vehicleNumber: Type.String(),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
    outsideServiceArea: Type.Boolean(),
    zones: Type.Array(
      Type.Object(
        {
          id: Type.String({ format: 'uuid' }),
          name: Type.String(),
          type: StringEnum(ZONE_TYPES),
          colour: Type.String(),
          maxSpeedKmh: Nullable(Type.Integer()),
          active: Type.Boolean(),
        },
        strict,
      ),
    ),
  },
  strict,
);
export type BikeZones = Static<typeof BikeZonesSchema>;

/** A zone's permit caps crossed (ADR 0104): more parked bikes than its maximum,
 *  fewer than its minimum. An alert of the zone, not of a bike. */
export const ZONE_CAP_KINDS = ['ZONE_ABOVE_MAXIMUM', 'ZONE_BELOW_MINIMUM'] as const;
export type ZoneCapKind = (typeof ZONE_CAP_KINDS)[number];
/** How long a cap must stay crossed before its alert opens (a bike riding through, a drop-off
 *  round under way). */
export const ZONE_CAP_GRACE_MINUTES = 10;

/** How many bikes stand in each zone now (docs/zones.md, permit caps): from their last
 *  positions; `parked` is what the caps count. */
export const ZoneOccupancySchema = Type.Object(
  {
    content: Type.Array(
      Type.Object(
        {
          zoneId: Type.String({ format: 'uuid' }),
          bikes: Type.Integer({ minimum: 0 }),
          parked: Type.Integer({ minimum: 0 }),
          belowMinimum: Type.Boolean(),
          aboveMaximum: Type.Boolean(),
          /** the zone's open cap alert: the breach has lasted ZONE_CAP_GRACE_MINUTES */
          capAlert: Nullable(
            Type.Object(
              {
                kind: StringEnum(ZONE_CAP_KINDS),
                cap: BikeCount,
                parked: Type.Integer({ minimum: 0 }),
                openedAt: DateTime(),
              },
              strict,
            ),
          ),
        },
        strict,
      ),
    ),
  },
  strict,
);
export type ZoneOccupancy = Static<typeof ZoneOccupancySchema>;

/** The audit events of the zones (type OTHER, no bike); data: `{ id, name, type }`. */
export const ZONE_EVENT_NAMES = ['ZONE_CREATED', 'ZONE_UPDATED', 'ZONE_DELETED'] as const;

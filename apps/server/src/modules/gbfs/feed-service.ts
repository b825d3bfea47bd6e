// The files of the public GBFS 3.0 feed (-3, ADR 0083, docs/open-data.md). Every
// file is `{ last_updated, ttl, version: "3.0", data }`; an unknown or unpublished system is a
// 404 for every file. Nothing of VFM's own identifiers leaves: the system id is the random
// public one, vehicle ids are the bikes' random feed ids, vehicle type ids hash the model.
import { createHash } from 'node:crypto';
import {
  GBFS_BASE_PATH,
  GBFS_FILES,
  isServiceAreaType,
  isZoneActive,
  ZONE_TYPE_RULES,
  type GbfsFile,
  type OpenDataSettings,
  type Zone,
  type ZoneType,
} from '@vfm/contract';
import { notFound } from '../../lib/problem';
import type { PublicScope } from '../../plugins/request-scope';
import type { AppContext } from '../../plugins/context';
import { selectZones } from '../zones/queries';
import { FeedCache, feedFile, rfc3339, type FeedFile } from './feed-cache';
import {
  selectAllPublished,
  selectFeedVehicles,
  selectModels,
  selectPublished,
  type PublishedRow,
} from './queries';

/** Seconds each file may be kept: vehicles move, the rest rarely changes. */
export const GBFS_TTL: Record<GbfsFile | 'manifest', number> = {
  manifest: 60,
  gbfs: 300,
  system_information: 300,
  vehicle_types: 60,
  vehicle_status: 30,
  geofencing_zones: 300,
  system_alerts: 60,
};

const caches = new WeakMap<AppContext, FeedCache>();
const cacheOf = (ctx: AppContext) => {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new FeedCache()));
  return cache;
};

const baseUrl = (scope: PublicScope) =>
  `${scope.ctx.config.publicUrl.replace(/\/+$/, '')}${GBFS_BASE_PATH}`;

const unknownFeed = () => notFound('No published open-data feed at this address.');

/** Every published system. Read at each request (one small query), never from the cache: a
 *  fleet that stops publishing leaves the manifest at once. */
export async function manifest(scope: PublicScope): Promise<FeedFile> {
  const systems = await selectAllPublished(scope.database);
  const datasets = systems.map((system) => ({
    system_id: system.system_id,
    versions: [{ version: '3.0', url: `${baseUrl(scope)}/${system.system_id}/gbfs.json` }],
  }));
  // the newest change of a publication: the same text, hence the same ETag, until one changes
  const lastUpdated = systems.reduce(
    (newest, system) => Math.max(newest, new Date(system.updated_at).getTime()),
    0,
  );
  return feedFile({ datasets }, GBFS_TTL.manifest, new Date(lastUpdated || Date.UTC(2026, 0, 1)));
}

/** One file of a published system; 404 for anything else (never a 500 for a bad address). */
export async function systemFile(
  scope: PublicScope,
  systemId: string,
  fileName: string,
): Promise<FeedFile> {
  const file = fileName.endsWith('.json') ? fileName.slice(0, -5) : null;
  if (!file || !(GBFS_FILES as readonly string[]).includes(file)) throw unknownFeed();
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(systemId)) throw unknownFeed();
  const publication = await selectPublished(scope.database, systemId);
  if (!publication) throw unknownFeed();
  const version = new Date(publication.updated_at).getTime();
  const key = `${publication.fleet_id}:${version}:${file}`;
  return cacheOf(scope.ctx).get(key, scope.now.getTime(), () =>
    BUILDERS[file as GbfsFile](scope, publication),
  );
}

type Builder = (scope: PublicScope, publication: PublishedRow) => Promise<FeedFile>;

/** [{ text, language }] in every language of the feed (VFM keeps one text per setting). */
const translated = (text: string, settings: OpenDataSettings) =>
  settings.languages.map((language) => ({ text, language }));

/** A public vehicle type id: derived from the model's name only, stable across restarts. */
export const vehicleTypeId = (model: string) =>
  `vt-${createHash('sha256').update(model).digest('hex').slice(0, 12)}`;

const rangeOf = (settings: OpenDataSettings, model: string) =>
  settings.vehicleTypes.find((type) => type.model === model)?.maxRangeMeters ??
  settings.defaultRangeMeters;

const rentalApp = (app: { storeUri: string; discoveryUri: string } | undefined) =>
  app && { store_uri: app.storeUri, discovery_uri: app.discoveryUri };

const BUILDERS: Record<GbfsFile, Builder> = {
  async gbfs(scope, publication) {
    const feeds = GBFS_FILES.filter((name) => name !== 'gbfs').map((name) => ({
      name,
      url: `${baseUrl(scope)}/${publication.system_id}/${name}.json`,
    }));
    return feedFile({ feeds }, GBFS_TTL.gbfs, publication.updated_at);
  },

  async system_information(scope, publication) {
    const { settings } = publication;
    const android = rentalApp(settings.rentalApps.android);
    const ios = rentalApp(settings.rentalApps.ios);
    const isUrl = /^https?:\/\//.test(settings.license);
    const data = {
      system_id: publication.system_id,
      languages: settings.languages,
      name: translated(settings.name, settings),
      ...(settings.operator ? { operator: translated(settings.operator, settings) } : {}),
      opening_hours: settings.openingHours,
      feed_contact_email: settings.contactEmail,
      timezone: settings.timezone,
      ...(isUrl ? { license_url: settings.license } : { license_id: settings.license }),
      manifest_url: `${baseUrl(scope)}/manifest.json`,
      ...(android || ios
        ? { rental_apps: { ...(android ? { android } : {}), ...(ios ? { ios } : {}) } }
        : {}),
    };
    return feedFile(data, GBFS_TTL.system_information, publication.updated_at);
  },

  async vehicle_types(scope, publication) {
    const { settings } = publication;
    const models = await selectModels(scope.database, publication.fleet_id);
    const vehicleTypes = models.map((model) => ({
      vehicle_type_id: vehicleTypeId(model),
      form_factor: 'bicycle',
      propulsion_type: 'electric_assist',
      name: translated(model || 'E-bike', settings),
      max_range_meters: rangeOf(settings, model),
      return_constraint: 'free_floating',
    }));
    return feedFile({ vehicle_types: vehicleTypes }, GBFS_TTL.vehicle_types, scope.now);
  },

  async vehicle_status(scope, publication) {
    const { settings } = publication;
    const rows = await selectFeedVehicles(scope.database, publication.fleet_id, scope.now);
    const types = new Map<string, { id: string; range: number }>();
    const typeOf = (model: string) => {
      let type = types.get(model);
      if (!type)
        types.set(model, (type = { id: vehicleTypeId(model), range: rangeOf(settings, model) }));
      return type;
    };
    const vehicles = rows.map((row) => {
      const type = typeOf(row.model);
      const fuel = row.battery === null ? null : Math.min(Math.max(row.battery, 0), 100) / 100;
      return {
        vehicle_id: row.vehicle_id,
        lat: round6(row.latitude),
        lon: round6(row.longitude),
        is_reserved: false,
        is_disabled: row.disabled,
        vehicle_type_id: type.id,
        ...(row.last_reported ? { last_reported: rfc3339(new Date(row.last_reported)) } : {}),
        // required for an electric-assist type: unknown battery counts as empty
        current_range_meters: Math.round(type.range * (fuel ?? 0)),
        ...(fuel === null ? {} : { current_fuel_percent: fuel }),
      };
    });
    return feedFile({ vehicles }, GBFS_TTL.vehicle_status, scope.now);
  },

  // the fleet's zones (docs/zones.md) that apply now, most restrictive first (GBFS: where zones
  // overlap, the first one's rules hold); outside every zone the global rules
  async geofencing_zones(scope, publication) {
    const zones = (await selectZones(scope.database, publication.fleet_id))
      .filter((zone) => isZoneActive(zone.activeHours, scope.now))
      .sort((a, b) => ZONE_TYPE_RULES[a.type].rank - ZONE_TYPE_RULES[b.type].rank);
    const language = publication.settings.languages[0] ?? 'fr';
    const features = zones.map((zone) => ({
      type: 'Feature',
      geometry: gbfsMultiPolygon(zone.geometry),
      properties: {
        name: [{ text: zone.name, language }],
        rules: [
          {
            ...gbfsZoneRules(zone.type),
            ...(ZONE_TYPE_RULES[zone.type].speedLimit && zone.maxSpeedKmh
              ? { maximum_speed_kph: zone.maxSpeedKmh }
              : {}),
          },
        ],
      },
    }));
    const hasServiceArea = zones.some((zone) => isServiceAreaType(zone.type));
    const data = {
      geofencing_zones: { type: 'FeatureCollection', features },
      // with a service area, a ride may pass outside it but neither start nor end there
      global_rules: [
        hasServiceArea
          ? { ride_start_allowed: false, ride_end_allowed: false, ride_through_allowed: true }
          : { ride_start_allowed: true, ride_end_allowed: true, ride_through_allowed: true },
      ],
    };
    // a zone with hours comes and goes with the time: the file is as of its build then
    const hours = zones.some((zone) => zone.activeHours);
    const newest = Math.max(
      new Date(publication.updated_at).getTime(),
      ...zones.map((zone) => new Date(zone.updatedAt).getTime()),
    );
    return feedFile(data, GBFS_TTL.geofencing_zones, hours ? scope.now : new Date(newest));
  },

  async system_alerts(scope) {
    return feedFile({ alerts: [] }, GBFS_TTL.system_alerts, scope.now);
  },
};

/** The rules of a zone type in GBFS terms (docs/open-data.md "Zones"). */
const gbfsZoneRules = (type: ZoneType) => {
  const { rideStart, rideEnd, rideThrough } = ZONE_TYPE_RULES[type];
  return {
    ride_start_allowed: rideStart,
    ride_end_allowed: rideEnd,
    ride_through_allowed: rideThrough,
  };
};

/**
 * A zone's geometry as GBFS wants it: a MultiPolygon following the right-hand rule (RFC 7946:
 * outer rings counterclockwise, holes clockwise), coordinates at most 6 decimals.
 */
function gbfsMultiPolygon(geometry: Zone['geometry']) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return {
    type: 'MultiPolygon',
    coordinates: polygons.map((rings) =>
      rings.map((ring, index) => {
        const rounded = ring.map(([lon, lat]) => [round6(lon!), round6(lat!)]);
        const counterclockwise = signedArea(rounded) > 0;
        return counterclockwise === (index === 0) ? rounded : rounded.reverse();
      }),
    ),
  };
}

/** Twice the signed area of a ring (shoelace): positive when counterclockwise. */
function signedArea(ring: number[][]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i += 1)
    sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return sum;
}

/** At most 6 decimals (about 11 cm): GBFS asks no more precision than that. */
const round6 = (value: number) => Math.round(Number(value) * 1e6) / 1e6;

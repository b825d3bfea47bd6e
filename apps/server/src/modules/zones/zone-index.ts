// Where a bike stands among its fleet's zones, fast enough for the ingest (docs/zones.md, §5;
// ADR 0084, ADR 0119). A fleet's zones are kept in a packed R-tree (flatbush) of their bounding
// boxes, each zone's geometry prepared (prepared-zone.ts: an index of its edges), so that a
// position costs log n of the zones and of the corners of those whose box holds it — the
// corners of zones elsewhere cost nothing. The index is kept per process and checked against
// the database on every use by one small aggregate (the zones' count, versions and last
// change); when a fleet's zones changed, only their ids and versions are read, and only the
// zones added or changed are read whole and prepared: a zone drawn, changed or deleted by
// another process is seen by the next batch, without reloading the others.
import Flatbush from 'flatbush';
import { ZONE_TYPE_RULES, isZoneActive, type BBox, type Zone } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { selectZonesByIds, selectZoneStamps, selectZoneVersions } from './queries';
import { prepareGeometry } from './prepared-zone';

/** A zone named by what a bike's automatic commands remember of it. */
export interface ZoneRef {
  id: string;
  name: string;
}

/** What a position makes of a bike: outside every service area, in a no-ride zone, parked in
 * a no-parking zone (each only when such an active zone exists); and what the zones with
 * automatic commands ask there (docs/zones.md): the no-ride zone that locks the assistance, the
 * slow zone whose speed applies (the lowest), the service area that arms the alarm of a bike
 * outside. */
export interface ZoneMarks {
  outside: boolean;
  noRide: boolean;
  noParking: boolean;
  lock: ZoneRef | null;
  speed: (ZoneRef & { kmh: number }) | null;
  alarm: ZoneRef | null;
  /** every zone it stands in, active or not, sorted (null: none) */
  zoneIds: string[] | null;
}

export const NO_MARKS: ZoneMarks = {
  outside: false,
  noRide: false,
  noParking: false,
  lock: null,
  speed: null,
  alarm: null,
  zoneIds: null,
};

/** A zone without its geometry: what the index keeps of it beside the prepared test. */
export type ZoneHead = Omit<Zone, 'geometry'>;

const refOf = (zone: ZoneHead): ZoneRef => ({ id: zone.id, name: zone.name });

/** A zone and its geometry ready for the test of a position. */
export interface PreparedZone {
  zone: ZoneHead;
  contains: (lon: number, lat: number) => boolean;
}

/** The zone's test of a position; its GeoJSON is not kept (the test holds its corners packed,
 * prepared-zone.ts). */
export function prepareZone({ geometry, ...zone }: Zone): PreparedZone {
  return { zone, contains: prepareGeometry(geometry) };
}

/** One zone added, replaced (same id) or removed (null) — what changed in a fleet's zones. */
export type ZoneChangeSet = Array<{ id: string; zone: PreparedZone | null }>;

/** A fleet's zones and their index. */
export class FleetZones {
  private readonly index: Flatbush | null;
  private activeMinute = Number.NaN;
  private active: boolean[] = [];
  private anyServiceArea = false;
  private alarmArea: ZoneRef | null = null;
  readonly zones: readonly ZoneHead[];
  readonly byId: ReadonlyMap<string, PreparedZone>;

  constructor(
    readonly stamp: string,
    readonly prepared: readonly PreparedZone[],
  ) {
    const zones = prepared.map((p) => p.zone);
    this.zones = zones;
    this.byId = new Map(prepared.map((p) => [p.zone.id, p]));
    if (!zones.length) {
      this.index = null;
      return;
    }
    const index = new Flatbush(zones.length);
    for (const zone of zones) {
      const [minLon, minLat, maxLon, maxLat] = zone.bbox as BBox;
      index.add(minLon, minLat, maxLon, maxLat);
    }
    index.finish();
    this.index = index;
  }

  static of(stamp: string, zones: readonly Zone[]): FleetZones {
    return new FleetZones(stamp, zones.map(prepareZone));
  }

  /** The same zones with these changed (each zone's prepared geometry kept unless it is one
   * of them); the box index is packed again (a few boxes per zone: cheap). */
  with(stamp: string, changes: ZoneChangeSet): FleetZones {
    const byId = new Map(this.byId);
    for (const { id, zone } of changes) {
      if (zone) byId.set(id, zone);
      else byId.delete(id);
    }
    return new FleetZones(stamp, [...byId.values()]);
  }

  /** The zones' active hours, evaluated once per minute (Intl is slow per call). */
  private activeAt(now: Date): boolean[] {
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== this.activeMinute) {
      this.active = this.zones.map((zone) => isZoneActive(zone.activeHours, now));
      const areas = this.zones.filter(
        (z, i) => ZONE_TYPE_RULES[z.type].mark === 'SERVICE' && this.active[i],
      );
      this.anyServiceArea = areas.length > 0;
      const arming = areas
        .filter((zone) => zone.autoCommands)
        .sort((a, b) => a.name.localeCompare(b.name));
      this.alarmArea = arming[0] ? refOf(arming[0]) : null;
      this.activeMinute = minute;
    }
    return this.active;
  }

  /** The marks of a bike at this position and status, now. */
  marksAt(lon: number | null, lat: number | null, status: string, now: Date): ZoneMarks {
    if (lon === null || lat === null || !this.index) return NO_MARKS;
    const active = this.activeAt(now);
    let inService = false;
    let noRide = false;
    let noParking = false;
    let lock: ZoneRef | null = null;
    let speed: ZoneMarks['speed'] = null;
    const zoneIds: string[] = [];
    for (const i of this.index.search(lon, lat, lon, lat)) {
      const zone = this.zones[i]!;
      if (!this.prepared[i]!.contains(lon, lat)) continue;
      zoneIds.push(zone.id);
      if (!active[i]) continue;
      // what the zone's type marks (the contract's ZONE_TYPE_RULES)
      const mark = ZONE_TYPE_RULES[zone.type].mark;
      if (mark === 'SERVICE') inService = true;
      else if (mark === 'NO_PARKING') noParking ||= status === 'PARKED';
      else if (mark === 'NO_RIDE') {
        noRide = true;
        if (zone.autoCommands) lock ??= refOf(zone);
      } else if (
        mark === 'SPEED' &&
        zone.autoCommands &&
        zone.maxSpeedKmh !== null &&
        (!speed || zone.maxSpeedKmh < speed.kmh)
      )
        speed = { ...refOf(zone), kmh: zone.maxSpeedKmh };
    }
    const outside = this.anyServiceArea && !inService;
    return {
      outside,
      noRide,
      noParking,
      lock,
      speed,
      alarm: outside ? this.alarmArea : null,
      zoneIds: zoneIds.length ? zoneIds.sort() : null,
    };
  }
}

/** The fleets' zone indexes of this process, brought up to date zone by zone when a fleet's
 * zones changed. */
export class ZoneIndexes {
  private readonly fleets = new Map<string, FleetZones>();

  /** The indexes of these fleets that have zones (the others are not in the map). */
  async of(db: Queryable, fleetIds: string[]): Promise<Map<string, FleetZones>> {
    const found = new Map<string, FleetZones>();
    if (!fleetIds.length) return found;
    const stamps = await selectZoneStamps(db, fleetIds);
    const stale = stamps.filter(({ fleetId, stamp }) => this.fleets.get(fleetId)?.stamp !== stamp);
    if (stale.length) await this.refresh(db, stale);
    const current = new Set(stamps.map((s) => s.fleetId));
    for (const fleetId of fleetIds) {
      if (!current.has(fleetId)) this.fleets.delete(fleetId);
      else found.set(fleetId, this.fleets.get(fleetId)!);
    }
    return found;
  }

  /** The zones' ids and versions of these fleets against those kept: the zones added or
   * changed are read and prepared, the ones gone dropped, the others kept as they are. */
  private async refresh(db: Queryable, stale: Array<{ fleetId: string; stamp: string }>) {
    const versions = await selectZoneVersions(
      db,
      stale.map((s) => s.fleetId),
    );
    const changes = new Map<string, ZoneChangeSet>(stale.map((s) => [s.fleetId, []]));
    const seen = new Map<string, Set<string>>(stale.map((s) => [s.fleetId, new Set()]));
    const wanted: string[] = [];
    for (const { fleetId, id, version } of versions) {
      seen.get(fleetId)?.add(id);
      const kept = this.fleets.get(fleetId)?.byId.get(id);
      if (!kept || kept.zone.version !== version) wanted.push(id);
    }
    for (const { fleetId, zone } of wanted.length ? await selectZonesByIds(db, wanted) : [])
      changes.get(fleetId)?.push({ id: zone.id, zone: prepareZone(zone) });
    for (const { fleetId, stamp } of stale) {
      const before = this.fleets.get(fleetId);
      const list = changes.get(fleetId)!;
      for (const p of before?.prepared ?? [])
        if (!seen.get(fleetId)!.has(p.zone.id)) list.push({ id: p.zone.id, zone: null });
      this.fleets.set(fleetId, (before ?? new FleetZones(stamp, [])).with(stamp, list));
    }
  }
}

/** This process's indexes (the ingest's batches, the alerts' subscriber and sweep). */
export const zoneIndexes = new ZoneIndexes();

export const sameMarks = (a: Pick<ZoneMarks, 'outside' | 'noRide' | 'noParking'>, b: typeof a) =>
  a.outside === b.outside && a.noRide === b.noRide && a.noParking === b.noParking;

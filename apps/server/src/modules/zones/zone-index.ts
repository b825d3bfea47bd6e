// Where a bike stands among its fleet's zones, fast enough for the ingest (issue 23 §3, §5;
// ADR 0084). The zones that make alerts (service areas, no-ride, no-parking) of a fleet are
// read once and kept in a packed R-tree (flatbush) of their bounding boxes; a position is
// tested exactly (contract zone-geometry.ts) only against the zones whose box holds it. The
// index is kept per process and checked against the database on every use by one small
// aggregate (the zones' count, versions and last change), so a zone drawn or deleted by
// another process is seen by the next batch.
import Flatbush from 'flatbush';
import { isZoneActive, pointInGeometry, type BBox, type Zone } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { selectFleetsZones, selectZoneStamps } from './queries';

/** A zone named by what a bike's automatic commands remember of it. */
export interface ZoneRef {
  id: string;
  name: string;
}

/** What a position makes of a bike: outside every service area, in a no-ride zone, parked in
 * a no-parking zone (each only when such an active zone exists); and what the zones with
 * automatic commands ask there (issue 23 §4): the no-ride zone that locks the assistance, the
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

const refOf = (zone: Zone): ZoneRef => ({ id: zone.id, name: zone.name });

/** A fleet's enforced zones and their index. */
export class FleetZones {
  private readonly index: Flatbush | null;
  private activeMinute = Number.NaN;
  private active: boolean[] = [];
  private anyServiceArea = false;
  private alarmArea: ZoneRef | null = null;

  constructor(
    readonly stamp: string,
    readonly zones: readonly Zone[],
  ) {
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

  /** The zones' active hours, evaluated once per minute (Intl is slow per call). */
  private activeAt(now: Date): boolean[] {
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== this.activeMinute) {
      this.active = this.zones.map((zone) => isZoneActive(zone.activeHours, now));
      const areas = this.zones.filter((z, i) => z.type === 'SERVICE_AREA' && this.active[i]);
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
      if (!pointInGeometry(lon, lat, zone.geometry)) continue;
      zoneIds.push(zone.id);
      if (!active[i]) continue;
      if (zone.type === 'SERVICE_AREA') inService = true;
      else if (zone.type === 'NO_PARKING') noParking ||= status === 'PARKED';
      else if (zone.type === 'NO_RIDE') {
        noRide = true;
        if (zone.autoCommands) lock ??= refOf(zone);
      } else if (
        zone.type === 'SLOW' &&
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

/** The fleets' zone indexes of this process, rebuilt when a fleet's zones changed. */
export class ZoneIndexes {
  private readonly fleets = new Map<string, FleetZones>();

  /** The indexes of these fleets that have enforced zones (the others are not in the map). */
  async of(db: Queryable, fleetIds: string[]): Promise<Map<string, FleetZones>> {
    const found = new Map<string, FleetZones>();
    if (!fleetIds.length) return found;
    const stamps = await selectZoneStamps(db, fleetIds);
    const stale = stamps.filter(({ fleetId, stamp }) => this.fleets.get(fleetId)?.stamp !== stamp);
    if (stale.length) {
      const zones = new Map<string, Zone[]>(stale.map(({ fleetId }) => [fleetId, []]));
      for (const { fleetId, zone } of await selectFleetsZones(
        db,
        stale.map((s) => s.fleetId),
      ))
        zones.get(fleetId)?.push(zone);
      for (const { fleetId, stamp } of stale)
        this.fleets.set(fleetId, new FleetZones(stamp, zones.get(fleetId)!));
    }
    const current = new Set(stamps.map((s) => s.fleetId));
    for (const fleetId of fleetIds) {
      if (!current.has(fleetId)) this.fleets.delete(fleetId);
      else found.set(fleetId, this.fleets.get(fleetId)!);
    }
    return found;
  }
}

/** This process's indexes (the ingest's batches, the alerts' subscriber and sweep). */
export const zoneIndexes = new ZoneIndexes();

export const sameMarks = (a: Pick<ZoneMarks, 'outside' | 'noRide' | 'noParking'>, b: typeof a) =>
  a.outside === b.outside && a.noRide === b.noRide && a.noParking === b.noParking;

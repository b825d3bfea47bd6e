// The zones of a fleet (issue 23 §1, ADR 0084): listed and read by every user of the fleet,
// created, changed, imported and deleted by its managers (SPEC §6: the manager role, or the
// administrator's); every change is an audited event (DESIGN §7). A change made on a stale
// read — another manager saved the zone meanwhile — is a 409, never a silent overwrite.
import {
  ROLE_USER,
  ZONES_PER_FLEET_MAX,
  type BikeZones,
  type Zone,
  type ZoneCreate,
  type ZoneImport,
  type ZoneImportResult,
  type ZoneList,
  type ZoneUpdate,
} from '@vfm/contract';
import type { Queryable, TxQuery } from '../../db/client';
import { FleetChanges } from '../bikes/fleet-changes';
import { conflict, forbidden, notFound } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import type { Principal } from '../../plugins/auth';
import { requireBike } from '../bikes/bike-lookup';
import { recordEvents } from '../events/queries';
import {
  countZones,
  deleteZone as deleteZoneRow,
  insertZone,
  selectZone,
  selectZones,
  updateZone as updateZoneRow,
} from './queries';
import { occupancyOf, zonesAt } from './zone-placement';
import { importedZones, zoneValues } from './zone-rules';

const NOT_FOUND = 'This zone does not exist in your fleet.';

/** SPEC §6: the fleet's managers (and its administrators) edit; any other role reads. */
export const mayEditZones = (principal: Pick<Principal, 'roles' | 'isAdmin'>) =>
  principal.isAdmin || principal.roles.includes(ROLE_USER);

function requireEditor(scope: RequestScope) {
  if (!mayEditZones(scope.principal))
    throw forbidden('Only the fleet managers may change its zones.', 'ZONES_READ_ONLY');
}

export async function listZones(scope: RequestScope): Promise<ZoneList> {
  return { content: await selectZones(scope.database, scope.fleetId) };
}

export async function getZoneOccupancy(scope: RequestScope) {
  return occupancyOf(scope.database, scope.fleetId);
}

export async function getZone(scope: RequestScope, id: string): Promise<Zone> {
  const zone = await selectZone(scope.database, scope.fleetId, id);
  if (!zone) throw notFound(NOT_FOUND, undefined, 'ZONE_NOT_FOUND');
  return zone;
}

export async function createZone(scope: RequestScope, input: ZoneCreate): Promise<Zone> {
  requireEditor(scope);
  const values = zoneValues(input);
  return scope.database.transaction(async (tx) => {
    await requireRoom(tx, scope.fleetId, 1);
    const zone = await insertZone(tx, scope.fleetId, values, scope.principal.email, scope.now);
    await audit(tx, scope, 'ZONE_CREATED', [zone]);
    return zone;
  });
}

export async function updateZone(scope: RequestScope, id: string, input: ZoneUpdate) {
  requireEditor(scope);
  const { version, ...fields } = input;
  const values = zoneValues(fields);
  return scope.database.transaction(async (tx) => {
    const current = await selectZone(tx, scope.fleetId, id, true);
    if (!current) throw notFound(NOT_FOUND, undefined, 'ZONE_NOT_FOUND');
    if (current.version !== version) throw stale(current);
    const zone = await updateZoneRow(
      tx,
      scope.fleetId,
      id,
      values,
      scope.principal.email,
      scope.now,
    );
    await audit(tx, scope, 'ZONE_UPDATED', [zone]);
    return zone;
  });
}

export async function deleteZone(scope: RequestScope, id: string, version?: number) {
  requireEditor(scope);
  await scope.database.transaction(async (tx) => {
    const current = await selectZone(tx, scope.fleetId, id, true);
    if (!current) throw notFound(NOT_FOUND, undefined, 'ZONE_NOT_FOUND');
    if (version !== undefined && current.version !== version) throw stale(current);
    await deleteZoneRow(tx, scope.fleetId, id);
    await audit(tx, scope, 'ZONE_DELETED', [current]);
  });
}

/** A GeoJSON FeatureCollection, all or nothing: the first bad features are named. */
export async function importZones(scope: RequestScope, input: ZoneImport) {
  requireEditor(scope);
  const values = importedZones(input);
  return scope.database.transaction(async (tx): Promise<ZoneImportResult> => {
    await requireRoom(tx, scope.fleetId, values.length);
    const content: Zone[] = [];
    for (const value of values)
      content.push(await insertZone(tx, scope.fleetId, value, scope.principal.email, scope.now));
    await audit(tx, scope, 'ZONE_CREATED', content);
    return { created: content.length, content };
  });
}

/** The zones a bike of the fleet stands in now, from its last position. */
export async function getBikeZones(scope: RequestScope, vehicleNumber: string): Promise<BikeZones> {
  const bike = await requireBike<{
    id: number;
    vehicle_number: string;
    latitude: number | null;
    longitude: number | null;
  }>(scope.database, scope.fleetId, vehicleNumber, {
    columns: 'id, vehicle_number, latitude, longitude',
  });
  const { latitude, longitude } = bike;
  const placement =
    latitude === null || longitude === null
      ? { zones: [], outsideServiceArea: false }
      : await zonesAt(scope.database, scope.fleetId, longitude, latitude, scope.now);
  return {
    vehicleNumber: bike.vehicle_number,
    latitude,
    longitude,
    outsideServiceArea: placement.outsideServiceArea,
    zones: placement.zones.map(({ zone, active }) => ({
      id: zone.id,
      name: zone.name,
      type: zone.type,
      colour: zone.colour,
      maxSpeedKmh: zone.maxSpeedKmh,
      active,
    })),
  };
}

async function requireRoom(tx: Queryable, fleetId: string, adding: number) {
  const count = await countZones(tx, fleetId);
  if (count + adding > ZONES_PER_FLEET_MAX)
    throw conflict(
      `A fleet has at most ${ZONES_PER_FLEET_MAX} zones; yours has ${count}.`,
      'TOO_MANY_ZONES',
    );
}

const stale = (current: Zone) =>
  conflict(
    `This zone was changed by ${current.updatedBy ?? 'someone else'} meanwhile ` +
      `(version ${current.version}): read it again before changing it.`,
    'ZONE_CHANGED',
  );

/** Every change is an event of the activity log, and a notice: the fleet's open maps and zone
 * lists read the zones again (the stream's `zones`). */
async function audit(tx: TxQuery, scope: RequestScope, name: string, zones: Zone[]) {
  await new FleetChanges().add(scope.fleetId, 'zone', 'event').notify(tx);
  await recordEvents(
    tx,
    zones.map((zone) => ({
      fleetId: scope.fleetId,
      bikeId: null,
      type: 'OTHER' as const,
      name,
      source: 'MANAGER' as const,
      userEmail: scope.principal.email,
      data: { id: zone.id, name: zone.name, type: zone.type },
      occurredAt: scope.now,
    })),
  );
}

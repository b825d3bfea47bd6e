// The zones of a fleet (ADR 0084): listed and read by every user of the fleet,
// created, changed, imported and deleted by its managers (SPEC §6: the manager role, or the
// administrator's); every change is an audited event (DESIGN §7). A change made on a stale
// read — another manager saved the zone meanwhile — is a 409, never a silent overwrite.
import {
  ROLE_USER,
  ZONES_PER_FLEET_MAX,
  ZONE_VERTICES_PER_FLEET_MAX,
  type BikeZones,
  type Zone,
  type ZoneCreate,
  type ZoneImport,
  type ZoneImportResult,
  type ZoneImported,
  type ZoneList,
  type ZoneListQuery,
  type ZoneUpdate,
  mapGeometry,
  vertexCount,
} from '@vfm/contract';
import type { Queryable, TxQuery } from '../../db/client';
import { HttpProblem, badRequest, conflict, forbidden, notFound } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import type { Principal } from '../../plugins/auth';
import { requireBike } from '../bikes/bike-lookup';
import { fact, record } from '../events/facts';
import {
  lockFleetZones,
  lockZoneHead,
  selectMapZones,
  selectZone,
  selectZoneUse,
  selectZones,
  type ZoneValues,
} from './queries';
import {
  deleteZone as deleteZoneRow,
  insertZone,
  updateZone as updateZoneRow,
} from './queries/writes';
import { RawZoneBody, answerProblem } from './zone-body';
import type { ZoneJob } from './zone-checks';
import { occupancyOf, zonesAt } from './zone-placement';
import { importedSize, nextTurn } from './zone-rules';
import { runZoneCheck } from './zone-thread';
import { zoneWriteBudget } from './zone-write-budget';

const NOT_FOUND = 'This zone does not exist in your fleet.';

/** SPEC §6: the fleet's managers (and its administrators) edit; any other role reads. */
export const mayEditZones = (principal: Pick<Principal, 'roles' | 'isAdmin'>) =>
  principal.isAdmin || principal.roles.includes(ROLE_USER);

function requireEditor(scope: RequestScope) {
  if (!mayEditZones(scope.principal))
    throw forbidden('Only the fleet managers may change its zones.', 'ZONES_READ_ONLY');
}

/** The fleet's zones; `simplified` (the default): each geometry as the map draws it
 * (ADR 0119), flagged when it is not the whole one. */
export async function listZones(
  scope: RequestScope,
  geometry: ZoneListQuery['geometry'] = 'simplified',
): Promise<ZoneList> {
  if (geometry === 'full') return { content: await selectZones(scope.database, scope.fleetId) };
  const rows = await selectMapZones(scope.database, scope.fleetId);
  return {
    content: rows.map(({ zone, mapped }) => {
      // a zone drawn before the map's column: simplified now
      const drawn = mapped ? zone.geometry : mapGeometry(zone.geometry);
      return { ...zone, geometry: drawn, simplified: vertexCount(drawn) < zone.vertexCount };
    }),
  };
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
  const size = vertexCount(input.geometry);
  await precheckRoom(scope, [size]);
  spendWrite(scope, [size]);
  const [values] = await checked(scope, { kind: 'zone', input }, size);
  return scope.database.transaction(async (tx) => {
    await lockFleetZones(tx, scope.fleetId);
    await requireRoom(tx, scope.fleetId, [values!]);
    const zone = await insertZone(tx, scope.fleetId, values!, scope.principal.email, scope.now);
    await audit(tx, scope, 'ZONE_CREATED', [zone]);
    return zone;
  });
}

export async function updateZone(scope: RequestScope, id: string, input: ZoneUpdate) {
  requireEditor(scope);
  const { version, ...fields } = input;
  const size = vertexCount(fields.geometry);
  await precheckRoom(scope, [size], id);
  spendWrite(scope, [size]);
  const [values] = await checked(scope, { kind: 'zone', input: fields }, size);
  return scope.database.transaction(async (tx) => {
    await lockFleetZones(tx, scope.fleetId);
    const current = await lockZoneHead(tx, scope.fleetId, id);
    if (!current) throw notFound(NOT_FOUND, undefined, 'ZONE_NOT_FOUND');
    if (current.version !== version) throw stale(current);
    await requireRoom(tx, scope.fleetId, [values!], id);
    const zone = await updateZoneRow(
      tx,
      scope.fleetId,
      id,
      values!,
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
    const current = await lockZoneHead(tx, scope.fleetId, id);
    if (!current) throw notFound(NOT_FOUND, undefined, 'ZONE_NOT_FOUND');
    if (version !== undefined && current.version !== version) throw stale(current);
    await deleteZoneRow(tx, scope.fleetId, id);
    await audit(tx, scope, 'ZONE_DELETED', [current]);
  });
}

/** A GeoJSON FeatureCollection, all or nothing: the first bad features are named. The answer
 * names the zones made, without their geometry (ADR 0125). */
export async function importZones(scope: RequestScope, body: ZoneImport | RawZoneBody) {
  requireEditor(scope);
  // a big body's text is read on the zones' thread, twice: its sizes before the fleet's room
  // and write budget are checked, its zones after (zone-body.ts)
  const raw = body instanceof RawZoneBody;
  const sizes = raw ? await importSizes(scope, body.text) : body.features.map(importedSize);
  await precheckRoom(scope, sizes);
  spendWrite(scope, sizes);
  const values = await checked(
    scope,
    raw ? { kind: 'import-text', text: body.text, step: 'check' } : { kind: 'import', input: body },
    sizes.reduce((sum, n) => sum + n, 0),
  );
  return scope.database.transaction(async (tx): Promise<ZoneImportResult> => {
    await lockFleetZones(tx, scope.fleetId);
    await requireRoom(tx, scope.fleetId, values);
    const content: ZoneImported[] = [];
    for (const value of values) {
      // an embedded database works on this thread: others get their turn between zones
      if (content.length) await nextTurn();
      const zone = await insertZone(tx, scope.fleetId, value, scope.principal.email, scope.now);
      const { id, name, type, vertexCount: corners, simplified, version } = zone;
      content.push({ id, name, type, vertexCount: corners, simplified: !!simplified, version });
    }
    await audit(tx, scope, 'ZONE_CREATED', content);
    return { created: content.length, content };
  });
}

/** The zones' row values, checked inline or on the zones' thread (zone-thread.ts), or the 400
 * that names what is wrong (an import's, with its features). */
async function checked(scope: RequestScope, job: ZoneJob, corners: number): Promise<ZoneValues[]> {
  const check = await runZoneCheck(scope.fleetId, job, corners);
  if ('values' in check) return check.values;
  if (!('errors' in check)) throw answerProblem(check);
  const [first] = check.errors;
  const what =
    job.kind === 'zone'
      ? 'The zone is not valid'
      : "The file's zones are not valid (nothing was imported)";
  throw badRequest(`${what}: ${first!.field} ${first!.message}.`, check.errors);
}

/** The corners of each zone of an import's text, or the problem its text is. */
async function importSizes(scope: RequestScope, text: string): Promise<number[]> {
  const answer = await runZoneCheck(
    scope.fleetId,
    { kind: 'import-text', text, step: 'size' },
    Infinity,
  );
  if ('sizes' in answer) return answer.sizes;
  throw answerProblem(answer);
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

/** Room in the fleet for these zones (replacing the zone `replacing`): at most
 * ZONES_PER_FLEET_MAX zones, at most ZONE_VERTICES_PER_FLEET_MAX corners in all (ADR 0119).
 * The fleet's zones locked first (lockFleetZones). */
async function requireRoom(
  tx: Queryable,
  fleetId: string,
  adding: ZoneValues[],
  replacing: string | null = null,
) {
  const use = await selectZoneUse(tx, fleetId, replacing);
  if (use.zones + adding.length > ZONES_PER_FLEET_MAX)
    throw conflict(
      `A fleet has at most ${ZONES_PER_FLEET_MAX} zones; yours has ${use.zones}.`,
      'TOO_MANY_ZONES',
    );
  const sizes = adding.map((zone) => zone.vertexCount);
  if (use.vertices + sizes.reduce((sum, n) => sum + n, 0) > ZONE_VERTICES_PER_FLEET_MAX)
    throw overBudget(use.vertices, sizes, replacing !== null);
}

/** The budget checked before the geometry (its checks are the costly part): a change that
 * cannot fit is refused at once. The transaction checks again, its fleet locked. */
async function precheckRoom(scope: RequestScope, sizes: number[], replacing: string | null = null) {
  const use = await selectZoneUse(scope.database, scope.fleetId, replacing);
  if (use.vertices + sizes.reduce((sum, n) => sum + n, 0) > ZONE_VERTICES_PER_FLEET_MAX)
    throw overBudget(use.vertices, sizes, replacing !== null);
}

/** The fleet's rate of corners written (zone-write-budget.ts), spent before the costly checks. */
function spendWrite(scope: RequestScope, sizes: number[]) {
  zoneWriteBudget(scope.ctx, scope.ctx.config.zoneWriteCornersPer10Min).spend(
    scope.fleetId,
    sizes.reduce((sum, n) => sum + n, 0),
    scope.now.getTime(),
  );
}

const count = (n: number) => n.toLocaleString('en');

/** The fleet's corner budget would be overrun: the budget, the fleet's use and the zones' size
 * named (a 409 like TOO_MANY_ZONES: the fleet's state, not the zone, is in the way). */
export function overBudget(used: number, sizes: number[], replacing: boolean) {
  const size = sizes.reduce((sum, n) => sum + n, 0);
  const budget = count(ZONE_VERTICES_PER_FLEET_MAX);
  const these =
    sizes.length === 1
      ? `this zone has ${count(size)}`
      : `these ${sizes.length} zones have ${count(size)}`;
  return new HttpProblem(
    409,
    'ZONE_VERTEX_BUDGET',
    'Conflict',
    `A fleet's zones have at most ${budget} corners in all; ` +
      `${replacing ? "the fleet's other zones use" : "the fleet's zones use"} ${count(used)} ` +
      `and ${these}: simplify or delete zones first.`,
    {
      errors: [
        {
          field: 'geometry',
          message: `${count(size)} corners where ${count(Math.max(0, ZONE_VERTICES_PER_FLEET_MAX - used))} of the fleet's ${budget} are left`,
        },
      ],
    },
  );
}

const stale = (current: Pick<Zone, 'version' | 'updatedBy'>) =>
  conflict(
    `This zone was changed by ${current.updatedBy ?? 'someone else'} meanwhile ` +
      `(version ${current.version}): read it again before changing it.`,
    'ZONE_CHANGED',
  );

/** Every change is a fact (ADR 0123): an event of the activity log, a notice (the fleet's open
 * maps and zone lists read the zones again) and `zone.changed` (the bikes placed again). */
async function audit(
  tx: TxQuery,
  scope: RequestScope,
  action: ZoneAction,
  zones: Array<Pick<Zone, 'id' | 'name' | 'type'>>,
) {
  await record(tx, scope.ctx.jobs, [
    fact('zone.changed', {
      fleetId: scope.fleetId,
      by: scope.principal.email,
      action,
      zones: zones.map(({ id, name, type }) => ({ id, name, type })),
      at: scope.now,
    }),
  ]);
}

type ZoneAction = 'ZONE_CREATED' | 'ZONE_UPDATED' | 'ZONE_DELETED';

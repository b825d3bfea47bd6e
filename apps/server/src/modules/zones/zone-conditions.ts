// The zones' alert conditions (docs/zones.md) and automatic commands (§4): each bike of a fleet
// with zones is placed by its last position — outside every active service area (when the
// fleet has one active), inside an active no-ride zone, parked inside an active no-parking zone
// — and the marks on the bike (`outside_service_area_since`, `no_ride_zone_since`,
// `no_parking_since`) follow. The alerts' reconciliation reads them as conditions, so the
// alerts open and clear with the rest (ADR 0081, ADR 0084). A zone with automatic commands
// sends them as the bike crosses it, in the same transaction as the marks (the command outbox):
// ALARM on when it leaves the service area, LOCK_CONTROL on inside a no-ride zone and off once
// out, SPEED_LIMIT with a slow zone's speed inside and 0 once out; `zone_commands` remembers
// what the zones imposed, so only the zones undo it, once.
// The ingest places the bikes of each batch as it writes them (ingest/batch-writer.ts); the
// zones' own queue `zones.place` (placement.ts) places a fleet's bikes when its zones change
// (`zone.changed`) and every bike each minute (a zone's hours begin or end).
import { ZONE_REQUESTER_PREFIX, type CommandType } from '@vfm/contract';
import type { Queryable, TxQuery } from '../../db/client';
import { FleetChanges } from '../bikes/fleet-changes';
import { enqueueCommands } from '../commands/command-service';
import {
  selectPlacedBikes,
  updateZoneFlags,
  type PlacedBike,
  type ZoneCommands,
  type ZoneFlags,
} from './queries';
import { NO_MARKS, sameMarks, zoneIndexes, type ZoneRef } from './zone-index';

const time = (value: Date | string | null) => (value === null ? null : new Date(value));

/** A bike as placement sees it: where it stands, its status, its marks now. */
export interface BikeToPlace {
  id: number;
  fleetId: string;
  vehicleNumber: string;
  latitude: number | null;
  longitude: number | null;
  lastPositionDate: Date | string | null;
  status: string;
  outsideServiceAreaSince: Date | string | null;
  noRideZoneSince: Date | string | null;
  noParkingSince: Date | string | null;
  zoneCommands: ZoneCommands | null;
  zoneIds: string[] | null;
}

/** A command a zone sends to a bike it placed. */
export interface ZoneCommand {
  type: CommandType;
  value: boolean | string;
  zone: ZoneRef;
}

/** A bike whose marks or automatic commands change. */
export interface ZoneChange extends ZoneFlags {
  fleetId: string;
  vehicleNumber: string;
  commands: ZoneCommand[];
  /** an alert condition changed (outside, no-ride, no-parking): the alerts follow */
  marksChanged: boolean;
}

const marked = (bike: BikeToPlace) =>
  bike.outsideServiceAreaSince !== null ||
  bike.noRideZoneSince !== null ||
  bike.noParkingSince !== null ||
  bike.zoneCommands !== null ||
  bike.zoneIds !== null;

/** The bikes whose marks change, with their new marks (each dated by the position that put it
 * there, or kept from before) and the commands their zones send. Bikes of fleets without
 * enforced zones lose their marks (and what their zones imposed is undone). */
export async function zoneMarkChanges(
  db: Queryable,
  bikes: BikeToPlace[],
  now: Date,
): Promise<ZoneChange[]> {
  if (!bikes.length) return [];
  const indexes = await zoneIndexes.of(db, [...new Set(bikes.map((bike) => bike.fleetId))]);
  const changed: ZoneChange[] = [];
  for (const bike of bikes) {
    const zones = indexes.get(bike.fleetId);
    if (!zones && !marked(bike)) continue;
    const marks = zones ? zones.marksAt(bike.longitude, bike.latitude, bike.status, now) : NO_MARKS;
    const was = {
      outside: time(bike.outsideServiceAreaSince),
      noRide: time(bike.noRideZoneSince),
      noParking: time(bike.noParkingSince),
    };
    const before = {
      outside: was.outside !== null,
      noRide: was.noRide !== null,
      noParking: was.noParking !== null,
    };
    // what the zones' automatic commands ask now, against what they imposed before
    const commands: ZoneCommand[] = [];
    const imposed = bike.zoneCommands ?? {};
    const next: ZoneCommands = {};
    if (marks.outside && !before.outside && marks.alarm)
      commands.push({ type: 'ALARM', value: true, zone: marks.alarm });
    if (marks.lock) {
      next.lock = imposed.lock ?? marks.lock;
      if (!imposed.lock) commands.push({ type: 'LOCK_CONTROL', value: true, zone: marks.lock });
    } else if (imposed.lock)
      commands.push({ type: 'LOCK_CONTROL', value: false, zone: imposed.lock });
    if (marks.speed) next.speed = marks.speed;
    if ((marks.speed?.kmh ?? null) !== (imposed.speed?.kmh ?? null)) {
      const by = marks.speed ?? imposed.speed!;
      commands.push({
        type: 'SPEED_LIMIT',
        value: String(marks.speed?.kmh ?? 0),
        zone: { id: by.id, name: by.name },
      });
    }
    const zoneCommands = next.lock || next.speed ? next : null;
    const sameCommands = JSON.stringify(zoneCommands) === JSON.stringify(bike.zoneCommands);
    const sameZones = (marks.zoneIds ?? []).join() === (bike.zoneIds ?? []).join();
    if (sameMarks(marks, before) && sameCommands && sameZones && !commands.length) continue;
    // since the position that put it there (the module's time), else now
    const since = time(bike.lastPositionDate) ?? now;
    changed.push({
      id: bike.id,
      fleetId: bike.fleetId,
      vehicleNumber: bike.vehicleNumber,
      outside: marks.outside ? (was.outside ?? since) : null,
      noRide: marks.noRide ? (was.noRide ?? since) : null,
      noParking: marks.noParking ? (was.noParking ?? since) : null,
      zoneCommands,
      zoneIds: marks.zoneIds,
      commands,
      marksChanged: !sameMarks(marks, before),
    });
  }
  return changed;
}

/** Writes the changes (marks, and what the zones imposed) and sends the zones' commands, in
 * the caller's transaction (the command outbox: delivered after its commit). */
export async function applyZoneChanges(
  tx: TxQuery,
  changes: ZoneChange[],
  now: Date,
  options: { locked?: boolean; fleetChanges?: FleetChanges } = {},
): Promise<void> {
  await updateZoneFlags(tx, changes, { locked: options.locked });
  const groups = new Map<string, { fleetId: string; command: ZoneCommand; bikes: ZoneChange[] }>();
  for (const change of changes)
    for (const command of change.commands) {
      const key = `${change.fleetId}|${command.type}|${command.value}|${command.zone.id}`;
      const group = groups.get(key) ?? { fleetId: change.fleetId, command, bikes: [] };
      group.bikes.push(change);
      groups.set(key, group);
    }
  if (!groups.size) return;
  const fleetChanges = options.fleetChanges ?? new FleetChanges();
  for (const { fleetId, command, bikes } of groups.values())
    await enqueueCommands(tx, {
      fleetId,
      bikes: bikes.map((bike) => ({ bikeId: bike.id, vehicleNumber: bike.vehicleNumber })),
      type: command.type,
      value: command.value,
      requestedBy: `${ZONE_REQUESTER_PREFIX}${command.zone.name}`,
      source: 'ZONE',
      zone: command.zone,
      now,
      changes: fleetChanges,
    });
  if (!options.fleetChanges) await fleetChanges.notify(tx);
}

const toPlace = (row: PlacedBike): BikeToPlace => ({
  id: row.id,
  fleetId: row.fleet_id,
  vehicleNumber: row.vehicle_number,
  latitude: row.latitude,
  longitude: row.longitude,
  lastPositionDate: row.last_position_date,
  status: row.status,
  outsideServiceAreaSince: row.outside_service_area_since,
  noRideZoneSince: row.no_ride_zone_since,
  noParkingSince: row.no_parking_since,
  zoneCommands: row.zone_commands,
  zoneIds: row.zone_ids,
});

/** Updates the zone marks of these bikes (null: every bike of `fleetIds`, or of every fleet);
 *  answers the bikes that changed. The
 *  bikes that change are locked and placed again from their locked rows: an ingest batch may
 *  have moved them (and sent their zones' commands) since the first read, and a command must
 *  not be sent twice for one crossing. */
export async function placeBikesInZones(
  tx: TxQuery,
  bikeIds: number[] | null,
  now: Date,
  fleetIds: string[] | null = null,
): Promise<ZoneChange[]> {
  const bikes = await selectPlacedBikes(tx, bikeIds, false, fleetIds);
  const seen = await zoneMarkChanges(tx, bikes.map(toPlace), now);
  if (!seen.length) return [];
  const locked = await selectPlacedBikes(
    tx,
    seen.map((change) => change.id),
    true,
  );
  const changes = await zoneMarkChanges(tx, locked.map(toPlace), now);
  await applyZoneChanges(tx, changes, now, { locked: true });
  return changes;
}

// POST / DELETE products/theft/{vn} (DESIGN §7). A report remembers availability and mode,
// takes the bike out of service, switches its module to PERMANENT (tracking, so it shows on
// the thefts map), clears a suspected theft and raises THEFT_DECLARED. A cancellation restores
// both and raises THEFT_CANCELLED. Both events carry source MANAGER and the user's e-mail.
import type { IotMode, TheftResult } from '@vfm/contract';
import type { TxQuery } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { conflict } from '../../lib/problem';
import { requireBike } from '../bikes/bike-lookup';
import { recordEvents } from '../events/queries';
import { toAvailability, toIotMode } from '../bikes/bike-view';
import { iso } from '../bikes/sql';
import { FleetChanges } from '../bikes/fleet-changes';
import type { RequestScope } from '../../plugins/request-scope';
import { enqueueCommands } from '../commands/command-service';
import { domainEvent } from '../../jobs/domain-events';
import { THEFT_COLUMNS, markTheftCancelled, markTheftReported, type TheftRow } from './queries';

const lockBike = (tx: TxQuery, fleetId: string, vehicleNumber: string) =>
  requireBike<TheftRow>(tx, fleetId, vehicleNumber, { lock: true, columns: THEFT_COLUMNS });

/** The MODE command to the bike's module, if it has one (DESIGN §7). */
async function switchMode(
  tx: TxQuery,
  principal: Principal,
  bike: TheftRow,
  mode: IotMode,
  now: Date,
): Promise<string | null> {
  if (!bike.module_id) return null;
  const [command] = await enqueueCommands(tx, {
    fleetId: principal.fleetId,
    bikes: [{ bikeId: bike.id, vehicleNumber: bike.vehicle_number }],
    type: 'MODE',
    value: mode,
    requestedBy: principal.email,
    now,
  });
  return command?.id ?? null;
}

async function recordTheftEvent(
  tx: TxQuery,
  principal: Principal,
  bike: TheftRow,
  name: 'THEFT_DECLARED' | 'THEFT_CANCELLED',
  data: Record<string, unknown>,
) {
  await recordEvents(tx, [
    {
      fleetId: principal.fleetId,
      bikeId: bike.id,
      vehicleNumber: bike.vehicle_number,
      type: 'PRODUCT',
      name,
      source: 'MANAGER',
      userEmail: principal.email,
      data,
    },
  ]);
}

function toResult(row: TheftRow, commandId: string | null): TheftResult {
  return {
    vehicleNumber: row.vehicle_number,
    theft: {
      state: row.theft_state === 'REPORTED' ? 'REPORTED' : 'NONE',
      since: iso(row.theft_since),
      by: row.theft_by,
    },
    availability: toAvailability(row.availability),
    commandId,
  };
}

/** One theft change in a transaction; its notice reaches the streams at commit (ADR 0020). */
async function changeTheft(
  scope: RequestScope,
  vehicleNumber: string,
  change: (tx: TxQuery, bike: TheftRow) => Promise<TheftResult>,
): Promise<TheftResult> {
  return scope.database.transaction(async (tx) => {
    const result = await change(tx, await lockBike(tx, scope.fleetId, vehicleNumber));
    await new FleetChanges().add(scope.fleetId, 'bike', 'warning', 'command', 'event').notify(tx);
    return result;
  });
}

export function reportTheft(scope: RequestScope, vehicleNumber: string): Promise<TheftResult> {
  const { principal, now } = scope;
  return changeTheft(scope, vehicleNumber, async (tx, bike) => {
    if (bike.theft_state === 'REPORTED') {
      throw conflict(`A theft of ${bike.vehicle_number} is already reported.`, 'THEFT_REPORTED');
    }
    const updated = await markTheftReported(tx, bike.id, now, principal.email);
    const ref = { fleetId: scope.fleetId, bikeId: bike.id, vehicleNumber: bike.vehicle_number };
    await scope.ctx.jobs.publish(tx, [
      ...(bike.theft_state === 'SUSPECTED' ? [domainEvent('theft.alarm-ended', ref)] : []),
      domainEvent('theft.reported', { ...ref, by: 'MANAGER' }),
    ]);
    const commandId = await switchMode(tx, principal, bike, 'PERMANENT', now);
    await recordTheftEvent(tx, principal, bike, 'THEFT_DECLARED', {
      previousAvailability: bike.availability,
      previousMode: bike.iot_mode,
      commandId,
    });
    return toResult(updated, commandId);
  });
}

export function cancelTheft(scope: RequestScope, vehicleNumber: string): Promise<TheftResult> {
  const { principal, now } = scope;
  return changeTheft(scope, vehicleNumber, async (tx, bike) => {
    if (bike.theft_state !== 'REPORTED') {
      throw conflict(`No theft of ${bike.vehicle_number} is reported.`, 'THEFT_NOT_REPORTED');
    }
    const updated = await markTheftCancelled(tx, bike.id);
    await scope.ctx.jobs.publish(tx, [
      domainEvent('theft.cancelled', {
        fleetId: scope.fleetId,
        bikeId: bike.id,
        vehicleNumber: bike.vehicle_number,
      }),
    ]);
    // back to the remembered mode; nothing to send when it was unknown or already PERMANENT
    const previousMode: IotMode | null = toIotMode(bike.theft_previous_mode);
    const commandId =
      previousMode && previousMode !== 'PERMANENT'
        ? await switchMode(tx, principal, bike, previousMode, now)
        : null;
    await recordTheftEvent(tx, principal, bike, 'THEFT_CANCELLED', {
      restoredAvailability: updated.availability,
      restoredMode: previousMode,
      commandId,
    });
    return toResult(updated, commandId);
  });
}

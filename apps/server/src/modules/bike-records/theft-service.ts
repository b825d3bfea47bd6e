// POST / DELETE products/theft/{vn} (DESIGN §7). A report remembers availability and mode,
// takes the bike out of service, switches its module to PERMANENT (tracking, so it shows on
// the thefts map), clears a suspected theft and raises THEFT_DECLARED. A cancellation restores
// both and raises THEFT_CANCELLED. Both events carry source MANAGER and the user's e-mail.
import type { IotMode, TheftResult } from '@vfm/contract';
import type { TxQuery } from '../../db/client';
import type { Principal } from '../../plugins/auth';
import { conflict } from '../../lib/problem';
import { requireBike } from '../bikes/bike-lookup';
import { fact, record, type Fact } from '../events/facts';
import { toAvailability, toIotMode } from '../bikes/bike-view';
import { iso } from '../../lib/iso';
import type { RequestScope } from '../../plugins/request-scope';
import { enqueueCommands } from '../commands/command-service';
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

/** One theft change in a transaction, recorded as its fact (ADR 0123); its notice reaches the
 *  streams at commit (ADR 0020). */
async function changeTheft(
  scope: RequestScope,
  vehicleNumber: string,
  change: (tx: TxQuery, bike: TheftRow) => Promise<{ result: TheftResult; fact: Fact }>,
): Promise<TheftResult> {
  return scope.database.transaction(async (tx) => {
    const { result, fact: happened } = await change(
      tx,
      await lockBike(tx, scope.fleetId, vehicleNumber),
    );
    await record(tx, scope.ctx.jobs, [happened]);
    return result;
  });
}

const refOf = (scope: RequestScope, bike: TheftRow) => ({
  fleetId: scope.fleetId,
  bikeId: bike.id,
  vehicleNumber: bike.vehicle_number,
});

export function reportTheft(scope: RequestScope, vehicleNumber: string): Promise<TheftResult> {
  const { principal, now } = scope;
  return changeTheft(scope, vehicleNumber, async (tx, bike) => {
    if (bike.theft_state === 'REPORTED') {
      throw conflict(`A theft of ${bike.vehicle_number} is already reported.`, 'THEFT_REPORTED');
    }
    const updated = await markTheftReported(tx, bike.id, now, principal.email);
    const commandId = await switchMode(tx, principal, bike, 'PERMANENT', now);
    return {
      result: toResult(updated, commandId),
      fact: fact('theft.declared', {
        bike: refOf(scope, bike),
        by: principal.email,
        endedAlarm: bike.theft_state === 'SUSPECTED',
        audit: { previousAvailability: bike.availability, previousMode: bike.iot_mode, commandId },
      }),
    };
  });
}

export function cancelTheft(scope: RequestScope, vehicleNumber: string): Promise<TheftResult> {
  const { principal, now } = scope;
  return changeTheft(scope, vehicleNumber, async (tx, bike) => {
    if (bike.theft_state !== 'REPORTED') {
      throw conflict(`No theft of ${bike.vehicle_number} is reported.`, 'THEFT_NOT_REPORTED');
    }
    const updated = await markTheftCancelled(tx, bike.id);
    // back to the remembered mode; nothing to send when it was unknown or already PERMANENT
    const previousMode: IotMode | null = toIotMode(bike.theft_previous_mode);
    const commandId =
      previousMode && previousMode !== 'PERMANENT'
        ? await switchMode(tx, principal, bike, previousMode, now)
        : null;
    return {
      result: toResult(updated, commandId),
      fact: fact('theft.cancelled', {
        bike: refOf(scope, bike),
        by: principal.email,
        audit: {
          restoredAvailability: updated.availability,
          restoredMode: previousMode,
          commandId,
        },
      }),
    };
  });
}

// The command calls of DESIGN §5: lock control, alarm, mode — to one bike or, all or nothing,
// to a list of bikes of the caller's fleet. The commands go through the outbox
// (command-service.ts) and are answered 202 PENDING; the module's ack settles them.
import type { CommandType, CommandsAccepted } from '@vfm/contract';
import { FleetChanges } from '../bikes/fleet-changes';
import { findFleetBikes } from '../bikes/bike-lookup';
import { HttpProblem } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import { enqueueCommands, toCommand } from './command-service';

export interface SendCommandsInput {
  vehicleNumbers: string[];
  type: CommandType;
  value: boolean | string;
}

export async function sendCommands(
  scope: RequestScope,
  input: SendCommandsInput,
): Promise<CommandsAccepted> {
  const { principal } = scope;
  return scope.database.transaction(async (tx) => {
    const bikes = await findFleetBikes(tx, principal.fleetId, input.vehicleNumbers, { lock: true });
    const withoutModule = bikes
      .filter((bike) => !bike.module_id)
      .map((bike) => bike.vehicle_number);
    if (withoutModule.length) {
      throw new HttpProblem(
        409,
        'NO_MODULE',
        'Conflict',
        `No IoT module is paired with ${withoutModule.slice(0, 20).join(', ')}`,
        { missing: withoutModule },
      );
    }
    const changes = new FleetChanges();
    const rows = await enqueueCommands(tx, {
      fleetId: principal.fleetId,
      bikes: bikes.map((bike) => ({ bikeId: bike.id, vehicleNumber: bike.vehicle_number })),
      type: input.type,
      value: input.value,
      requestedBy: principal.email,
      now: scope.now,
      changes,
    });
    await changes.notify(tx);
    return { commands: rows.map(toCommand) };
  });
}

// PUT products/availability (SPEC §4, DESIGN §5, §7): all or nothing. Every number must name a
// bike of the caller's fleet, else a 404 lists the missing ones and nothing changes. Each bike
// whose availability changes gets an AVAILABILITY_CHANGED audit event with the user's e-mail.
import type { Availability, AvailabilityResult } from '@vfm/contract';
import { findFleetBikes } from '../bikes/bike-lookup';
import { fact, record } from '../events/facts';
import { setBikesAvailability } from './queries';
import type { RequestScope } from '../../plugins/request-scope';

interface LockedBike {
  id: number;
  vehicle_number: string;
  availability: string;
}

export async function setAvailability(
  scope: RequestScope,
  vehicleNumbers: string[],
  availability: Availability,
): Promise<AvailabilityResult> {
  const { database, principal } = scope;
  const result = await database.transaction(async (tx) => {
    const bikes = await findFleetBikes<LockedBike>(tx, principal.fleetId, vehicleNumbers, {
      lock: true,
      columns: 'id, vehicle_number, availability',
    });

    const changed = bikes.filter((bike) => bike.availability !== availability);
    if (changed.length) {
      await setBikesAvailability(
        tx,
        changed.map((bike) => bike.id),
        availability,
      );
      await record(tx, scope.ctx.jobs, [
        fact('availability.changed', {
          fleetId: principal.fleetId,
          by: principal.email,
          availability,
          bikes: changed.map((bike) => ({
            id: bike.id,
            vehicleNumber: bike.vehicle_number,
            from: bike.availability,
          })),
        }),
      ]);
    }
    const changedSet = new Set(changed);
    return {
      availability,
      changed: changed.map((bike) => bike.vehicle_number),
      unchanged: bikes.filter((bike) => !changedSet.has(bike)).map((bike) => bike.vehicle_number),
    };
  });
  return result;
}

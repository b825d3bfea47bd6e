// PUT products/availability (SPEC §4, DESIGN §5, §7): all or nothing. Every number must name a
// bike of the caller's fleet, else a 404 lists the missing ones and nothing changes. Each bike
// whose availability changes gets an AVAILABILITY_CHANGED audit event with the user's e-mail.
import type { Availability, AvailabilityResult } from '@vfm/contract';
import { findFleetBikes } from '../bikes/bike-lookup';
import { recordEvents } from '../events/queries';
import { setBikesAvailability } from './queries';
import { FleetChanges } from '../bikes/fleet-changes';
import { domainEvent } from '../../jobs/domain-events';
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
      const ids = changed.map((bike) => bike.id);
      await setBikesAvailability(tx, ids, availability);
      await recordEvents(
        tx,
        changed.map((bike) => ({
          fleetId: principal.fleetId,
          bikeId: bike.id,
          vehicleNumber: bike.vehicle_number,
          type: 'OTHER',
          name: 'AVAILABILITY_CHANGED',
          source: 'MANAGER',
          userEmail: principal.email,
          data: { from: bike.availability, to: availability },
        })),
      );
    }
    // delivered at commit (never for a rolled-back change), ADR 0020
    if (changed.length) {
      await scope.ctx.jobs.publish(tx, [
        domainEvent('availability.changed', {
          fleetId: principal.fleetId,
          vehicleNumbers: changed.map((bike) => bike.vehicle_number),
          availability,
        }),
      ]);
      // last: it locks the fleet's change sequence until the commit (ADR 0082)
      await new FleetChanges().add(principal.fleetId, 'bike', 'event').notify(tx);
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

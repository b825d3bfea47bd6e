// PUT products/availability (SPEC §4, DESIGN §5, §7): all or nothing. Every number must name a
// bike of the caller's fleet, else a 404 lists the missing ones and nothing changes. Each bike
// whose availability changes gets an AVAILABILITY_CHANGED audit event with the user's e-mail.
import type { Availability, AvailabilityResult } from '@vfm/contract';
import { bikeNotFound } from '../bikes/bike-lookup';
import { FleetChanges } from '../../lib/fleet-changes';
import type { RequestScope } from '../bikes/request-scope';

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
  // duplicates (in any case) name the same bike once
  const wanted = new Map(vehicleNumbers.map((vn) => [vn.toLowerCase(), vn]));
  const result = await database.transaction(async (tx) => {
    // locked in id order so that concurrent bulk calls cannot deadlock
    const bikes = await tx.query<LockedBike>(
      `SELECT id, vehicle_number, availability FROM bike
        WHERE fleet_id = $1 AND lower(vehicle_number) = ANY($2::text[])
        ORDER BY id FOR UPDATE`,
      [principal.fleetId, [...wanted.keys()]],
    );
    const found = new Set(bikes.map((bike) => bike.vehicle_number.toLowerCase()));
    const missing = [...wanted].filter(([key]) => !found.has(key)).map(([, vn]) => vn);
    if (missing.length) throw bikeNotFound(missing);

    const changed = bikes.filter((bike) => bike.availability !== availability);
    if (changed.length) {
      const ids = changed.map((bike) => bike.id);
      // during a reported theft the manager's latest choice is also what the cancellation
      // restores (DESIGN §7 restores the remembered availability)
      await tx.query(
        `UPDATE bike SET availability = $2, updated_at = now(),
                theft_previous_availability = CASE WHEN theft_state = 'REPORTED'
                  THEN $2 ELSE theft_previous_availability END
          WHERE id = ANY($1::bigint[])`,
        [ids, availability],
      );
      await tx.query(
        `INSERT INTO event (fleet_id, bike_id, vehicle_number, type, name, source, user_email, data)
         SELECT $1, u.id, u.vn, 'OTHER', 'AVAILABILITY_CHANGED', 'MANAGER', $2,
                jsonb_build_object('from', u.previous, 'to', $3::text)
           FROM unnest($4::bigint[], $5::text[], $6::text[]) AS u(id, vn, previous)`,
        [
          principal.fleetId,
          principal.email,
          availability,
          ids,
          changed.map((bike) => bike.vehicle_number),
          changed.map((bike) => bike.availability),
        ],
      );
    }
    // delivered at commit (never for a rolled-back change), ADR 0020
    if (changed.length) await new FleetChanges().add(principal.fleetId, 'bike', 'event').notify(tx);
    const changedSet = new Set(changed);
    return {
      availability,
      changed: changed.map((bike) => bike.vehicle_number),
      unchanged: bikes.filter((bike) => !changedSet.has(bike)).map((bike) => bike.vehicle_number),
    };
  });
  return result;
}

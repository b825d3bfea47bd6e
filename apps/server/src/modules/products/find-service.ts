// GET products/find/{text} (DESIGN §5, SPEC §2 global search): frame no., IoT code or bike
// unique code, case-insensitive, at most 20. An exact match wins over partial ones so that a
// complete number leads to its bike even when it is the prefix of others. No match is a 404
// ("Bike or IoT not found", SPEC §8), like a bike of another fleet everywhere else.
import { FIND_RESULT_LIMIT, type FindResult } from '@vfm/contract';
import type { Database } from '../../db/client';
import { bikeNotFound } from '../bikes/bike-lookup';
import { containsPattern } from '../bikes/sql';

export async function findBikes(
  database: Database,
  fleetId: string,
  text: string,
): Promise<FindResult> {
  const exact = await database.query<{ vehicle_number: string }>(
    `SELECT vehicle_number FROM bike
      WHERE fleet_id = $1
        AND (lower(vehicle_number) = lower($2) OR lower(bike_code) = lower($2)
             OR module_id = upper($2))
      ORDER BY vehicle_number LIMIT $3`,
    [fleetId, text, FIND_RESULT_LIMIT],
  );
  if (exact.length) return { vehicleNumbers: exact.map((row) => row.vehicle_number) };
  const partial = await database.query<{ vehicle_number: string }>(
    `SELECT vehicle_number FROM bike
      WHERE fleet_id = $1
        AND (vehicle_number ILIKE $2 OR bike_code ILIKE $2 OR module_id ILIKE $2)
      ORDER BY vehicle_number LIMIT $3`,
    [fleetId, containsPattern(text), FIND_RESULT_LIMIT],
  );
  if (!partial.length) throw bikeNotFound([text]);
  return { vehicleNumbers: partial.map((row) => row.vehicle_number) };
}

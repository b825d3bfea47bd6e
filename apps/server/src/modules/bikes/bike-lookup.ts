// Finding a bike of the caller's fleet. A bike of another fleet is exactly as absent as a bike
// that does not exist (DESIGN §5: a 404, never visible).
import type { TxQuery } from '../../db/client';
import { notFound } from '../../lib/problem';

export interface BikeRef {
  id: number;
  vehicle_number: string;
}

type Queryable = Pick<TxQuery, 'query'>;

/** The bike's id and spelling, or a 404 problem naming the requested number. */
export async function requireBike(
  db: Queryable,
  fleetId: string,
  vehicleNumber: string,
): Promise<BikeRef> {
  const [bike] = await db.query<BikeRef>(
    `SELECT id, vehicle_number FROM bike
      WHERE fleet_id = $1 AND lower(vehicle_number) = lower($2)`,
    [fleetId, vehicleNumber],
  );
  if (!bike) throw bikeNotFound([vehicleNumber]);
  return bike;
}

export const bikeNotFound = (vehicleNumbers: string[]) =>
  notFound(
    vehicleNumbers.length === 1
      ? `No bike ${vehicleNumbers[0]} in your fleet.`
      : `No bikes ${vehicleNumbers.join(', ')} in your fleet.`,
    vehicleNumbers,
    'BIKE_NOT_FOUND',
  );

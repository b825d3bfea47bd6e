// Bulk calls name bikes by vehicle number (DESIGN §5): repeated or comma-separated, each of the
// frame pattern, at most BULK_LIMIT; all or nothing — an unknown number, or one of another
// fleet (never visible), is a 404 naming them.
import { vehicleNumberRegExp } from '@vfm/contract';
import type { TxQuery } from '../db/client';
import { badRequest, notFound } from './problem';

export interface FleetBike {
  id: number;
  vehicle_number: string;
  module_id: string | null;
}

/** The distinct vehicle numbers of a bulk query parameter, validated. */
export function parseVehicleNumbers(values: string[] | string, bulkLimit: number): string[] {
  const list = (Array.isArray(values) ? values : [values])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  const invalid = list.filter((value) => !vehicleNumberRegExp.test(value));
  if (invalid.length) {
    throw badRequest(
      `Invalid vehicle number(s): ${invalid.slice(0, 10).join(', ')}`,
      invalid
        .slice(0, 10)
        .map(() => ({ field: 'vehicleNumbers', message: 'has an invalid format' })),
    );
  }
  const unique = [...new Map(list.map((vn) => [vn.toLowerCase(), vn])).values()];
  if (!unique.length)
    throw badRequest('vehicleNumbers is empty', [
      { field: 'vehicleNumbers', message: 'is required' },
    ]);
  if (unique.length > bulkLimit) {
    throw badRequest(`At most ${bulkLimit} vehicle numbers per call (got ${unique.length}).`, [
      { field: 'vehicleNumbers', message: `must have at most ${bulkLimit} items` },
    ]);
  }
  return unique;
}

/** The bikes of the fleet with these numbers; 404 naming those that are not (DESIGN §5). */
export async function findFleetBikes(
  db: Pick<TxQuery, 'query'>,
  fleetId: string,
  vehicleNumbers: string[],
  lock = false,
): Promise<FleetBike[]> {
  const rows = await db.query<FleetBike>(
    `SELECT id, vehicle_number, module_id FROM bike
      WHERE fleet_id = $1 AND lower(vehicle_number) = ANY($2::text[])
      ORDER BY id ${lock ? 'FOR UPDATE' : ''}`,
    [fleetId, vehicleNumbers.map((vn) => vn.toLowerCase())],
  );
  const found = new Set(rows.map((row) => row.vehicle_number.toLowerCase()));
  const missing = vehicleNumbers.filter((vn) => !found.has(vn.toLowerCase()));
  if (missing.length) {
    throw notFound(
      `Unknown vehicle number(s): ${missing.slice(0, 20).join(', ')}`,
      missing,
      'BIKE_NOT_FOUND',
    );
  }
  return rows;
}

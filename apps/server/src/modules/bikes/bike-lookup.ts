// Finding bikes of the caller's fleet by vehicle number — the one lookup of every call that
// names bikes (DESIGN §5). A bike of another fleet is exactly as absent as a bike that does not
// exist: a 404 BIKE_NOT_FOUND naming the unknown numbers in `missing`, never visible. Bulk calls
// are all or nothing: one unknown number and nothing changes.
import { vehicleNumberRegExp } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { badRequest, notFound } from '../../lib/problem';
import { selectFleetBikes } from './queries/lookup';

export interface BikeRef {
  id: number;
  vehicle_number: string;
}

export interface FleetBike extends BikeRef {
  module_id: string | null;
}

export interface LookupOptions {
  /** lock the rows (`FOR UPDATE`, in id order so that concurrent bulk calls cannot deadlock) */
  lock?: boolean;
  /** the bike columns to read (a constant of the caller, never input); default the FleetBike ones */
  columns?: string;
}

const DEFAULT_COLUMNS = 'id, vehicle_number, module_id';

/** The problem of numbers that name no bike of the caller's fleet (at most 20 in the detail). */
export function bikeNotFound(vehicleNumbers: string[]) {
  const named = vehicleNumbers.slice(0, 20).join(', ') + (vehicleNumbers.length > 20 ? ', …' : '');
  return notFound(
    vehicleNumbers.length === 1
      ? `No bike ${named} in your fleet.`
      : `No bikes ${named} in your fleet.`,
    vehicleNumbers,
    'BIKE_NOT_FOUND',
  );
}

/** The distinct numbers (any case names one bike; the last spelling is kept), in order. */
const distinct = (vehicleNumbers: string[]) => [
  ...new Map(vehicleNumbers.map((vn) => [vn.toLowerCase(), vn])).values(),
];

/** The fleet's bikes with these numbers, in id order; a 404 naming those that are not. */
export async function findFleetBikes<Row extends BikeRef = FleetBike>(
  db: Queryable,
  fleetId: string,
  vehicleNumbers: string[],
  options: LookupOptions = {},
): Promise<Row[]> {
  const wanted = distinct(vehicleNumbers);
  const rows = await selectFleetBikes<Row>(
    db,
    fleetId,
    wanted.map((vn) => vn.toLowerCase()),
    options.columns ?? DEFAULT_COLUMNS,
    Boolean(options.lock),
  );
  const found = new Set(rows.map((row) => row.vehicle_number.toLowerCase()));
  const missing = wanted.filter((vn) => !found.has(vn.toLowerCase()));
  if (missing.length) throw bikeNotFound(missing);
  return rows;
}

/** One bike of the fleet (its id and spelling unless other columns are asked), or a 404. */
export async function requireBike<Row extends BikeRef = BikeRef>(
  db: Queryable,
  fleetId: string,
  vehicleNumber: string,
  options: LookupOptions = {},
): Promise<Row> {
  const [bike] = await findFleetBikes<Row>(db, fleetId, [vehicleNumber], {
    columns: 'id, vehicle_number',
    ...options,
  });
  return bike!;
}

/** The distinct vehicle numbers of a bulk query parameter, validated (DESIGN §5): repeated or
 * comma-separated, each of the frame pattern, at most `bulkLimit`. */
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
  const unique = distinct(list);
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

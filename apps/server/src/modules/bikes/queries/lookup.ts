// The bike lookup's read (bike-lookup.ts holds the rule: distinct numbers, 404 on the missing).
import type { Queryable } from '../../../db/client';

/** The fleet's bikes whose lower-cased number is listed, in id order, locked when asked.
 *  `columns` is a constant of the caller, never input. */
export async function selectFleetBikes<Row>(
  db: Queryable,
  fleetId: string,
  lowerNumbers: string[],
  columns: string,
  lock: boolean,
): Promise<Row[]> {
  return db.query<Row>(
    `SELECT ${columns} FROM bike
      WHERE fleet_id = $1 AND lower(vehicle_number) = ANY($2::text[])
      ORDER BY id ${lock ? 'FOR UPDATE' : ''}`,
    [fleetId, lowerNumbers],
  );
}

// The alerts' acknowledgement from a command's screen (acknowledge-alert.ts): the fleet's
// event locked, the bike's alerts acknowledged, a suspected theft ended.
import type { Queryable } from '../../../db/client';

export interface AlertRow {
  id: number;
  bike_id: number | null;
  vehicle_number: string | null;
  name: string;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
}

/** An event of the fleet, locked for the acknowledgement. */
export async function lockFleetEvent(
  db: Queryable,
  fleetId: string,
  eventId: number,
): Promise<AlertRow | undefined> {
  const [event] = await db.query<AlertRow>(
    `SELECT id, bike_id, vehicle_number, name, acknowledged_at, acknowledged_by
       FROM event WHERE id = $1 AND fleet_id = $2 FOR UPDATE`,
    [eventId, fleetId],
  );
  return event;
}

interface Acknowledgement {
  at: Date;
  email: string;
}

/** Every open alert of the bike is acknowledged with the one the manager chose. */
export async function acknowledgeBikeAlerts(
  db: Queryable,
  fleetId: string,
  bikeId: number,
  names: string[],
  by: Acknowledgement,
): Promise<void> {
  await db.query(
    `UPDATE event SET acknowledged_at = $3, acknowledged_by = $4
      WHERE bike_id = $1 AND fleet_id = $2 AND name = ANY($5::text[]) AND acknowledged_at IS NULL`,
    [bikeId, fleetId, by.at, by.email, names],
  );
}

export async function acknowledgeEvent(
  db: Queryable,
  eventId: number,
  by: Acknowledgement,
): Promise<void> {
  await db.query('UPDATE event SET acknowledged_at = $2, acknowledged_by = $3 WHERE id = $1', [
    eventId,
    by.at,
    by.email,
  ]);
}

/** DESIGN §7: an acknowledged alert ends the bike's suspected theft (a reported one stays). */
export async function endSuspectedTheft(db: Queryable, bikeId: number): Promise<void> {
  await db.query(
    `UPDATE bike SET suspected_theft_since = NULL,
            theft_state = CASE WHEN theft_state = 'SUSPECTED' THEN 'NONE' ELSE theft_state END,
            theft_since = CASE WHEN theft_state = 'SUSPECTED' THEN NULL ELSE theft_since END,
            theft_by = CASE WHEN theft_state = 'SUSPECTED' THEN NULL ELSE theft_by END,
            updated_at = now()
      WHERE id = $1`,
    [bikeId],
  );
}

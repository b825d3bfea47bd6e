// POST commands/ack/{id} (DESIGN §5, §7): the manager acknowledges an alert — the module's
// ALARM_TRIGGERED event — which ends the bike's SUSPECTED_THEFT warning. All open alarms of
// that bike are acknowledged with it; acknowledging twice changes nothing.
import type { AlertAcknowledged } from '@vfm/contract';
import type { Database } from '../../db/client';
import { FleetChanges } from '../bikes/fleet-changes';
import { HttpProblem, notFound } from '../../lib/problem';
import type { Principal } from '../../plugins/auth';

export const ALERT_EVENT_NAMES = ['ALARM_TRIGGERED'];

interface AlertRow {
  id: number;
  bike_id: number | null;
  vehicle_number: string | null;
  name: string;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
}

export async function acknowledgeAlert(
  database: Database,
  input: { principal: Principal; eventId: number; now: Date },
): Promise<AlertAcknowledged> {
  const { principal, eventId, now } = input;
  return database.transaction(async (tx) => {
    const [event] = await tx.query<AlertRow>(
      `SELECT id, bike_id, vehicle_number, name, acknowledged_at, acknowledged_by
         FROM event WHERE id = $1 AND fleet_id = $2 FOR UPDATE`,
      [eventId, principal.fleetId],
    );
    if (!event)
      throw notFound(`No event ${eventId} in your fleet.`, [String(eventId)], 'EVENT_NOT_FOUND');
    if (!ALERT_EVENT_NAMES.includes(event.name)) {
      throw new HttpProblem(
        409,
        'NOT_AN_ALERT',
        'Conflict',
        `Event ${eventId} (${event.name}) is not an alert.`,
      );
    }
    if (event.acknowledged_at) {
      return view(event, event.acknowledged_at, event.acknowledged_by ?? principal.email);
    }
    if (event.bike_id !== null) {
      await tx.query(
        `UPDATE event SET acknowledged_at = $3, acknowledged_by = $4
          WHERE bike_id = $1 AND fleet_id = $2 AND name = ANY($5::text[]) AND acknowledged_at IS NULL`,
        [event.bike_id, principal.fleetId, now, principal.email, ALERT_EVENT_NAMES],
      );
      await tx.query(
        `UPDATE bike SET suspected_theft_since = NULL,
                theft_state = CASE WHEN theft_state = 'SUSPECTED' THEN 'NONE' ELSE theft_state END,
                theft_since = CASE WHEN theft_state = 'SUSPECTED' THEN NULL ELSE theft_since END,
                theft_by = CASE WHEN theft_state = 'SUSPECTED' THEN NULL ELSE theft_by END,
                updated_at = now()
          WHERE id = $1`,
        [event.bike_id],
      );
    } else {
      await tx.query('UPDATE event SET acknowledged_at = $2, acknowledged_by = $3 WHERE id = $1', [
        event.id,
        now,
        principal.email,
      ]);
    }
    await new FleetChanges().add(principal.fleetId, 'bike', 'warning', 'event').notify(tx);
    return view(event, now, principal.email);
  });
}

const view = (event: AlertRow, at: Date, by: string): AlertAcknowledged => ({
  id: event.id,
  vehicleNumber: event.vehicle_number,
  acknowledgedAt: at.toISOString(),
  acknowledgedBy: by,
});

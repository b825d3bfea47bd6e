// POST commands/ack/{id} (DESIGN §5, §7): the manager acknowledges an alert — the module's
// ALARM_TRIGGERED event — which ends the bike's SUSPECTED_THEFT warning. All open alarms of
// that bike are acknowledged with it; acknowledging twice changes nothing.
import type { AlertAcknowledged } from '@vfm/contract';
import { FleetChanges } from '../bikes/fleet-changes';
import { HttpProblem, notFound } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import * as q from './queries/acknowledgements';
import { domainEvent } from '../../jobs/domain-events';

export const ALERT_EVENT_NAMES = ['ALARM_TRIGGERED'];

export async function acknowledgeAlert(
  scope: RequestScope,
  eventId: number,
): Promise<AlertAcknowledged> {
  const { principal, now } = scope;
  return scope.database.transaction(async (tx) => {
    const event = await q.lockFleetEvent(tx, principal.fleetId, eventId);
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
    const by = { at: now, email: principal.email };
    if (event.bike_id !== null) {
      await q.acknowledgeBikeAlerts(tx, principal.fleetId, event.bike_id, ALERT_EVENT_NAMES, by);
      await q.endSuspectedTheft(tx, event.bike_id);
      await scope.ctx.jobs.publish(tx, [
        domainEvent('theft.alarm-ended', {
          fleetId: principal.fleetId,
          bikeId: event.bike_id,
          vehicleNumber: event.vehicle_number ?? '',
        }),
      ]);
    } else {
      await q.acknowledgeEvent(tx, event.id, by);
    }
    await new FleetChanges().add(principal.fleetId, 'bike', 'warning', 'event').notify(tx);
    return view(event, now, principal.email);
  });
}

const view = (event: q.AlertRow, at: Date, by: string): AlertAcknowledged => ({
  id: event.id,
  vehicleNumber: event.vehicle_number,
  acknowledgedAt: at.toISOString(),
  acknowledgedBy: by,
});

// The domain events of a bike's derivation (ADR 0081): what started or ended
// between the state the batch loaded and the state it writes — a theft alarm, a theft
// reported or cancelled, a low battery and its end (with derive.ts's hysteresis), a silent
// module that talks again. Pure comparisons, no SQL: the ingest's hot path pays nothing when
// nothing changes, and one insert per batch when something did.
import type { BikeState, FleetSettings } from './derive';
import { domainEvent, type BikeRef, type DomainEvent } from '../jobs/domain-events';

export function warningEvents(
  before: BikeState,
  after: BikeState,
  settings: FleetSettings,
  now: Date,
): DomainEvent[] {
  const bike: BikeRef = {
    fleetId: after.fleetId,
    bikeId: after.id,
    vehicleNumber: after.vehicleNumber,
  };
  const events: DomainEvent[] = [];
  if (before.theftState !== after.theftState) {
    if (before.theftState === 'SUSPECTED') events.push(domainEvent('theft.alarm-ended', bike));
    if (before.theftState === 'REPORTED') events.push(domainEvent('theft.cancelled', bike));
    if (after.theftState === 'SUSPECTED') events.push(domainEvent('theft.alarm', bike));
    if (after.theftState === 'REPORTED')
      events.push(domainEvent('theft.reported', { ...bike, by: 'RIDER' }));
  }
  const batteries = [
    [
      'VEHICLE',
      before.lowVehicleBatterySince,
      after.lowVehicleBatterySince,
      after.bikeBatteryLevel,
    ],
    ['MODULE', before.lowModuleBatterySince, after.lowModuleBatterySince, after.iotBatteryLevel],
  ] as const;
  for (const [battery, was, is, level] of batteries) {
    if (Boolean(was) === Boolean(is)) continue;
    events.push(
      domainEvent(is ? 'battery.low' : 'battery.ok', { ...bike, battery, level: level ?? 0 }),
    );
  }
  if (silent(before, settings, now) && !silent(after, settings, now))
    events.push(domainEvent('module.back', bike));
  return events;
}

/**
 * DESIGN §7: no message for longer than the fleet's threshold (ADR 0023's condition). A module
 * that never spoke is not "back" when it first does (its grace period runs from the bike's
 * creation, which the sweep reads; the sweep also clears its alert, within a minute).
 */
function silent(state: BikeState, settings: FleetSettings, now: Date): boolean {
  const last = state.lastCommunicationDate;
  return !!last && now.getTime() - last.getTime() > settings.lackOfCommunicationHours * 3_600_000;
}

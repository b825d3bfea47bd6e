// THE mapping of VFM states and events to MDS 2.0 vehicle states and event types (docs/open-data.md,
// docs/open-data.md "MDS: states and events" — the table there is this file in words). Every
// pair is allowed by the micromobility mode's event definition of MDS 2.0.

export type MdsVehicleState =
  'removed' | 'available' | 'non_operational' | 'on_trip' | 'non_contactable' | 'missing';

export interface MdsStateChange {
  vehicle_state: MdsVehicleState;
  event_types: string[];
}

/** What the current state of a bike is in MDS (vehicles/status, last_event). */
export interface BikeStateForMds {
  availability: string;
  status: string;
  theft_state: string;
  assistance_locked: boolean;
  bike_battery_level: number | null;
  /** the module was silent longer than the fleet's lackOfCommunicationHours */
  silent: boolean;
  low_battery_percent: number;
}

/** The first rule that holds, in this order. */
export function stateOfBike(bike: BikeStateForMds): MdsStateChange {
  if (bike.theft_state === 'REPORTED') return change('missing', 'not_located');
  if (bike.silent) return change('non_contactable', 'comms_lost');
  if (bike.status === 'MOVING') return change('on_trip', 'trip_start');
  if (bike.availability === 'OUT') return change('removed', 'maintenance_pick_up');
  if (bike.availability === 'TRANSIT') return change('removed', 'rebalance_pick_up');
  if (bike.availability === 'IN_OPERATION') return change('non_operational', 'maintenance');
  if (bike.theft_state === 'SUSPECTED') return change('non_operational', 'unspecified');
  if (bike.assistance_locked) return change('non_operational', 'system_suspend');
  if (bike.bike_battery_level !== null && bike.bike_battery_level <= bike.low_battery_percent) {
    return change('non_operational', 'battery_low');
  }
  return change('available', 'located');
}

/** Trips (derived by VFM from telemetry) give two events each. */
export const TRIP_START: MdsStateChange = change('on_trip', 'trip_start');
export const TRIP_END: MdsStateChange = change('available', 'trip_end');

/** Events of VFM's event table that are state changes in MDS; any other name is not published. */
export function stateChangeOfEvent(name: string, data: unknown): MdsStateChange | null {
  switch (name) {
    case 'THEFT_DECLARED':
      return change('missing', 'not_located');
    case 'THEFT_CANCELLED':
      return change('available', 'located');
    case 'ASSISTANCE_LOCKED':
      return change('non_operational', 'system_suspend');
    case 'ASSISTANCE_UNLOCKED':
      return change('available', 'system_resume');
    case 'AVAILABILITY_CHANGED':
      return availabilityChange(data);
    default:
      return null;
  }
}

/** the names stateChangeOfEvent publishes, for the SQL filter */
export const MDS_EVENT_NAMES = [
  'THEFT_DECLARED',
  'THEFT_CANCELLED',
  'ASSISTANCE_LOCKED',
  'ASSISTANCE_UNLOCKED',
  'AVAILABILITY_CHANGED',
];

/** Alerts (ADR 0081) that are state changes in MDS: opened, and cleared because the condition
 *  ended (a manual clear says nothing of the bike). */
export const MDS_ALERT_KINDS = ['LACK_MODULE_COMM', 'LOW_VEHICLE_BATTERY'];

export function stateChangeOfAlert(
  kind: string,
  moment: 'opened' | 'cleared',
): MdsStateChange | null {
  if (kind === 'LACK_MODULE_COMM') {
    return moment === 'opened'
      ? change('non_contactable', 'comms_lost')
      : change('available', 'comms_restored');
  }
  if (kind === 'LOW_VEHICLE_BATTERY') {
    return moment === 'opened'
      ? change('non_operational', 'battery_low')
      : change('available', 'battery_charged');
  }
  return null;
}

function availabilityChange(data: unknown): MdsStateChange | null {
  const to =
    data && typeof data === 'object' && 'to' in data ? (data as { to: unknown }).to : undefined;
  switch (to) {
    case 'AVAILABLE':
      return change('available', 'provider_drop_off');
    case 'IN_OPERATION':
      return change('non_operational', 'maintenance');
    case 'TRANSIT':
      return change('removed', 'rebalance_pick_up');
    case 'OUT':
      return change('removed', 'maintenance_pick_up');
    default:
      return null;
  }
}

function change(vehicle_state: MdsVehicleState, eventType: string): MdsStateChange {
  return { vehicle_state, event_types: [eventType] };
}

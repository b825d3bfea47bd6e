// One place to publish and subscribe to domain events (ADR 0081). Whoever causes
// an event publishes it inside its own transaction (`jobs.publish(tx, events)`): one job per
// subscriber is stored with the cause, so an event is never lost with a crash nor sent for a
// rolled-back change, and every subscriber runs as a job in a worker, never in the
// publisher's transaction. A subscriber is a queue whose module's manifest says what it `hears`
// (ADR 0123); a cause records facts (modules/events/facts.ts), which publish these events.
import type { AlertKind, Availability, CommandType, ZoneCapKind } from '@vfm/contract';

/** The bike an event is about. */
export interface BikeRef {
  fleetId: string;
  bikeId: number;
  vehicleNumber: string;
}

export interface DomainEventData {
  /** the module's alarm fired: a suspected theft (DESIGN §7) */
  'theft.alarm': BikeRef;
  /** the suspected theft ended: acknowledged, or reported */
  'theft.alarm-ended': BikeRef;
  'theft.reported': BikeRef & { by: 'MANAGER' | 'RIDER' };
  'theft.cancelled': BikeRef;
  /** a battery at or below its fleet threshold (ADR 0081: back above it + 5 points ends it) */
  'battery.low': BikeRef & { battery: 'VEHICLE' | 'MODULE'; level: number };
  'battery.ok': BikeRef & { battery: 'VEHICLE' | 'MODULE'; level: number };
  /** no message for longer than the fleet's lack-of-communication threshold */
  'module.silent': BikeRef;
  /** a silent module talked again */
  'module.back': BikeRef;
  /** the ingest placed a bike among its fleet's zones and one of its zone marks changed
   * (outside the service area, in a no-ride zone, parked in a no-parking zone: docs/zones.md) */
  'bike.zones-changed': BikeRef;
  /** a rule began or stopped firing for a bike (ADR 0126): the alerts reconcile it */
  'rule.firing-changed': BikeRef;
  'command.acknowledged': BikeRef & { commandId: string; type: CommandType };
  'command.failed': BikeRef & { commandId: string; type: CommandType };
  'command.expired': BikeRef & { commandId: string; type: CommandType };
  'bikes.imported': { fleetId: string; vehicleNumbers: string[] };
  'bikes.removed': { fleetId: string; vehicleNumbers: string[] };
  'availability.changed': { fleetId: string; vehicleNumbers: string[]; availability: Availability };
  'alert.opened': BikeRef & { alertId: string; kind: AlertKind };
  'alert.acknowledged': BikeRef & { alertId: string; kind: AlertKind; by: string };
  'alert.assigned': BikeRef & { alertId: string; kind: AlertKind; assigneeId: string | null };
  'alert.cleared': BikeRef & { alertId: string; kind: AlertKind; by: string | null };
  /** a zone's permit cap crossed for ZONE_CAP_GRACE_MINUTES: an alert of the zone opened
   *  (ADR 0104) */
  'zone.cap-crossed': ZoneCapRef;
  /** the zone's parked bikes are back within its cap: its alert cleared */
  'zone.cap-ended': ZoneCapRef;
  /** a fleet's tasks made, taken, assigned, closed or reopened (the history's action): the
   *  technicians' routes are planned again (ADR 0136) */
  'tasks.changed': { fleetId: string; action: string };
  /** zones of a fleet drawn, changed or deleted (docs/zones.md): its bikes are placed again */
  'zone.changed': { fleetId: string; zoneIds: string[] };
}

/** The zone alert an event is about. */
export interface ZoneCapRef {
  fleetId: string;
  zoneAlertId: string;
  zoneId: string;
  zoneName: string;
  kind: ZoneCapKind;
  cap: number;
  /** the parked bikes counted */
  parked: number;
}

export type DomainEventName = keyof DomainEventData;

export type DomainEvent = {
  [E in DomainEventName]: { name: E; data: DomainEventData[E] };
}[DomainEventName];

/** A job of a subscriber: the event it was published for. */
export type EventJobData = DomainEvent & { publishedAt: string };

/** An event about one bike, typed by its name. */
export const domainEvent = <E extends DomainEventName>(name: E, data: DomainEventData[E]) =>
  ({ name, data }) as DomainEvent;

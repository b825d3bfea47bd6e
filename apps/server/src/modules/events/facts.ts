// One fact, recorded once (ADR 0123): a cause says what happened — `record(tx, jobs, fact)` —
// and the table below says what that fact is for everyone else: its rows of the audit trail
// (the `event` table), its domain events (the jobs home's subscribers: jobs/domain-events.ts)
// and the kinds of the fleet's live notice (the stream: bikes/fleet-changes.ts). A cause writes
// none of the three itself; a new fact is one entry of FactData and one line of FACTS.
import type { AlertKind, Availability } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import {
  domainEvent,
  type BikeRef,
  type DomainEvent,
  type ZoneCapRef,
} from '../../jobs/domain-events';
import type { Jobs } from '../../jobs/job-queue';
import { FleetChanges, type FleetChangeKind } from '../bikes/fleet-changes';
import { recordEvents, type EventRecord } from './queries';

/** Who acted: a user of the fleet (MANAGER), or nobody (the system: null). */
type Actor = string | null;
interface AlertRef extends BikeRef {
  alertId: string;
  kind: AlertKind;
}

export interface FactData {
  /** PUT products/availability: the bikes whose availability changed, with the one before */
  'availability.changed': {
    fleetId: string;
    by: string;
    availability: Availability;
    bikes: Array<{ id: number; vehicleNumber: string; from: string }>;
  };
  /** a manager declared a theft; `endedAlarm`: the bike was a suspected theft */
  'theft.declared': {
    bike: BikeRef;
    by: string;
    endedAlarm: boolean;
    audit: Record<string, unknown>;
  };
  'theft.cancelled': { bike: BikeRef; by: string; audit: Record<string, unknown> };
  /** an administrator removed bikes (DESIGN §7: their modules unpaired in the audit trail) */
  'bikes.removed': {
    fleetId: string;
    by: string;
    at: Date;
    bikes: Array<{ vehicleNumber: string; moduleId: string | null }>;
  };
  /** zones drawn, changed or deleted (docs/zones.md): the zones module places the bikes again */
  'zone.changed': {
    fleetId: string;
    by: string;
    action: 'ZONE_CREATED' | 'ZONE_UPDATED' | 'ZONE_DELETED';
    zones: Array<{ id: string; name: string; type: string }>;
    at: Date;
  };
  /** a zone's permit cap crossed for its grace: its alert opened (ADR 0104); back within it */
  'zone.cap-crossed': ZoneCapRef;
  'zone.cap-ended': ZoneCapRef;
  /** an administrator stored a quarantined module message again, or cleared it (ADR 0080) */
  'quarantine.stored': QuarantineFact & { outcome: unknown };
  'quarantine.cleared': QuarantineFact;
  /** the alerts' reconciliation opened or cleared these (nobody acted) */
  'alert.opened': AlertRef;
  'alert.cleared': AlertRef & { by: Actor };
  'alert.acknowledged': AlertRef & { by: string };
  'alert.assigned': AlertRef & { assigneeId: string | null };
}

interface QuarantineFact {
  fleetId: string;
  by: string;
  at: Date;
  message: { vehicleNumber: string | null; moduleId: string; kind: string; reason: string };
}

export type FactName = keyof FactData;
export type Fact = { [F in FactName]: { fact: F; data: FactData[F] } }[FactName];

/** What a fact is for the others. */
interface Consequences {
  audit?: EventRecord[];
  events?: DomainEvent[];
  /** the fleet told, and what of it changed */
  live?: { fleetId: string; kinds: FleetChangeKind[] };
}

const bikeRef = ({ fleetId, bikeId, vehicleNumber }: BikeRef): BikeRef => ({
  fleetId,
  bikeId,
  vehicleNumber,
});

const FACTS: { [F in FactName]: (data: FactData[F]) => Consequences } = {
  'availability.changed': ({ fleetId, by, availability, bikes }) => ({
    audit: bikes.map((bike) => ({
      fleetId,
      bikeId: bike.id,
      vehicleNumber: bike.vehicleNumber,
      type: 'OTHER',
      name: 'AVAILABILITY_CHANGED',
      source: 'MANAGER',
      userEmail: by,
      data: { from: bike.from, to: availability },
    })),
    events: [
      domainEvent('availability.changed', {
        fleetId,
        vehicleNumbers: bikes.map((bike) => bike.vehicleNumber),
        availability,
      }),
    ],
    live: { fleetId, kinds: ['bike', 'event'] },
  }),
  'theft.declared': ({ bike, by, endedAlarm, audit }) => ({
    audit: [theftRow(bike, by, 'THEFT_DECLARED', audit)],
    events: [
      ...(endedAlarm ? [domainEvent('theft.alarm-ended', bikeRef(bike))] : []),
      domainEvent('theft.reported', { ...bikeRef(bike), by: 'MANAGER' }),
    ],
    live: { fleetId: bike.fleetId, kinds: ['bike', 'warning', 'command', 'event'] },
  }),
  'theft.cancelled': ({ bike, by, audit }) => ({
    audit: [theftRow(bike, by, 'THEFT_CANCELLED', audit)],
    events: [domainEvent('theft.cancelled', bikeRef(bike))],
    live: { fleetId: bike.fleetId, kinds: ['bike', 'warning', 'command', 'event'] },
  }),
  'bikes.removed': ({ fleetId, by, at, bikes }) => ({
    audit: bikes.map((bike) => ({
      fleetId,
      bikeId: null,
      vehicleNumber: bike.vehicleNumber,
      type: 'OTHER',
      name: 'UNPAIRED',
      source: 'MANAGER',
      userEmail: by,
      data: { moduleId: bike.moduleId, action: 'REMOVED' },
      occurredAt: at,
    })),
    events: bikes.length
      ? [
          domainEvent('bikes.removed', {
            fleetId,
            vehicleNumbers: bikes.map((bike) => bike.vehicleNumber),
          }),
        ]
      : [],
    // the bikes' tasks went with them: the task lists count again
    live: { fleetId, kinds: ['bike', 'warning', 'event', 'task'] },
  }),
  'zone.changed': ({ fleetId, by, action, zones, at }) => ({
    audit: zones.map((zone) => ({
      fleetId,
      bikeId: null,
      type: 'OTHER',
      name: action,
      source: 'MANAGER',
      userEmail: by,
      data: { id: zone.id, name: zone.name, type: zone.type },
      occurredAt: at,
    })),
    events: [domainEvent('zone.changed', { fleetId, zoneIds: zones.map((zone) => zone.id) })],
    // the fleet's open maps and zone lists read the zones again (the stream's `zones`)
    live: { fleetId, kinds: ['zone', 'event'] },
  }),
  'zone.cap-crossed': (cap) => ({
    events: [domainEvent('zone.cap-crossed', cap)],
    live: { fleetId: cap.fleetId, kinds: ['zone'] },
  }),
  'zone.cap-ended': (cap) => ({
    events: [domainEvent('zone.cap-ended', cap)],
    live: { fleetId: cap.fleetId, kinds: ['zone'] },
  }),
  'quarantine.stored': ({ outcome, ...stored }) => ({
    audit: [quarantineRow(stored, 'QUARANTINE_STORED', { outcome })],
    // the fleet's other administrators' screens follow
    live: { fleetId: stored.fleetId, kinds: ['quarantine', 'event'] },
  }),
  'quarantine.cleared': (cleared) => ({
    audit: [quarantineRow(cleared, 'QUARANTINE_CLEARED', {})],
    live: { fleetId: cleared.fleetId, kinds: ['quarantine', 'event'] },
  }),
  'alert.opened': (alert) => ({
    events: [domainEvent('alert.opened', alert)],
    live: { fleetId: alert.fleetId, kinds: ['alert'] },
  }),
  'alert.cleared': (alert) => ({
    events: [domainEvent('alert.cleared', alert)],
    live: { fleetId: alert.fleetId, kinds: ['alert'] },
  }),
  'alert.acknowledged': (alert) => ({
    events: [domainEvent('alert.acknowledged', alert)],
    live: { fleetId: alert.fleetId, kinds: ['alert'] },
  }),
  'alert.assigned': (alert) => ({
    events: [domainEvent('alert.assigned', alert)],
    live: { fleetId: alert.fleetId, kinds: ['alert'] },
  }),
};

function theftRow(bike: BikeRef, by: string, name: string, data: Record<string, unknown>) {
  return {
    fleetId: bike.fleetId,
    bikeId: bike.bikeId,
    vehicleNumber: bike.vehicleNumber,
    type: 'PRODUCT',
    name,
    source: 'MANAGER',
    userEmail: by,
    data,
  } satisfies EventRecord;
}

/** The activity log's entry (admin-only reading): who did what to which module's message. No
 *  bike id: it is the administration's, not the bike's history. */
function quarantineRow(of: QuarantineFact, name: string, extra: Record<string, unknown>) {
  const { vehicleNumber, moduleId, kind, reason } = of.message;
  return {
    fleetId: of.fleetId,
    bikeId: null,
    vehicleNumber,
    type: 'OTHER',
    name,
    source: 'MANAGER',
    userEmail: of.by,
    data: { moduleId, kind, reason, ...extra },
    occurredAt: of.at,
  } satisfies EventRecord;
}

/** A fact, typed by its name. */
export const fact = <F extends FactName>(name: F, data: FactData[F]) =>
  ({ fact: name, data }) as Fact;

/** What these facts are for the others, gathered (one statement of each kind). */
export function consequencesOf(facts: readonly Fact[]) {
  const audit: EventRecord[] = [];
  const events: DomainEvent[] = [];
  const live = new FleetChanges();
  for (const { fact: name, data } of facts) {
    const of = (FACTS[name] as (data: FactData[FactName]) => Consequences)(data);
    audit.push(...(of.audit ?? []));
    events.push(...(of.events ?? []));
    if (of.live) live.add(of.live.fleetId, ...of.live.kinds);
  }
  return { audit, events, live };
}

/**
 * Records facts in the cause's transaction: their audit rows, their domain events (delivered
 * at commit, never for a rolled-back change) and, last, the fleets' live notices — the notice
 * locks each fleet's change sequence until the commit (ADR 0082). `live` gathers the other
 * kinds the cause changed (the ingest's bikes, the commands it sent) into the same notice.
 */
export async function record(
  tx: Queryable,
  jobs: Pick<Jobs, 'publish'>,
  facts: readonly Fact[],
  live?: FleetChanges,
): Promise<void> {
  if (!facts.length && !live?.size) return;
  const of = consequencesOf(facts);
  await recordEvents(tx, of.audit);
  if (of.events.length) await jobs.publish(tx, of.events);
  if (live) for (const notice of of.live.notices()) live.add(notice.fleetId, ...notice.kinds);
  await (live ?? of.live).notify(tx);
}

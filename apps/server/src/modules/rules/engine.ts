// Running the rules over observations of bikes (ADR 0126): the live batch, the sweep and the dry
// run share this — which rules watch a bike (scope), how a bike looks to them (view), one bike's
// observations through one rule (memory in, memory out, the occurrences that began).
import type { RuleScope } from '@vfm/contract';
import {
  evaluateRule,
  worthKeeping,
  type BikeView,
  type EvaluableRule,
  type MessageRef,
  type Observation,
  type RuleMemory,
} from './evaluate';

export interface ScopedBike {
  groupId: string | null;
  model: string;
}

export function inScope(scope: RuleScope, bike: ScopedBike): boolean {
  if (scope.groupIds.length && !(bike.groupId && scope.groupIds.includes(bike.groupId)))
    return false;
  return !scope.models.length || scope.models.includes(bike.model);
}

/** What a bike's place and tasks are (read once per batch). */
export interface BikePlace {
  availability?: string;
  outsideServiceArea: boolean;
  inNoRideZone: boolean;
  inNoParkingZone: boolean;
  zoneIds: string[];
  openTaskKinds: string[];
}

/** The bike as a rule sees it after a message (its derived state) or at a sweep. */
/** The columns of a bike's state a rule reads (the ingest's BikeState has them; the sweep reads
 *  them from the row). */
export interface ViewedState {
  availability: string;
  status: string;
  assistanceLocked: boolean;
  latitude: number | null;
  longitude: number | null;
  bikeBatteryLevel: number | null;
  iotBatteryLevel: number | null;
  odometerKm: number | null;
  batteryStateOfHealth: number | null;
  batteryChargeCycles: number | null;
  batteryPlugged: boolean;
  lastCommunicationDate: Date | null;
}

export function viewOf(
  state: ViewedState,
  place: BikePlace,
  externalPower: boolean | null,
): BikeView {
  return {
    availability: state.availability,
    moving: state.status === 'MOVING',
    assistanceLocked: state.assistanceLocked,
    latitude: state.latitude,
    longitude: state.longitude,
    bikeBattery: state.bikeBatteryLevel,
    iotBattery: state.iotBatteryLevel,
    odometerKm: state.odometerKm,
    batterySoh: state.batteryStateOfHealth,
    batteryCycles: state.batteryChargeCycles,
    batteryPlugged: state.batteryPlugged,
    externalPower,
    lastCommunicationDate: state.lastCommunicationDate,
    outsideServiceArea: place.outsideServiceArea,
    inNoRideZone: place.inNoRideZone,
    inNoParkingZone: place.inNoParkingZone,
    zoneIds: place.zoneIds,
    openTaskKinds: place.openTaskKinds,
  };
}

export interface Outcome {
  /** null: nothing to remember (no row) */
  memory: RuleMemory | null;
  firingSince: Date | null;
  refs: MessageRef[];
  /** when an occurrence began within these observations (its actions run once) */
  startedAt: Date | null;
  /** whether firing changed (began, ended or moved to a new occurrence) */
  changed: boolean;
  /** whether memory or firing changed: the row is written */
  dirty: boolean;
}

/**
 * One bike's observations through one rule. An occurrence that began within them and already
 * ended still fires until the next observation (the sweep's minute at most): the batch writes one
 * state, and the alert must not be lost between two messages of the same batch.
 */
export function runObservations(
  rule: EvaluableRule,
  before: { memory: RuleMemory; firingSince: Date | null } | null,
  observations: Observation[],
): Outcome {
  let memory: RuleMemory = before?.memory ?? {};
  let firingSince: Date | null = before?.firingSince ?? null;
  let startedAt: Date | null = null;
  let refs: MessageRef[] = [];
  for (const obs of observations) {
    const result = evaluateRule(rule, memory, obs);
    memory = result.memory;
    firingSince = result.firingSince;
    if (result.started) {
      startedAt = obs.at;
      refs = result.refs;
    }
    if (result.firingSince) refs = result.refs.length ? result.refs : refs;
  }
  if (startedAt && !firingSince) {
    firingSince = startedAt;
    memory = { ...memory, firingSince: startedAt.toISOString() };
  }
  const keep = worthKeeping(memory) || firingSince !== null;
  const changed = (before?.firingSince?.getTime() ?? null) !== (firingSince?.getTime() ?? null);
  const dirty =
    changed ||
    (keep ? JSON.stringify(memory) !== JSON.stringify(before?.memory ?? null) : before !== null);
  return { memory: keep ? memory : null, firingSince, refs, startedAt, changed, dirty };
}

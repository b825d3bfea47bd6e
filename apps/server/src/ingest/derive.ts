// What the module messages of one batch do to a bike (DESIGN §7): the current state moves only
// forward in time, trips come from MOVING ↔ PARKED, low-battery warnings follow the fleet
// thresholds, the alarm raises a suspected theft, a rider's declaration reports a theft.
// Pure: batch-writer.ts loads the rows, calls deriveBike() and writes the result.
import { BATTERY_HYSTERESIS_PERCENT, type IotMode, type TelemetryMessage } from '@vfm/contract';
import type { FleetChangeKind } from '../modules/bikes/fleet-changes';
import type { BikeState } from '../modules/bikes/bike-state';
import type { DerivationInput } from '../modules/manifest/ingest-steps';

export type { BikeState };

/** Below this speed a bike is PARKED (GPS noise of a standing bike stays under it). */
export const MOVING_SPEED_KMH = 3;
/** Range of a full, healthy battery, for the autonomy estimate (autonomyKm). */
export const NOMINAL_RANGE_KM = 80;
/** Shorter trips than both of these are GPS noise, not trips. */
const MIN_TRIP_KM = 0.05;
const MIN_TRIP_MINUTES = 1;

export interface FleetSettings {
  lowVehicleBatteryPercent: number;
  lowModuleBatteryPercent: number;
  lackOfCommunicationHours: number;
  co2KgPerKm: number;
}

/** One stored (not duplicate) message of the batch, in the shape derivation needs. */
/** One input of a bike's derivation (its type is the modules' step view's). */
export type BikeInput = DerivationInput;

export interface DerivedTrip {
  startedAt: Date;
  endedAt: Date;
  distanceKm: number;
  durationMinutes: number;
  startLatitude: number | null;
  startLongitude: number | null;
  endLatitude: number | null;
  endLongitude: number | null;
}

export interface DerivedCommand {
  type: 'MODE';
  value: IotMode;
  requestedBy: string;
}

export interface Derivation {
  state: BikeState;
  trips: DerivedTrip[];
  /** commands the messages call for (a rider's theft declaration switches to PERMANENT) */
  commands: DerivedCommand[];
  kinds: Set<FleetChangeKind>;
}

const isNewer = (state: BikeState, ts: Date, seq: number) =>
  !state.stateTs ||
  ts.getTime() > state.stateTs.getTime() ||
  (ts.getTime() === state.stateTs.getTime() && seq > (state.stateSeq ?? -1));

/** Great-circle distance in km. */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The warnings a bike shows, as a comparable key (LACK_MODULE_COMM evaluated at `now`). */
function warningKey(state: BikeState, settings: FleetSettings, now: Date): string {
  const silent =
    !state.lastCommunicationDate ||
    now.getTime() - state.lastCommunicationDate.getTime() >
      settings.lackOfCommunicationHours * 3_600_000;
  return [
    state.theftState,
    Boolean(state.suspectedTheftSince),
    Boolean(state.lowVehicleBatterySince),
    Boolean(state.lowModuleBatterySince),
    silent,
  ].join('|');
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

export function deriveBike(
  current: BikeState,
  inputs: BikeInput[],
  settings: FleetSettings,
  now: Date,
): Derivation {
  const state: BikeState = { ...current };
  const trips: DerivedTrip[] = [];
  const commands: DerivedCommand[] = [];
  const kinds = new Set<FleetChangeKind>();
  const warningsBefore = warningKey(current, settings, now);
  const ordered = [...inputs].sort((a, b) => a.ts.getTime() - b.ts.getTime() || a.seq - b.seq);

  for (const input of ordered) {
    if (!state.lastCommunicationDate || input.ts > state.lastCommunicationDate) {
      state.lastCommunicationDate = input.ts;
    }
    kinds.add('bike');
    switch (input.kind) {
      case 'telemetry':
        // DESIGN §6: older positions are kept in history but never move the current state back
        if (isNewer(state, input.ts, input.seq)) {
          applyTelemetry(state, input.telemetry, input.ts, settings, trips);
          state.stateTs = input.ts;
          state.stateSeq = input.seq;
        }
        break;
      case 'ack':
        kinds.add('command');
        if (input.ok) applyCommandedState(state, input.type, input.value);
        break;
      case 'event':
        kinds.add('event');
        applyEvent(state, input, commands);
        break;
      case 'autotest':
        kinds.add('event');
        break;
    }
  }
  if (warningKey(state, settings, now) !== warningsBefore) kinds.add('warning');
  return { state, trips, commands, kinds };
}

function applyTelemetry(
  state: BikeState,
  t: TelemetryMessage,
  ts: Date,
  settings: FleetSettings,
  trips: DerivedTrip[],
) {
  const hasPosition = t.lat !== undefined && t.lon !== undefined;
  const moving =
    t.speedKmh !== undefined ? t.speedKmh >= MOVING_SPEED_KMH : state.status === 'MOVING';

  // trips (DESIGN §7): MOVING starts one, PARKED ends it
  if (moving && state.status !== 'MOVING') {
    // the ride began where the bike stood: last known odometer and position
    state.status = 'MOVING';
    state.tripStartedAt = ts;
    state.tripStartOdometerKm = state.odometerKm ?? t.odometerKm ?? null;
    state.tripStartLatitude = state.latitude ?? t.lat ?? null;
    state.tripStartLongitude = state.longitude ?? t.lon ?? null;
    state.tripDistanceKm = 0;
  }
  if (
    state.status === 'MOVING' &&
    hasPosition &&
    state.latitude !== null &&
    state.longitude !== null
  ) {
    state.tripDistanceKm =
      (state.tripDistanceKm ?? 0) + haversineKm(state.latitude, state.longitude, t.lat!, t.lon!);
  }
  if (!moving && state.status === 'MOVING') endTrip(state, t, ts, trips);

  if (hasPosition) {
    state.latitude = t.lat!;
    state.longitude = t.lon!;
    state.lastPositionDate = ts;
  }
  if (t.mode !== undefined) state.iotMode = t.mode;
  if (t.assistanceLocked !== undefined) state.assistanceLocked = t.assistanceLocked;
  if (t.alarmActive !== undefined) state.alarmActive = t.alarmActive;
  if (t.batteryPlugged !== undefined) state.batteryPlugged = t.batteryPlugged;
  if (t.firmware !== undefined) state.firmwareVersion = t.firmware;
  if (t.hardware !== undefined) state.hardwareVersion = t.hardware;
  if (t.batterySoh !== undefined) state.batteryStateOfHealth = t.batterySoh;
  if (t.batteryCycles !== undefined) state.batteryChargeCycles = t.batteryCycles;
  if (t.batteryNumber !== undefined) {
    if (state.batteryNumber !== null && state.batteryNumber !== t.batteryNumber) {
      state.lastBatteryChangeDate = ts;
    }
    state.batteryNumber = t.batteryNumber;
  }
  if (t.odometerKm !== undefined) {
    state.odometerKm = t.odometerKm;
    // the odometer is the authority on distance when the module has one
    state.totalKm = round(t.odometerKm);
    state.co2AvoidedKg = round(t.odometerKm * settings.co2KgPerKm);
  }
  if (t.bikeBattery !== undefined) {
    state.bikeBatteryLevel = t.bikeBattery;
    const soh = (state.batteryStateOfHealth ?? 100) / 100;
    state.autonomyKm = round((t.bikeBattery / 100) * NOMINAL_RANGE_KM * soh, 1);
    // DESIGN §7: LOW_VEHICLE_BATTERY at or below the fleet threshold, since the first such report
    state.lowVehicleBatterySince = lowBatterySince(
      t.bikeBattery,
      settings.lowVehicleBatteryPercent,
      state.lowVehicleBatterySince,
      ts,
    );
  }
  if (t.iotBattery !== undefined) {
    state.iotBatteryLevel = t.iotBattery;
    state.lowModuleBatterySince = lowBatterySince(
      t.iotBattery,
      settings.lowModuleBatteryPercent,
      state.lowModuleBatterySince,
      ts,
    );
  }
}

/**
 * The start of a low battery (ADR 0081): set at or below the threshold, kept until the level
 * is back above it by BATTERY_HYSTERESIS_PERCENT, so that a battery hovering at the threshold
 * does not open and clear its alert on every report. (The warning itself stays level ≤
 * threshold, DESIGN §7; this is when it began and whether its alert is open.)
 */
export function lowBatterySince(
  level: number,
  threshold: number,
  since: Date | null,
  ts: Date,
): Date | null {
  if (level <= threshold) return since ?? ts;
  return level > threshold + BATTERY_HYSTERESIS_PERCENT ? null : since;
}

function endTrip(state: BikeState, t: TelemetryMessage, ts: Date, trips: DerivedTrip[]) {
  const startedAt = state.tripStartedAt;
  const odometerKm = t.odometerKm ?? state.odometerKm;
  const byOdometer =
    odometerKm !== null && state.tripStartOdometerKm !== null
      ? odometerKm - state.tripStartOdometerKm
      : null;
  const distanceKm = round(
    byOdometer !== null && byOdometer >= 0 ? byOdometer : (state.tripDistanceKm ?? 0),
  );
  if (startedAt) {
    const durationMinutes = round((ts.getTime() - startedAt.getTime()) / 60_000, 2);
    if (distanceKm >= MIN_TRIP_KM || durationMinutes >= MIN_TRIP_MINUTES) {
      trips.push({
        startedAt,
        endedAt: ts,
        distanceKm,
        durationMinutes,
        startLatitude: state.tripStartLatitude,
        startLongitude: state.tripStartLongitude,
        endLatitude: t.lat ?? state.latitude,
        endLongitude: t.lon ?? state.longitude,
      });
      state.lastTripKm = distanceKm;
    }
  }
  state.status = 'PARKED';
  state.tripStartedAt = null;
  state.tripStartOdometerKm = null;
  state.tripStartLatitude = null;
  state.tripStartLongitude = null;
  state.tripDistanceKm = null;
}

/** DESIGN §6: on an OK ack the bike shows the commanded state (telemetry confirms it later). */
function applyCommandedState(state: BikeState, type: string, value: string) {
  if (type === 'LOCK_CONTROL') state.assistanceLocked = value === 'true';
  else if (type === 'ALARM') state.alarmActive = value === 'true';
  else if (type === 'MODE') state.iotMode = value;
}

function applyEvent(
  state: BikeState,
  event: Extract<BikeInput, { kind: 'event' }>,
  commands: DerivedCommand[],
) {
  const current = isNewer(state, event.ts, event.seq);
  switch (event.name) {
    case 'ALARM_TRIGGERED':
      // DESIGN §7: SUSPECTED_THEFT until acknowledged (POST commands/ack/{id}) or reported
      if (state.theftState !== 'REPORTED') {
        state.suspectedTheftSince ??= event.ts;
        if (state.theftState === 'NONE') {
          state.theftState = 'SUSPECTED';
          state.theftSince = event.ts;
          state.theftBy = 'MODULE';
        }
      }
      break;
    case 'THEFT_DECLARED':
      if (event.source === 'RIDER' && state.theftState !== 'REPORTED') {
        reportTheftByRider(state, event.ts, commands);
      }
      break;
    case 'THEFT_CANCELLED':
      if (event.source === 'RIDER' && state.theftState === 'REPORTED') {
        cancelTheftByRider(state, commands);
      }
      break;
    // the module reports changes made on the bike itself (keypad, auto-lock)
    case 'ALARM_ON':
    case 'ALARM_OFF':
      if (current) state.alarmActive = event.name === 'ALARM_ON';
      break;
    case 'ASSISTANCE_LOCKED':
    case 'AUTO_LOCK':
    case 'ASSISTANCE_UNLOCKED':
      if (current) state.assistanceLocked = event.name !== 'ASSISTANCE_UNLOCKED';
      break;
  }
}

/**
 * DESIGN §7: a rider's declaration does what a manager's theft report does — remember
 * availability and mode, take the bike out of service, switch the module to PERMANENT so the
 * bike can be followed on the thefts map.
 */
function reportTheftByRider(state: BikeState, ts: Date, commands: DerivedCommand[]) {
  state.theftPreviousAvailability = state.availability;
  state.theftPreviousMode = state.iotMode;
  state.availability = 'OUT';
  state.theftState = 'REPORTED';
  state.theftSince = ts;
  state.theftBy = 'RIDER';
  state.suspectedTheftSince = null;
  if (state.iotMode !== 'PERMANENT') {
    commands.push({ type: 'MODE', value: 'PERMANENT', requestedBy: 'RIDER' });
  }
}

function cancelTheftByRider(state: BikeState, commands: DerivedCommand[]) {
  const previousMode = state.theftPreviousMode as IotMode | null;
  state.availability = state.theftPreviousAvailability ?? state.availability;
  state.theftState = 'NONE';
  state.theftSince = null;
  state.theftBy = null;
  state.theftPreviousAvailability = null;
  state.theftPreviousMode = null;
  if (previousMode && previousMode !== 'PERMANENT') {
    commands.push({ type: 'MODE', value: previousMode, requestedBy: 'RIDER' });
  }
}

import { describe, expect, it } from 'vitest';
import type { TelemetryMessage } from '@vfm/contract';
import { warningEvents } from './warning-events';
import {
  deriveBike,
  haversineKm,
  type BikeInput,
  type BikeState,
  type FleetSettings,
} from './derive';

const settings: FleetSettings = {
  lowVehicleBatteryPercent: 20,
  lowModuleBatteryPercent: 20,
  lackOfCommunicationHours: 168,
  co2KgPerKm: 0.12,
};
const NOW = new Date('2026-11-21T12:00:00Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

function bike(overrides: Partial<BikeState> = {}): BikeState {
  return {
    id: 1,
    fleetId: 'f',
    vehicleNumber: 'VN1',
    availability: 'AVAILABLE',
    status: 'PARKED',
    iotMode: 'STANDBY',
    assistanceLocked: false,
    alarmActive: false,
    batteryPlugged: false,
    firmwareVersion: null,
    hardwareVersion: null,
    lastCommunicationDate: null,
    lastPositionDate: null,
    latitude: null,
    longitude: null,
    iotBatteryLevel: null,
    bikeBatteryLevel: null,
    batteryStateOfHealth: null,
    batteryChargeCycles: null,
    batteryNumber: null,
    lastBatteryChangeDate: null,
    odometerKm: null,
    totalKm: 0,
    autonomyKm: null,
    lastTripKm: null,
    co2AvoidedKg: 0,
    theftState: 'NONE',
    theftSince: null,
    theftBy: null,
    theftPreviousAvailability: null,
    theftPreviousMode: null,
    suspectedTheftSince: null,
    lowVehicleBatterySince: null,
    lowModuleBatterySince: null,
    stateSeq: null,
    stateTs: null,
    tripStartedAt: null,
    tripStartOdometerKm: null,
    tripStartLatitude: null,
    tripStartLongitude: null,
    tripDistanceKm: null,
    ...overrides,
  };
}

/** What the ingest derives from `inputs`, with the fleet's settings, at NOW. */
const derive = (state: BikeState, inputs: BikeInput[]) => deriveBike(state, inputs, settings, NOW);

let seq = 0;
const t = (minutes: number, fields: Partial<TelemetryMessage> = {}): BikeInput => {
  seq += 1;
  const ts = at(minutes);
  return { kind: 'telemetry', seq, ts, telemetry: { seq, ts: ts.toISOString(), ...fields } };
};
const event = (minutes: number, name: string, source = 'MODULE'): BikeInput => {
  seq += 1;
  return { kind: 'event', seq, ts: at(minutes), name, source };
};

describe('deriveBike', () => {
  it('applies telemetry in time order whatever the arrival order', () => {
    const { state } = derive(bike(), [t(2, { lat: 2, lon: 2 }), t(1, { lat: 1, lon: 1 })]);
    expect(state.latitude).toBe(2);
    expect(state.lastPositionDate).toEqual(at(2));
    const later = derive(state, [t(0, { lat: 0, lon: 0, bikeBattery: 5 })]);
    expect(later.state.latitude).toBe(2);
    expect(later.state.bikeBatteryLevel).toBeNull();
    expect(later.state.lastCommunicationDate).toEqual(at(2));
  });

  it('makes a trip of MOVING → PARKED, by odometer when there is one', () => {
    const { state, trips } = derive(bike(), [
      t(0, { speedKmh: 0, odometerKm: 10, lat: 45, lon: 4 }),
      t(1, { speedKmh: 20, odometerKm: 10.2, lat: 45.001, lon: 4 }),
      t(16, { speedKmh: 0, odometerKm: 15, lat: 45.04, lon: 4 }),
    ]);
    expect(trips).toEqual([
      expect.objectContaining({
        startedAt: at(1),
        endedAt: at(16),
        distanceKm: 5,
        durationMinutes: 15,
        startLatitude: 45,
      }),
    ]);
    expect(state).toMatchObject({
      status: 'PARKED',
      lastTripKm: 5,
      totalKm: 15,
      tripStartedAt: null,
    });
    expect(state.co2AvoidedKg).toBeCloseTo(1.8, 6);
  });

  it('measures the ride along the positions without an odometer, and ignores GPS noise', () => {
    const { trips } = derive(bike({ latitude: 45, longitude: 4 }), [
      t(1, { speedKmh: 15, lat: 45.01, lon: 4 }),
      t(5, { speedKmh: 15, lat: 45.02, lon: 4 }),
      t(9, { speedKmh: 0, lat: 45.02, lon: 4.01 }),
    ]);
    const expected = haversineKm(45, 4, 45.02, 4) + haversineKm(45.02, 4, 45.02, 4.01);
    expect(trips[0]!.distanceKm).toBeCloseTo(expected, 3);
    const noise = derive(bike({ latitude: 45, longitude: 4 }), [
      t(1, { speedKmh: 4 }),
      t(1.2, { speedKmh: 0 }),
    ]);
    expect(noise.trips).toEqual([]);
  });

  it('raises low-battery warnings at the threshold, keeps their start, clears them 5 points above', () => {
    const low = derive(bike(), [
      t(1, { bikeBattery: 20, iotBattery: 21 }),
      t(2, { bikeBattery: 10 }),
    ]);
    expect(low.state.lowVehicleBatterySince).toEqual(at(1));
    expect(low.state.lowModuleBatterySince).toBeNull();
    expect(low.kinds.has('warning')).toBe(true);
    // hovering just above the threshold: the same low battery, no flapping (ADR 0081)
    const hovering = derive(low.state, [
      t(3, { bikeBattery: 21 }),
      t(4, { bikeBattery: 19 }),
      t(5, { bikeBattery: 25 }),
    ]);
    expect(hovering.state.lowVehicleBatterySince).toEqual(at(1));
    const ok = derive(hovering.state, [t(6, { bikeBattery: 26 })]);
    expect(ok.state.lowVehicleBatterySince).toBeNull();
  });

  it('names the warnings that start and end as domain events (ADR 0081)', () => {
    const before = bike();
    const low = derive(before, [t(1, { bikeBattery: 10, iotBattery: 5 })]);
    expect(warningEvents(before, low.state, settings, NOW).map((e) => e.name)).toEqual([
      'battery.low',
      'battery.low',
    ]);
    const ok = derive(low.state, [t(2, { bikeBattery: 90, iotBattery: 90 })]);
    const ended = warningEvents(low.state, ok.state, settings, NOW);
    expect(ended.map((e) => e.name)).toEqual(['battery.ok', 'battery.ok']);
    expect(ended[0]!.data).toMatchObject({ battery: 'VEHICLE', level: 90, bikeId: before.id });
  });

  it('shows the commanded state on an OK ack and nothing on an ERROR', () => {
    const ack = (ok: boolean, type: string, value: string): BikeInput => ({
      kind: 'ack',
      seq: ++seq,
      ts: at(1),
      ok,
      type,
      value,
    });
    const { state, kinds } = derive(bike(), [
      ack(true, 'LOCK_CONTROL', 'true'),
      ack(true, 'MODE', 'PERMANENT'),
      ack(false, 'ALARM', 'true'),
    ]);
    expect(state).toMatchObject({
      assistanceLocked: true,
      iotMode: 'PERMANENT',
      alarmActive: false,
    });
    expect(kinds.has('command')).toBe(true);
  });

  it('suspects a theft on ALARM_TRIGGERED, but not over a reported one', () => {
    const { state } = derive(bike(), [event(1, 'ALARM_TRIGGERED'), event(2, 'ALARM_TRIGGERED')]);
    expect(state).toMatchObject({
      theftState: 'SUSPECTED',
      theftBy: 'MODULE',
      suspectedTheftSince: at(1),
    });
    const reported = derive(bike({ theftState: 'REPORTED' }), [event(1, 'ALARM_TRIGGERED')]);
    expect(reported.state).toMatchObject({ theftState: 'REPORTED', suspectedTheftSince: null });
  });

  it("reports a rider's theft like a manager's and restores on cancellation", () => {
    const declared = derive(bike({ availability: 'IN_OPERATION', iotMode: 'STANDBY' }), [
      event(1, 'THEFT_DECLARED', 'RIDER'),
    ]);
    expect(declared.state).toMatchObject({
      theftState: 'REPORTED',
      availability: 'OUT',
      theftBy: 'RIDER',
      theftPreviousMode: 'STANDBY',
    });
    expect(declared.commands).toEqual([{ type: 'MODE', value: 'PERMANENT', requestedBy: 'RIDER' }]);
    const moduleSaid = derive(bike(), [event(1, 'THEFT_DECLARED', 'MODULE')]);
    expect(moduleSaid.state.theftState).toBe('NONE');
    const cancelled = derive({ ...declared.state, iotMode: 'PERMANENT' }, [
      event(2, 'THEFT_CANCELLED', 'RIDER'),
    ]);
    expect(cancelled.state).toMatchObject({
      theftState: 'NONE',
      availability: 'IN_OPERATION',
      theftSince: null,
    });
    expect(cancelled.commands).toEqual([{ type: 'MODE', value: 'STANDBY', requestedBy: 'RIDER' }]);
  });

  it('counts the end of a lack of communication as a warning change', () => {
    const silent = bike({ lastCommunicationDate: new Date(NOW.getTime() - 8 * 86_400_000) });
    expect(derive(silent, [t(0)]).kinds.has('warning')).toBe(true);
    const fresh = bike({ lastCommunicationDate: at(-5) });
    expect(derive(fresh, [t(0)]).kinds.has('warning')).toBe(false);
  });
});

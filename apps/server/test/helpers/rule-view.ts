// A bike as the rules see it (modules/rules/view.ts), parked and well, for the rules' unit tests:
// each test changes what it is about.
import type { BikeView } from '../../src/modules/rules/evaluate';

/** a Monday, 10:00 UTC */
export const T0 = new Date('2026-03-02T10:00:00Z');
export const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

export const VIEW: BikeView = {
  availability: 'AVAILABLE',
  moving: false,
  assistanceLocked: false,
  latitude: 48.85,
  longitude: 2.35,
  bikeBattery: 60,
  iotBattery: 80,
  odometerKm: 100,
  batterySoh: 95,
  batteryCycles: 10,
  batteryPlugged: true,
  externalPower: true,
  lastCommunicationDate: T0,
  outsideServiceArea: false,
  inNoRideZone: false,
  inNoParkingZone: false,
  zoneIds: [],
  openTaskKinds: [],
};

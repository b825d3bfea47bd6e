// A bike's current state as the ingest derives it (ingest/derive.ts) and saves it: the bike row's
// columns the module messages move. The modules' ingest steps (modules/manifest/ingest-steps.ts) read it.
export interface BikeState {
  id: number;
  fleetId: string;
  vehicleNumber: string;
  availability: string;
  status: 'PARKED' | 'MOVING';
  iotMode: string | null;
  assistanceLocked: boolean;
  alarmActive: boolean;
  batteryPlugged: boolean;
  firmwareVersion: string | null;
  hardwareVersion: string | null;
  lastCommunicationDate: Date | null;
  lastPositionDate: Date | null;
  latitude: number | null;
  longitude: number | null;
  iotBatteryLevel: number | null;
  bikeBatteryLevel: number | null;
  batteryStateOfHealth: number | null;
  batteryChargeCycles: number | null;
  batteryNumber: string | null;
  lastBatteryChangeDate: Date | null;
  odometerKm: number | null;
  totalKm: number;
  autonomyKm: number | null;
  lastTripKm: number | null;
  co2AvoidedKg: number;
  theftState: 'NONE' | 'SUSPECTED' | 'REPORTED';
  theftSince: Date | null;
  theftBy: string | null;
  theftPreviousAvailability: string | null;
  theftPreviousMode: string | null;
  suspectedTheftSince: Date | null;
  lowVehicleBatterySince: Date | null;
  lowModuleBatterySince: Date | null;
  stateSeq: number | null;
  stateTs: Date | null;
  tripStartedAt: Date | null;
  tripStartOdometerKm: number | null;
  tripStartLatitude: number | null;
  tripStartLongitude: number | null;
  tripDistanceKm: number | null;
}

/** What a bike's zones imposed by their automatic commands (docs/zones.md). */
export interface ZoneCommands {
  lock?: { id: string; name: string };
  speed?: { id: string; name: string; kmh: number };
}

/** A bike's zone marks (the bike row's columns the zones' placement writes), as the ingest loads
 *  them before a batch. */
export interface ZoneMarks {
  outsideServiceAreaSince: Date | null;
  noRideZoneSince: Date | null;
  noParkingSince: Date | null;
  zoneCommands: ZoneCommands | null;
  zoneIds: string[] | null;
}

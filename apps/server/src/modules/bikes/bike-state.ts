// A bike's current state as the ingest derives it (ingest/derive.ts) and saves it: the bike row's
// columns the module messages move. The modules' ingest steps (modules/ingest-steps.ts) read it.
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

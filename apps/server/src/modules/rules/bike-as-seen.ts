// A bike as the rules see it at one instant (ADR 0126): what the one evaluation (evaluate.ts)
// tests and what a bike's trail (trail.ts) folds — the live batch, the sweep and the dry run
// build it alike (view.ts, engine.ts).
/** A bike as a rule sees it at one instant. */
export interface BikeView {
  availability: string;
  moving: boolean;
  assistanceLocked: boolean;
  latitude: number | null;
  longitude: number | null;
  bikeBattery: number | null;
  iotBattery: number | null;
  odometerKm: number | null;
  batterySoh: number | null;
  batteryCycles: number | null;
  batteryPlugged: boolean;
  /** null: the module does not say (docs/mqtt.md `externalPower`) */
  externalPower: boolean | null;
  lastCommunicationDate: Date | null;
  outsideServiceArea: boolean;
  inNoRideZone: boolean;
  inNoParkingZone: boolean;
  /** the zones the bike stands in by its last position (docs/zones.md) */
  zoneIds: readonly string[];
  /** the kinds of the bike's open tasks */
  openTaskKinds: string[];
}

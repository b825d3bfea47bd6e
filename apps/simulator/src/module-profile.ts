// What a simulated module is before it runs (./module.ts runs it): how it starts, how its bike is
// used, its firmware fixed by its id, whether it ever reports, and the self-diagnosis it sends.
import type { AutotestResult, IotMode, UpKind } from '@vfm/contract';
import { HOURLY_PROFILE, type Point } from './city';
import { between, hashString, type Rng } from './random';

export interface ModuleInit {
  moduleId: string;
  position?: Point;
  odometerKm?: number;
  bikeBattery?: number;
  iotBattery?: number;
  /** the mode the module is set to (STANDBY = automatic: NAVIGATION while moving) */
  mode?: IotMode;
  assistanceLocked?: boolean;
  alarmActive?: boolean;
  batteryNumber?: string;
  batterySoh?: number;
  batteryCycles?: number;
  /** a module that never reports (default: about 1 in 100, by its id) */
  silent?: boolean;
}

export interface BehaviourOptions {
  tripsPerDay: number;
  /** fixed telemetry interval (load generation, `--rate`); null = by mode (DESIGN §6) */
  reportIntervalSeconds: number | null;
  /** a thief moving a parked bike: the alarm fires if it is armed or locked */
  theftAttemptsPerDay: number;
  /** a rider declaring the bike stolen (THEFT_DECLARED, source RIDER) */
  theftDeclarationsPerDay: number;
  /** someone at a parked bike: power cut, battery taken or swapped, a van (tamper.ts) */
  tamperingsPerDay: number;
  ackErrorRate: number;
}

export const DEFAULT_BEHAVIOUR: BehaviourOptions = {
  tripsPerDay: 4,
  reportIntervalSeconds: null,
  theftAttemptsPerDay: 1 / 150,
  theftDeclarationsPerDay: 1 / 1500,
  tamperingsPerDay: 1 / 60,
  ackErrorRate: 0.02,
};

export interface OutMessage {
  kind: UpKind;
  body: Record<string, unknown> & { seq: number; ts: string };
}

/** About 1 module in 100 is silent (broken or unplugged): LACK_MODULE_COMM in the demo. */
export const isSilentModule = (moduleId: string) => hashString(moduleId) % 100 === 7;

export const FIRMWARES = ['2.4.1', '2.4.3', '2.5.0'];
/**
 * The firmware a module runs, fixed by its id (ADR 0102): the demo's history writes the
 * same version the live module then reports, so a bike's versions do not change on screen.
 */
export const firmwareOf = (moduleId: string) =>
  FIRMWARES[hashString(`firmware:${moduleId}`) % FIRMWARES.length]!;

/** A self-diagnosis report: mostly OK, now and then a failing part. */
export function autotestResults(rng: Rng, bikeBattery: number): AutotestResult[] {
  const status = (): AutotestResult['status'] => (rng() < 0.03 ? 'KO' : 'OK');
  return [
    { code: 'GPS', status: status(), value: Math.round(between(rng, 5, 14)) },
    { code: 'GSM', status: status(), value: Math.round(between(rng, -105, -60)) },
    { code: 'BLE', status: status() },
    { code: 'ACCELEROMETER', status: status() },
    { code: 'BATTERY', status: bikeBattery < 5 ? 'KO' : 'OK', value: Math.round(bikeBattery) },
    { code: 'LOCK', status: status() },
    { code: 'LIGHTS', status: 'NA' },
  ];
}

const PROFILE_MEAN = HOURLY_PROFILE.reduce((a, b) => a + b, 0) / HOURLY_PROFILE.length;
/** a typical ride: about 3 km at about 17 km/h */
export const MEAN_RIDE_SECONDS = 650;

/** Riders take a bike used `tripsPerDay` at this rate (per second) at the hour of `now`. */
export function tripRate(tripsPerDay: number, now: number): number {
  const hour = new Date(now).getUTCHours();
  return ((tripsPerDay / 86_400) * HOURLY_PROFILE[hour]!) / PROFILE_MEAN;
}

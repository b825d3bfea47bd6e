// Tampering now and then (ADR 0126, docs/rules.md "Built-in rules"): what a parked bike's module
// sees when someone is at it — cut from the bike's power, its battery taken, a battery swapped in
// with no swap task, the bike lifted into a van — so that the demo shows each built-in rule fire
// (moving while locked or out of service comes from the theft attempts of module.ts). Its own
// randomness, seeded by the module's id: the module's other draws stay as they were.
import type { Point } from './city';
import { between, chance, createRng, hashString, pick, type Rng } from './random';

const DAY_S = 86_400;
const KIND = ['POWER_CUT', 'BATTERY_REMOVED', 'BATTERY_SWAPPED', 'VAN_HOP'] as const;
type Kind = (typeof KIND)[number];
/** km per degree of longitude at the demo city's latitude (about 45°) */
const KM_PER_DEG_LON = 78;

/** What a tick of tampering does to the module: a report is due, and maybe a new position or
 *  battery level. */
export interface Tampering {
  position?: Point;
  batteryRise?: number;
}

export class TamperScenario {
  private readonly rng: Rng;
  private current: { kind: Kind; until: number; step: number } | null = null;
  private externalPower = true;
  private batteryPresent = true;

  constructor(
    moduleId: string,
    private readonly perDay: number,
  ) {
    this.rng = createRng(hashString(`tamper:${moduleId}`));
  }

  /** The extension fields of the telemetry (docs/mqtt.md). */
  telemetry() {
    return { externalPower: this.externalPower, batteryPresent: this.batteryPresent };
  }

  /** One tick of a parked bike; null when nothing happened. */
  tick(now: number, dt: number, position: Point): Tampering | null {
    const c = this.current;
    if (c) {
      if (c.kind === 'VAN_HOP' && c.step === 1 && now >= c.until - 60_000) {
        // minutes later, kilometres away: the van drove on, the wheels did not turn
        c.step = 2;
        return { position: this.offset(position, 2.6) };
      }
      if (now < c.until) return null;
      this.current = null;
      this.externalPower = true;
      this.batteryPresent = true;
      return {};
    }
    if (!this.perDay || !chance(this.rng, this.perDay / DAY_S, dt)) return null;
    const kind = pick(this.rng, KIND);
    const minutes = kind === 'VAN_HOP' ? 4 : between(this.rng, 20, 60);
    this.current = { kind, until: now + minutes * 60_000, step: 1 };
    if (kind === 'POWER_CUT') this.externalPower = false;
    if (kind === 'BATTERY_REMOVED') this.batteryPresent = false;
    if (kind === 'BATTERY_SWAPPED') return { batteryRise: between(this.rng, 15, 40) };
    if (kind === 'VAN_HOP') return { position: this.offset(position, 0.5) };
    return {};
  }

  /** A point `km` east of this one. */
  private offset(position: Point, km: number): Point {
    return { lat: position.lat, lon: position.lon + km / KM_PER_DEG_LON };
  }
}

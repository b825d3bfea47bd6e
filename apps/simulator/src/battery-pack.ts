// The simulated packs' ageing (docs/battery.md): each pack loses capacity with the cycles it
// does — a healthy pack about 0.02 points of state of health per equivalent full cycle (80 % at
// ~1,000 cycles), one pack in twelve "bad" (already worn, 1 to 2 points per cycle, hotter) — so the
// server's estimates can be shown and measured against the truth (`packTruth`). Pure: a pack is
// a value drained by the energy a ride takes; its level drop follows its capacity now.
import { between, createRng, hashString } from './random';

/** the capacity of a new pack (the server's default nominal capacity) */
export const NOMINAL_WH = 500;
/** 80 km on a new pack, as the simulator's and the server's autonomy estimates */
export const WH_PER_KM = NOMINAL_WH / 80;

export interface SimPack {
  id: string;
  /** state of health when the simulation met it (0–1) */
  initialSoh: number;
  /** state of health lost per equivalent full cycle (0–1) */
  fadePerCycle: number;
  /** equivalent full cycles since the simulation met it */
  cycles: number;
  /** cycles before (the pack's age when met) */
  ageCycles: number;
  /** energy delivered since made (the BMS counter), Wh */
  energyWh: number;
  bad: boolean;
}

/** One pack in twelve is bad, by its id. */
export const isBadPack = (id: string) => hashString(`bad-pack:${id}`) % 12 === 0;

export function createPack(id: string): SimPack {
  const rng = createRng(hashString(`pack:${id}`));
  const bad = isBadPack(id);
  const ageCycles = Math.round(between(rng, 20, 800));
  const fadePerCycle = bad ? between(rng, 0.01, 0.02) : between(rng, 0.00015, 0.00025);
  return {
    id,
    initialSoh: bad
      ? between(rng, 0.72, 0.82)
      : Math.min(1, between(rng, 0.97, 1.01) - fadePerCycle * ageCycles),
    fadePerCycle,
    cycles: 0,
    ageCycles,
    energyWh: Math.round(ageCycles * NOMINAL_WH * 0.9),
    bad,
  };
}

/** State of health now (0–1): never under 40 %. */
export const sohOf = (pack: SimPack) =>
  Math.max(0.4, pack.initialSoh - pack.fadePerCycle * pack.cycles);

export const capacityOf = (pack: SimPack) => NOMINAL_WH * sohOf(pack);

/** Takes `wh` from the pack; the points of charge it used. */
export function drain(pack: SimPack, wh: number): number {
  const points = (100 * wh) / capacityOf(pack);
  pack.cycles += points / 100;
  pack.energyWh += wh;
  return points;
}

/** The pack's temperature (°C) at this hour of the day (UTC), riding or not: a bad pack runs hot. */
export function packTemperature(pack: SimPack, hour: number, riding: boolean): number {
  const ambient = 12 + 8 * Math.sin(((hour - 9) / 24) * 2 * Math.PI);
  return Math.round((ambient + (riding ? 6 : 0) + (pack.bad ? 12 : 0)) * 10) / 10;
}

/** What the module reports of its pack. */
export const packReport = (pack: SimPack, hour: number, riding: boolean) => ({
  batteryNumber: pack.id,
  batteryEnergyWh: Math.round(pack.energyWh * 10) / 10,
  batteryTempC: packTemperature(pack, hour, riding),
  batteryCycles: Math.round(pack.ageCycles + pack.cycles),
});

/** The truth of a pack, to measure the server's estimates against. */
export const packTruth = (pack: SimPack) => ({
  packId: pack.id,
  stateOfHealth: Math.round(sohOf(pack) * 1000) / 10,
  capacityWh: Math.round(capacityOf(pack)),
  equivalentCycles: Math.round(pack.cycles * 100) / 100,
  bad: pack.bad,
});
export type PackTruth = ReturnType<typeof packTruth>;

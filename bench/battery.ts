// npm run bench -- battery
// docs/performance.md "Battery health" (ADR 0130): the estimates against the simulator's truth,
// and what the estimation costs the ingest.
//   soh       simulated packs (apps/simulator/src/battery-pack.ts: healthy and bad, 40 of them)
//             ride trips of the city's hourly demand and are charged under 25 %; their telemetry
//             (level rounded to the point, energy counter, odometer) goes through the pure
//             estimator; after 20 equivalent full cycles the state of health estimated must be
//             within ±5 points of the truth for every pack;
//   predict   simulated bikes learn their demand over 14 days; then, at random instants, the
//             predicted time to 20 % against the time the bike really took: the median relative
//             error ≤ 20 %;
//   cost      the ingest (pipeline.accept + flush, PGlite in memory, 200 bikes) with the pack's
//             fields against without (phases off, on, on, off), and the estimation's CPU per
//             bike and per telemetry row (runEstimation over one row per bike, then over a
//             backlog of 60 rows per bike): its share of the core at full ingest rate, each bike
//             estimated every 5 minutes as the worker does, ≤ 5 %.
// Ends with one `BENCH {json}` line.
//   BENCH_ONLY   soh | predict | cost (one part)
import os from 'node:os';
import {
  HOURLY_PROFILE,
  WH_PER_KM,
  createPack,
  createRng,
  drain,
  packReport,
  sohOf,
  type Rng,
} from '@vfm/simulator';
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/migrate';
import {
  BIKES_PER_RUN,
  ESTIMATE_EVERY_MS,
  runEstimation,
} from '../apps/server/src/modules/battery/estimation';
import {
  emptyDemandState,
  hourlyRates,
  hoursToTarget,
  recentFactor,
  stepDemand,
} from '../apps/server/src/modules/battery/demand';
import {
  emptyPackState,
  stateOfHealth,
  stepPack,
} from '../apps/server/src/modules/battery/pack-estimator';
import { seedSql } from './_fleet-seed';
import { startBenchServer } from './_server';

const ONLY = process.env.BENCH_ONLY;
const HOUR = 3_600_000;
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const PROFILE_TOTAL = HOURLY_PROFILE.reduce((a, b) => a + b, 0);

/**
 * One simulated bike, hour by hour: trips of 1–5 km drawn from the city's hourly profile
 * (`tripsPerDay` a day), each a few samples; a charge to 95–100 % when it falls under 25 %
 * (`charge`), else it runs on. Calls `sample` with each telemetry row.
 */
function* rideHours(rng: Rng, tripsPerDay: number, start: number, hours: number) {
  for (let h = 0; h < hours; h += 1) {
    const at = start + h * HOUR;
    const rate = (tripsPerDay * HOURLY_PROFILE[new Date(at).getUTCHours()]!) / PROFILE_TOTAL;
    // Poisson by hour
    let trips = 0;
    for (let l = Math.exp(-rate), p = rng(); p > l; p *= rng()) trips += 1;
    yield { at, trips };
  }
}

function sohBench() {
  const start = Date.UTC(2026, 0, 5);
  const results: Array<{ pack: string; bad: boolean; truth: number; estimate: number }> = [];
  for (let i = 0; i < 40; i += 1) {
    const rng = createRng(1000 + i);
    const pack = createPack(`BENCH-${i}${i % 6 === 0 ? 'X' : ''}`);
    let level = 98;
    let odo = 0;
    let state = emptyPackState();
    const emit = (ts: number, plugged: boolean, riding: boolean) => {
      const report = packReport(pack, new Date(ts).getUTCHours(), riding);
      state = stepPack(
        state,
        {
          ts,
          level: Math.round(level),
          plugged,
          odometerKm: Math.round(odo * 1000) / 1000,
          cycles: report.batteryCycles,
          tempC: report.batteryTempC,
          energyWh: report.batteryEnergyWh,
        },
        null,
      );
    };
    for (const { at, trips } of rideHours(rng, 14, start, 24 * 400)) {
      for (let t = 0; t < trips; t += 1) {
        const km = 1 + rng() * 4;
        const ts = at + (t * 60 * 60_000) / Math.max(1, trips);
        emit(ts, false, true);
        for (const part of [0.5, 0.5]) {
          odo += km * part;
          level -= drain(pack, km * part * WH_PER_KM * (0.9 + rng() * 0.2));
          emit(ts + part * 20 * 60_000, false, true);
        }
        if (level < 25) {
          emit(ts + 30 * 60_000, true, false);
          level = 95 + rng() * 5;
          emit(ts + 3 * HOUR, true, false);
          emit(ts + 3 * HOUR + 60_000, false, false);
        }
      }
      if (pack.cycles >= 20) break;
    }
    const estimate = stateOfHealth(state, 500);
    results.push({
      pack: pack.id,
      bad: pack.bad,
      truth: round(sohOf(pack) * 100),
      estimate: estimate ?? NaN,
    });
  }
  const errors = results.map((r) => Math.abs(r.estimate - r.truth));
  const within = errors.filter((e) => e <= 5).length;
  const figures = {
    packs: results.length,
    badPacks: results.filter((r) => r.bad).length,
    withinFivePoints: within,
    medianErrorPoints: round(median(errors), 2),
    maxErrorPoints: round(Math.max(...errors), 2),
  };
  console.log(`soh: ${JSON.stringify(figures)}`);
  const worst = results.sort(
    (a, b) => Math.abs(b.estimate - b.truth) - Math.abs(a.estimate - a.truth),
  )[0]!;
  console.log(`  worst pack ${worst.pack}: truth ${worst.truth} %, estimate ${worst.estimate} %`);
  return { ...figures, met: within === results.length };
}

function predictBench() {
  const errors: number[] = [];
  const start = Date.UTC(2026, 0, 5);
  for (let b = 0; b < 30; b += 1) {
    const rng = createRng(5000 + b);
    const pack = createPack(`PRED-${b}`);
    const tripsPerDay = 6 + (b % 5) * 3;
    // the bike's hour-by-hour levels over 28 days, charged under 25 %
    let level = 98;
    const series: Array<{ ts: number; level: number; plugged: boolean }> = [];
    for (const { at, trips } of rideHours(rng, tripsPerDay, start, 24 * 28)) {
      // idle drain: 0.05 point an hour
      level -= 0.05;
      for (let t = 0; t < trips; t += 1) level -= drain(pack, (1 + rng() * 4) * WH_PER_KM);
      let plugged = false;
      if (level < 15) {
        plugged = true;
        series.push({ ts: at + 10 * 60_000, level: Math.round(level), plugged });
        level = 95 + rng() * 5;
      }
      series.push({ ts: at + 59 * 60_000, level: Math.round(level), plugged });
    }
    let demand = emptyDemandState();
    series.forEach((sample, i) => {
      demand = stepDemand(demand, sample);
      // after 14 days, every 7 hours: a prediction from a level over 40 %
      if (sample.ts < start + 14 * 24 * HOUR || i % 7 || sample.level <= 40 || sample.plugged)
        return;
      const hit = series.slice(i + 1).find((s) => s.plugged || s.level <= 20);
      if (!hit || hit.plugged) return;
      const actual = (hit.ts - sample.ts) / HOUR;
      const predicted = hoursToTarget(
        sample.level,
        sample.ts,
        hourlyRates(demand),
        recentFactor(demand),
      );
      if (predicted === null || actual <= 0) return;
      errors.push(Math.abs(predicted - actual) / actual);
    });
  }
  const figures = {
    predictions: errors.length,
    medianRelativeError: round(median(errors) * 100, 1),
    p90RelativeError: round(
      [...errors].sort((a, b) => a - b)[Math.floor(errors.length * 0.9)]! * 100,
      1,
    ),
  };
  console.log(`predict: ${JSON.stringify(figures)} (%)`);
  return { ...figures, met: figures.medianRelativeError <= 20 };
}

async function costBench() {
  const BIKES = 200;
  const PHASE = 4000;
  const PHASE_SIZE = { value: PHASE };
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  await migrate(database);
  await database.exec(`SELECT setseed(0.5); ${seedSql(BIKES)}`);
  const bench = await startBenchServer(database, { VFM_ROLES: 'api,ingest', MQTT_PORT: '0' });
  const pipeline = bench.server.iot!.pipeline;
  const moduleOf = (bike: number) => `M${bike.toString(16).toUpperCase().padStart(5, '0')}`;
  const packs = Array.from({ length: BIKES }, (_, i) => createPack(`COST-${i}`));
  const levels = packs.map(() => 98);
  let seq = Date.now();
  let clock = Date.now() - 7 * 24 * HOUR;
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  async function ingest(withPack: boolean) {
    const before = cpu();
    for (let m = 0; m < PHASE_SIZE.value; m += 1) {
      const bike = m % BIKES;
      if (bike === 0) clock += 60_000;
      const pack = packs[bike]!;
      levels[bike]! -= drain(pack, 2 * WH_PER_KM);
      if (levels[bike]! < 25) levels[bike] = 98;
      const message = {
        seq: seq++,
        ts: new Date(clock).toISOString(),
        lat: 48.85,
        lon: 2.35,
        speedKmh: 15,
        mode: 'NAVIGATION',
        bikeBattery: Math.round(levels[bike]!),
        iotBattery: 90,
        odometerKm: round(pack.energyWh / WH_PER_KM, 3),
        // the fields modules sent before (pack number, cycles, their own state of health), and
        // with the battery health's: the energy counter and the temperature
        ...(withPack
          ? packReport(pack, new Date(clock).getUTCHours(), true)
          : { batteryNumber: pack.id, batteryCycles: Math.round(pack.cycles) }),
        batterySoh: 90,
      };
      pipeline.accept(
        moduleOf(bike + 1),
        'telemetry',
        Buffer.from(JSON.stringify(message)),
        () => {},
      );
      if (m % 250 === 249) await pipeline.flush();
    }
    await pipeline.flush();
    return cpu() - before;
  }
  // every bike has spoken once, and the estimation has met it
  await ingest(true);
  await runEstimation(database, new Date(clock), BIKES_PER_RUN, 0);
  // the estimation's cost per bike: a run over one message per bike
  const perBikeRuns: number[] = [];
  for (let r = 0; r < 3; r += 1) {
    const saved = PHASE_SIZE.value;
    PHASE_SIZE.value = BIKES;
    await ingest(true);
    PHASE_SIZE.value = saved;
    const before = cpu();
    const done = await runEstimation(database, new Date(clock), BIKES_PER_RUN, 0);
    perBikeRuns.push((cpu() - before) / done.bikes);
  }
  const perBike = median(perBikeRuns);
  const phases: Record<'off' | 'on', number[]> = { off: [], on: [] };
  for (const phase of ['off', 'on', 'on', 'off', 'off', 'on', 'on', 'off'] as const) {
    phases[phase].push(await ingest(phase === 'on'));
    // the estimation keeps up between the phases (not measured here)
    await runEstimation(database, new Date(clock), BIKES_PER_RUN, 0);
  }
  // a longer backlog (60 rows per bike): the cost per row
  for (let r = 0; r < 3; r += 1) await ingest(true);
  const backlogBefore = cpu();
  const backlog = await runEstimation(database, new Date(clock), BIKES_PER_RUN, 0);
  const backlogMs = cpu() - backlogBefore;
  await bench.close?.();
  await database.close();
  const perMessage = {
    off: median(phases.off) / PHASE,
    on: median(phases.on) / PHASE,
  };
  // estimation cost = a per bike + b per row: a from the runs over one row per bike, b from
  // a run over a backlog of 60 rows per bike
  const perRow = Math.max(0, (backlogMs - perBike * backlog.bikes) / Math.max(1, backlog.rows));
  const ratePerSecond = 1000 / perMessage.on;
  // at full ingest rate, a minute's rows, and each bike once per ESTIMATE_EVERY_MS
  const minuteRows = ratePerSecond * 60;
  const share = (perBike * BIKES * (60_000 / ESTIMATE_EVERY_MS) + perRow * minuteRows) / 60_000;
  const figures = {
    ingestMsPerMessageWithout: round(perMessage.off, 3),
    ingestMsPerMessageWith: round(perMessage.on, 3),
    packFieldsCostPercent: round(((perMessage.on - perMessage.off) / perMessage.off) * 100, 1),
    estimationMsPerBike: round(perBike, 3),
    estimationMsPerRow: round(perRow, 4),
    ingestMessagesPerSecond: Math.round(ratePerSecond),
    estimationShareOfIngestPercent: round(share * 100, 2),
  };
  console.log(`cost: ${JSON.stringify(figures)}`);
  return { ...figures, met: share <= 0.05 && figures.packFieldsCostPercent <= 5 };
}

async function main() {
  console.log(
    `battery health: ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((x) => round(x, 2))
      .join(' ')}`,
  );
  const result: Record<string, unknown> = { name: 'battery' };
  if (!ONLY || ONLY === 'soh') result.soh = sohBench();
  if (!ONLY || ONLY === 'predict') result.predict = predictBench();
  if (!ONLY || ONLY === 'cost') result.cost = await costBench();
  console.log(`BENCH ${JSON.stringify(result)}`);
  const failed = Object.values(result).some(
    (part) =>
      typeof part === 'object' && part !== null && (part as { met?: boolean }).met === false,
  );
  process.exit(failed ? 1 : 0);
}

await main();

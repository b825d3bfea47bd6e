// The estimation run (ADR 0130): the worker's queue calls it every minute. It reads the new
// telemetry of the bikes whose latest message is past their cursor, feeds it to the pure
// estimators (pack-estimator.ts, demand.ts) with the states stored, and stores the states, the
// packs' figures, a day point of each pack's state of health, its trend and alert, and each
// bike's predicted time to 20 %. Nothing of it runs in the ingest: its cost to the ingest is
// the two extra fields it stores (docs/performance.md "Battery health").
import type { Database, Queryable } from '../../db/client';
import {
  emptyDemandState,
  hourlyRates,
  hoursToTarget,
  recentFactor,
  stepDemand,
  type DemandState,
} from './demand';
import { refreshPeaks } from './fleet-health';
import {
  emptyPackState,
  equivalentCycles,
  healthAlert,
  stateOfHealth,
  capacityOf,
  stepPack,
  trendPer30Days,
  type PackState,
} from './pack-estimator';
import {
  selectBikesToEstimate,
  selectModelConsumption,
  selectPackStates,
  selectSettings,
  selectSohDays,
  selectTelemetryAfter,
  updatePackHealth,
  upsertBikeState,
  upsertPack,
  upsertSohDays,
  type BikeToEstimate,
  type SettingsRow,
  type TelemetryRow,
} from './queries';

/** bikes per run, and telemetry rows read per bike at a time */
export const BIKES_PER_RUN = 500;
/** a bike is estimated again at most this often: its cost per run is spread over the rows of
 *  5 minutes (docs/performance.md "Battery health") */
export const ESTIMATE_EVERY_MS = 5 * 60_000;
const ROWS_PER_READ = 5000;
const DAY_MS = 86_400_000;

interface BikeState {
  demand: DemandState;
  /** the pack the bike carried at its last message */
  pack: string | null;
}

export interface EstimationResult {
  bikes: number;
  rows: number;
  packs: number;
}

/**
 * Runs the estimation until every bike is read or `budgetMs` has passed (the worker's queue: a
 * first start reads the demo's 30 days of history in one go); what it did.
 */
export async function estimateAll(
  database: Database,
  now: () => Date,
  budgetMs = 45_000,
): Promise<EstimationResult> {
  const started = Date.now();
  const total: EstimationResult = { bikes: 0, rows: 0, packs: 0 };
  for (;;) {
    const done = await runEstimation(database, now());
    total.bikes += done.bikes;
    total.rows += done.rows;
    total.packs += done.packs;
    if (done.bikes < BIKES_PER_RUN || Date.now() - started > budgetMs) return total;
  }
}

export async function runEstimation(
  database: Database,
  now: Date,
  limit = BIKES_PER_RUN,
  everyMs = ESTIMATE_EVERY_MS,
): Promise<EstimationResult> {
  const bikes = await selectBikesToEstimate(database, new Date(now.getTime() - everyMs), limit);
  const fleets = new Map<string, FleetContext>();
  const result: EstimationResult = { bikes: 0, rows: 0, packs: 0 };
  for (const bike of bikes) {
    let fleet = fleets.get(bike.fleet_id);
    if (!fleet) {
      fleet = await fleetContext(database, bike.fleet_id);
      fleets.set(bike.fleet_id, fleet);
    }
    const done = await database.transaction((tx) => estimateBike(tx, bike, fleet, now));
    result.bikes += 1;
    result.rows += done.rows;
    result.packs += done.packs;
  }
  // the fleets' peak hours (the swap queue's), kept: computed again once a day old
  await refreshPeaks(database, [...fleets.keys()], now);
  return result;
}

interface FleetContext {
  settings: SettingsRow;
  whPerKm: Map<string, number>;
}

async function fleetContext(db: Queryable, fleetId: string): Promise<FleetContext> {
  const [settings, models] = await Promise.all([
    selectSettings(db, fleetId),
    selectModelConsumption(db, fleetId),
  ]);
  return {
    settings,
    whPerKm: new Map(models.flatMap((m) => (m.wh_per_km === null ? [] : [[m.model, m.wh_per_km]]))),
  };
}

const sampleOf = (row: TelemetryRow) => ({
  ts: new Date(row.ts).getTime(),
  level: row.level,
  plugged: row.plugged,
  odometerKm: row.odometer_km,
  cycles: row.cycles,
  tempC: row.temp_c,
  energyWh: row.energy_wh,
});

async function estimateBike(
  tx: Queryable,
  bike: BikeToEstimate,
  fleet: FleetContext,
  now: Date,
): Promise<{ rows: number; packs: number }> {
  const stored = bike.state as BikeState | null;
  const state: BikeState = stored ?? { demand: emptyDemandState(), pack: null };
  // each pack's state, and its state at the end of each day read (the day points)
  const packs = new Map<
    string,
    {
      id: number | null;
      state: PackState;
      /** the day (epoch day) of its last sample, and its figures at the end of each day read */
      day: number | null;
      days: Map<number, { soh: number | null; efc: number }>;
    }
  >();
  let cursor = bike.cursor_ts;
  let rows = 0;
  for (;;) {
    const batch = await selectTelemetryAfter(tx, bike.id, cursor, ROWS_PER_READ);
    if (!batch.length) break;
    const keys = [
      ...new Set(batch.map((r) => r.pack ?? state.pack ?? `bike:${bike.vehicle_number}`)),
    ];
    const missing = keys.filter((k) => !packs.has(k));
    if (missing.length) {
      const found = new Map(
        (await selectPackStates(tx, bike.fleet_id, missing)).map((p) => [p.pack_key, p]),
      );
      for (const key of missing) {
        const row = found.get(key);
        packs.set(key, {
          id: row?.id ?? null,
          state: (row?.state as PackState) ?? emptyPackState(),
          day: null,
          days: new Map(),
        });
      }
    }
    const whPerKm = fleet.whPerKm.get(bike.model) ?? null;
    for (const row of batch) {
      const key = row.pack ?? state.pack ?? `bike:${bike.vehicle_number}`;
      state.pack = key;
      const sample = sampleOf(row);
      const pack = packs.get(key)!;
      const day = Math.floor(sample.ts / DAY_MS);
      if (pack.day !== null && day !== pack.day) pack.days.set(pack.day, figures(pack.state));
      pack.day = day;
      pack.state = stepPack(pack.state, sample, whPerKm);
      state.demand = stepDemand(state.demand, sample);
    }
    rows += batch.length;
    cursor = batch[batch.length - 1]!.ts;
    if (batch.length < ROWS_PER_READ) break;
  }
  if (!cursor) return { rows, packs: 0 };
  function figures(state: PackState) {
    return {
      soh: stateOfHealth(state, fleet.settings.nominal_capacity_wh),
      efc: equivalentCycles(state),
    };
  }
  for (const [key, pack] of packs) {
    if (!pack.state.last) continue;
    const soh = stateOfHealth(pack.state, fleet.settings.nominal_capacity_wh);
    const id = await upsertPack(
      tx,
      {
        fleetId: bike.fleet_id,
        packKey: key,
        bikeId: bike.id,
        model: bike.model,
        state: pack.state,
        soh,
        capacityWh: roundOrNull(capacityOf(pack.state)),
        efc: equivalentCycles(pack.state),
        cyclesReported: pack.state.cycles,
        energyWh: pack.state.energyWh,
        distanceKm: pack.state.distanceKm,
        tempMax: pack.state.tempMax,
        hotHours: pack.state.hotHours,
        coldHours: pack.state.coldHours,
        nominalWh: fleet.settings.nominal_capacity_wh,
      },
      now,
    );
    let trend: number | null = null;
    if (pack.day !== null) pack.days.set(pack.day, figures(pack.state));
    const points = [...pack.days].flatMap(([day, { soh: value, efc }]) =>
      value === null
        ? []
        : [{ day: new Date(day * DAY_MS).toISOString().slice(0, 10), soh: value, efc }],
    );
    // the trend and the alert change with the day points only
    if (!points.length) continue;
    await upsertSohDays(tx, id, points, fleet.settings.nominal_capacity_wh);
    if (soh !== null) {
      const days = await selectSohDays(tx, id);
      trend = trendPer30Days(days.map((d) => ({ day: d.day_ms, soh: d.soh })));
    }
    const alert = healthAlert(soh, trend, {
      sohThreshold: fleet.settings.soh_threshold,
      fastDropPoints: fleet.settings.fast_drop_points,
    });
    await updatePackHealth(tx, id, trend, alert, now);
  }
  const level = state.demand.last?.level ?? null;
  const hours = hoursToTarget(
    level,
    now.getTime(),
    hourlyRates(state.demand),
    recentFactor(state.demand),
  );
  await upsertBikeState(
    tx,
    {
      bikeId: bike.id,
      fleetId: bike.fleet_id,
      cursor: new Date(cursor),
      packKey: state.pack,
      state,
      level,
      hoursTo20: hours,
      predictedAt: hours === null ? null : new Date(now.getTime() + hours * 3600_000),
    },
    now,
  );
  return { rows, packs: packs.size };
}

const roundOrNull = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

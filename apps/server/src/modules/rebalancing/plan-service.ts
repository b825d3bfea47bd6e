// What the worker does for a fleet every half hour (ADR 0128, queue rebalancing.plan): train the
// forecast on the last weeks' trips, turn its gaps into recommendations (the open ones are
// replaced), and plan the technicians' routes. A manager may ask for it at once (POST
// rebalancing/plan): the same work, for their fleet.
import {
  REBALANCING_DEFAULT_RESOLUTION,
  ZONE_TYPE_RULES,
  pointInGeometry,
  isZoneActive,
} from '@vfm/contract';
import type { ZoneActiveHours, ZoneGeometry } from '@vfm/contract';
import type { Database, Queryable } from '../../db/client';
import { CellIndex, centreOf } from './cells';
import { compute } from './compute-thread';
import { HOUR_MS, WEEK_HOURS, type Series } from './forecast';
import {
  hourlyStarts,
  insertRecommendations,
  reservedBikes,
  saveForecast,
  selectForecast,
  standingBikes,
  steeringZones,
  supersedeOpen,
  type ForecastRow,
  type StandingBikeRow,
  type ZoneRow,
} from './queries';
import type { CellState, LonLat } from './recommend';

/** how much history the forecast learns from */
export const TRAINING_WEEKS = 8;

export async function trainFleetForecast(db: Queryable, fleetId: string, now: Date) {
  const origin = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const rows = await hourlyStarts(
    db,
    fleetId,
    new Date(origin - TRAINING_WEEKS * WEEK_HOURS * HOUR_MS),
    new Date(origin),
  );
  // the history starts at the fleet's first trip: weeks before it are no evidence of no demand
  const first = Math.min(...rows.map((r) => new Date(r.hour).getTime()), origin);
  const length = Math.round((origin - first) / HOUR_MS);
  const index = new CellIndex(REBALANCING_DEFAULT_RESOLUTION);
  const series = new Map<string, Series>();
  for (const row of rows) {
    const cell = index.of(row.lon, row.lat);
    let s = series.get(cell);
    if (!s) series.set(cell, (s = { start: first, counts: new Array<number>(length).fill(0) }));
    const i = Math.round((new Date(row.hour).getTime() - first) / HOUR_MS);
    if (i >= 0 && i < length) s.counts[i]! += row.n;
  }
  // the training on the module's thread (compute-thread.ts): the event loop does not wait
  const trained = await compute(fleetId, {
    op: 'train',
    cells: series,
    options: { holdoutHours: Math.min(WEEK_HOURS, Math.floor(length / 4)) },
  });
  const forecast: ForecastRow = {
    trained_at: now,
    starts_at: new Date(origin),
    resolution: REBALANCING_DEFAULT_RESOLUTION,
    cells: [...trained.cells].map(([cell, f]) => ({
      cell,
      model: f.model,
      hourly: f.hourly.map((v) => Math.round(v * 1000) / 1000),
    })),
  };
  await saveForecast(db, fleetId, forecast);
  return forecast;
}

/** The fleet's cells as the recommender sees them: bikes standing, demand ahead, zones. */
export async function cellStates(
  db: Queryable,
  fleetId: string,
  now: Date,
  forecast: ForecastRow,
  only?: (bike: StandingBikeRow) => boolean,
): Promise<CellState[]> {
  const index = new CellIndex(forecast.resolution);
  const reserved = await reservedBikes(db, fleetId, now);
  const zones = await steeringZones(db, fleetId);
  const offset = Math.max(
    0,
    Math.floor((now.getTime() - new Date(forecast.starts_at).getTime()) / HOUR_MS),
  );
  const cells = new Map<string, CellState>();
  const cellFor = (cell: string) => {
    let state = cells.get(cell);
    if (!state) {
      const centre = centreOf(cell);
      state = { cell, centre, bikes: [], demand: [], ...placeOf(cell, centre, zones, now, index) };
      cells.set(cell, state);
    }
    return state;
  };
  for (const f of forecast.cells) cellFor(f.cell).demand = f.hourly.slice(offset);
  for (const bike of await standingBikes(db, fleetId)) {
    if (reserved.has(bike.id) || (only && !only(bike))) continue;
    cellFor(index.of(bike.lon, bike.lat)).bikes.push({
      id: bike.id,
      vehicleNumber: bike.vehicle_number,
      idleSince: new Date(bike.moved_at).getTime(),
    });
  }
  return [...cells.values()];
}

function placeOf(cell: string, centre: LonLat, zones: ZoneRow[], now: Date, index: CellIndex) {
  let allowed = true;
  let preferred: LonLat | null = null;
  for (const zone of zones) {
    if (!isZoneActive(zone.active_hours as ZoneActiveHours | null, now)) continue;
    const geometry = zone.geometry as ZoneGeometry;
    if (ZONE_TYPE_RULES[zone.type].preferredParking) {
      const middle: LonLat = [(zone.min_lon + zone.max_lon) / 2, (zone.min_lat + zone.max_lat) / 2];
      if (index.of(middle[0], middle[1]) === cell) preferred ??= middle;
      else if (pointInGeometry(centre[0], centre[1], geometry)) preferred ??= centre;
    } else if (pointInGeometry(centre[0], centre[1], geometry)) allowed = false;
  }
  return { allowed, preferred: allowed ? preferred : null };
}

/** Recommendations from the stored forecast; the open ones are replaced. */
/** Reads and recommends outside any transaction (CPU: on PGlite a transaction holds the one
 *  connection every request waits for), then supersedes and writes in one. */
export async function recommendForFleet(db: Database, fleetId: string, now: Date) {
  const forecast = await selectForecast(db, fleetId);
  if (!forecast) return [];
  const cells = await cellStates(db, fleetId, now, forecast);
  const moves = await compute(fleetId, { op: 'recommend', cells });
  return db.transaction(async (tx) => {
    await supersedeOpen(tx, fleetId, now);
    return insertRecommendations(
      tx,
      fleetId,
      moves.map((m) => ({
        fromCell: m.fromCell,
        toCell: m.toCell,
        from: m.from,
        to: m.to,
        bikeIds: m.bikes.map((b) => b.id),
        dueAt: new Date(now.getTime() + m.beforeHours * HOUR_MS),
        extraRides: m.extraRides,
      })),
      now,
    );
  });
}

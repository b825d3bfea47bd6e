// The heat maps (ADR 0128, docs/rebalancing.md) in H3 cells over a period of at most 90 days:
//   supply — rentable bikes standing in the cell, on average over the period's hours;
//   starts, ends — trips per day;
//   idle — the rentable bikes standing now that have not moved for `idleDays` days;
//   unmet — trip starts expected (the cell's mean for that hour of the week) during the hours
//           no bike stood there, per day.
// A filter on hour of day and day of week keeps only those hours; the profiles by hour and by
// day of week each ignore their own filter (so the chart shows what the filter picks from).
// Read from the rollup per cell and hour when it holds the period (heatmap-rollup.ts, ADR
// 0136), else from the trips.
import {
  REBALANCING_DEFAULT_DAYS,
  REBALANCING_DEFAULT_IDLE_DAYS,
  REBALANCING_DEFAULT_RESOLUTION,
  REBALANCING_MAX_DAYS,
  type Heatmap,
  type HeatmapQuery,
} from '@vfm/contract';
import { resolvePeriod } from '../../lib/period';
import type { RequestScope } from '../../plugins/request-scope';
import { CellIndex, boundaryOf, centreOf } from './cells';
import { HOUR_MS, WEEK_HOURS, hourOfWeek } from './forecast';
import { rollupCovers, tallyFromRollup, unmetFromRollup, type RollupRead } from './heatmap-rollup';
import {
  Tally,
  hoursOfWeek,
  keeps,
  normaliseProfiles,
  weekdayOf,
  type Filter,
} from './heatmap-tally';
import {
  parkedIntervals,
  standingBikes,
  tripPointTotals,
  tripPoints,
  tripProfile,
  type ParkedRow,
} from './queries';

const DAY_MS = 86_400_000;

/** each parked stretch cut into the hours it covers: (cell, hour start, fraction of the hour) */
function* parkedHours(rows: ParkedRow[], index: CellIndex) {
  for (const row of rows) {
    const since = new Date(row.since).getTime();
    const until = new Date(row.until).getTime();
    const cell = index.of(row.lon, row.lat);
    for (let hour = Math.floor(since / HOUR_MS) * HOUR_MS; hour < until; hour += HOUR_MS) {
      const share = (Math.min(until, hour + HOUR_MS) - Math.max(since, hour)) / HOUR_MS;
      if (share > 0) yield { cell, hour, share };
    }
  }
}

export async function getHeatmap(scope: RequestScope, query: HeatmapQuery): Promise<Heatmap> {
  const { from, to } = resolvePeriod(
    query,
    scope.now,
    REBALANCING_DEFAULT_DAYS,
    REBALANCING_MAX_DAYS,
  );
  const resolution = query.resolution ?? REBALANCING_DEFAULT_RESOLUTION;
  const filter: Filter = { hour: query.hour, weekday: query.weekday };
  const index = new CellIndex(resolution);
  const tally = new Tally(filter);
  const days = (to.getTime() - from.getTime()) / DAY_MS;
  const weekHours = hoursOfWeek(from, to);
  let unit: Heatmap['unit'] = 'trips/day';
  let scale = 1 / days;
  const read: RollupRead = {
    db: scope.database,
    fleetId: scope.fleetId,
    resolution,
    from,
    to,
    now: scope.now,
    filter,
    weekHours,
  };
  const rolledUp = query.layer !== 'idle' && (await rollupCovers(read));

  if (rolledUp && query.layer !== 'unmet' && query.layer !== 'idle') {
    if (query.layer === 'supply') unit = 'bikes';
    await tallyFromRollup(read, query.layer, tally);
  } else if (rolledUp) {
    await unmetFromRollup(read, tally);
  } else if (query.layer === 'starts' || query.layer === 'ends') {
    // the cells from positions rounded finer than the cells, the profiles apart (168 rows)
    const side = query.layer === 'starts' ? 'start' : 'end';
    const { database: db, fleetId } = scope;
    const digits = resolution <= 8 ? 3 : 4;
    const [hour, weekday] = [query.hour ?? null, query.weekday ?? null];
    for (const row of await tripPointTotals(db, fleetId, from, to, side, digits, hour, weekday)) {
      const cell = index.of(row.lon, row.lat);
      tally.cells.set(cell, (tally.cells.get(cell) ?? 0) + row.n);
    }
    for (const row of await tripProfile(db, fleetId, from, to, side)) {
      if (weekday === null || weekday === row.weekday) tally.byHour[row.hour]! += row.n;
      if (hour === null || hour === row.hour) tally.byWeekday[row.weekday - 1]! += row.n;
    }
  } else if (query.layer === 'supply') {
    unit = 'bikes';
    const rows = await parkedIntervals(scope.database, scope.fleetId, from, to);
    for (const { cell, hour, share } of parkedHours(rows, index)) {
      const how = hourOfWeek(hour);
      tally.add(cell, how % 24, weekdayOf(how), share);
    }
    normaliseProfiles(tally, weekHours);
  } else if (query.layer === 'idle') {
    unit = 'bikes';
    scale = 1;
    const idleSince =
      scope.now.getTime() - (query.idleDays ?? REBALANCING_DEFAULT_IDLE_DAYS) * DAY_MS;
    for (const bike of await standingBikes(scope.database, scope.fleetId)) {
      if (new Date(bike.moved_at).getTime() > idleSince) continue;
      const how = hourOfWeek(new Date(bike.moved_at).getTime());
      tally.add(index.of(bike.lon, bike.lat), how % 24, weekdayOf(how), 1);
    }
  } else {
    await unmetDemand(scope, from, to, index, tally, weekHours);
  }

  if (query.layer === 'supply') {
    // bike-hours over the hours the filter keeps: the mean bikes standing
    const kept = weekHours.reduce(
      (sum, n, how) => (keeps(filter, how % 24, weekdayOf(how)) ? sum + n : sum),
      0,
    );
    scale = 1 / Math.max(1, kept);
  }

  const cells = [...tally.cells]
    .map(([cell, value]) => ({
      cell,
      centre: centreOf(cell),
      boundary: boundaryOf(cell),
      value: round(value * scale),
    }))
    .filter((c) => c.value > 0)
    .sort((a, b) => b.value - a.value || a.cell.localeCompare(b.cell));
  const profileScale = query.layer === 'supply' ? 1 : scale;
  return {
    layer: query.layer,
    resolution,
    from: from.toISOString(),
    to: to.toISOString(),
    unit,
    cells,
    byHour: tally.byHour.map((v) => round(v * profileScale)),
    byWeekday: tally.byWeekday.map((v) => round(v * profileScale)),
    max: cells[0]?.value ?? 0,
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

async function unmetDemand(
  scope: RequestScope,
  from: Date,
  to: Date,
  index: CellIndex,
  tally: Tally,
  weekHours: number[],
) {
  // the cell's expected starts per hour of week: its starts over the period's such hours
  const rates = new Map<string, Float64Array>();
  for (const row of await tripPoints(scope.database, scope.fleetId, from, to, 'start')) {
    const cell = index.of(row.lon, row.lat);
    let rate = rates.get(cell);
    if (!rate) rates.set(cell, (rate = new Float64Array(WEEK_HOURS)));
    const how = (row.weekday - 1) * 24 + row.hour;
    rate[how]! += row.n / Math.max(1, weekHours[how]!);
  }
  const covered = new Set<string>();
  const rows = await parkedIntervals(scope.database, scope.fleetId, from, to);
  for (const { cell, hour } of parkedHours(rows, index))
    if (rates.has(cell)) covered.add(`${cell}|${hour}`);
  for (let t = Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS; t < to.getTime(); t += HOUR_MS) {
    const how = hourOfWeek(t);
    for (const [cell, rate] of rates)
      if (rate[how]! > 0 && !covered.has(`${cell}|${t}`))
        tally.add(cell, how % 24, weekdayOf(how), rate[how]!);
  }
}

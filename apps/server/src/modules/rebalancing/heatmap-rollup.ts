// The heat maps read from the rollup per cell and hour (ADR 0136, rollup.ts) instead of the
// trips: the cells × hours of the period rather than its trips. Used when the resolution is
// rolled up and every hour of the period before the current one is computed (the current hour
// as of the rollup's last run, at most ten minutes old); otherwise the heat map reads the trips.
// Whole hours: a period from 08:20 counts from 08:00.
import type { Queryable } from '../../db/client';
import { HOUR_MS } from './forecast';
import { normaliseProfiles, type Filter, type Tally } from './heatmap-tally';
import {
  countMarkedHours,
  rollupCells,
  rollupGappedCells,
  rollupProfile,
  rollupStartsAndCover,
  type CellWindow,
  type RollupMeasure,
} from './queries/rollup';
import { ROLLUP_RESOLUTIONS, isRolledUp } from './rollup';

/** the profiles' totals are the same at every resolution: the coarsest has the fewest rows */
const PROFILE_RESOLUTION = ROLLUP_RESOLUTIONS[0];

export interface RollupRead {
  db: Queryable;
  fleetId: string;
  resolution: number;
  from: Date;
  to: Date;
  now: Date;
  filter: Filter;
  /** the period's hours by hour of week */
  weekHours: number[];
}

/** Whether the rollup holds the period (the resolution rolled up, its hours computed). */
export async function rollupCovers(read: RollupRead): Promise<boolean> {
  if (!isRolledUp(read.resolution)) return false;
  const first = Math.floor(read.from.getTime() / HOUR_MS) * HOUR_MS;
  const last = Math.min(
    Math.ceil(read.to.getTime() / HOUR_MS) * HOUR_MS,
    Math.floor(read.now.getTime() / HOUR_MS) * HOUR_MS,
  );
  if (last <= first) return true;
  const expected = (last - first) / HOUR_MS;
  return (
    (await countMarkedHours(read.db, read.fleetId, new Date(first), new Date(last))) === expected
  );
}

/** the read's cells over its whole hours */
const windowOf = (read: RollupRead): CellWindow => ({
  fleetId: read.fleetId,
  resolution: read.resolution,
  from: new Date(Math.floor(read.from.getTime() / HOUR_MS) * HOUR_MS),
  to: read.to,
});

/** starts, ends or supply (bike-hours) into the tally, from the rollup */
export async function tallyFromRollup(read: RollupRead, measure: RollupMeasure, tally: Tally) {
  const window = windowOf(read);
  const [hour, weekday] = [read.filter.hour ?? null, read.filter.weekday ?? null];
  for (const row of await rollupCells(read.db, window, measure, hour, weekday))
    tally.cells.set(row.cell, row.value);
  const profileWindow = { ...window, resolution: PROFILE_RESOLUTION };
  for (const row of await rollupProfile(read.db, profileWindow, measure)) {
    if (weekday === null || weekday === row.weekday) tally.byHour[row.hour]! += row.value;
    if (hour === null || hour === row.hour) tally.byWeekday[row.weekday - 1]! += row.value;
  }
  if (measure === 'supply') normaliseProfiles(tally, read.weekHours);
}

/**
 * Unmet demand from the rollup: per cell and hour of week, its mean starts times the hours of
 * the period no bike stood there (the same sum as hour by hour).
 */
export async function unmetFromRollup(read: RollupRead, tally: Tally) {
  const window = windowOf(read);
  // the cells where a bike stood every hour have none: only the others are read by hour
  const hours = Math.ceil((window.to.getTime() - window.from.getTime()) / HOUR_MS);
  const gapped = await rollupGappedCells(read.db, window, hours);
  if (!gapped.length) return;
  for (const row of await rollupStartsAndCover(read.db, window, gapped)) {
    const how = (row.weekday - 1) * 24 + row.hour;
    const hours = read.weekHours[how]!;
    if (!row.starts || !hours) continue;
    const rate = row.starts / hours;
    const uncovered = hours - row.covered;
    if (uncovered > 0) tally.add(row.cell, row.hour, row.weekday, rate * uncovered);
  }
}

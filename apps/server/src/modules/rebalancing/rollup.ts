// The heat maps' rollup per H3 cell and hour (ADR 0136, docs/rebalancing.md), kept by the queue
// rebalancing.rollup: every ten minutes (and once as a worker starts) each fleet with trips in
// the last ROLLUP_DAYS days has its hours computed — the newest first, those not final yet and
// the last SETTLE_HOURS again (a trip is stored when it ends: an hour's starts are known hours
// later). An hour is one transaction: its rows at every rolled-up resolution deleted and written
// again with its mark, so a job repeated or killed (SIGKILL: the lease gives it to another
// worker) leaves every hour whole. A run stops after its time budget; the next goes on.
import type { Database } from '../../db/client';
import { CellIndex } from './cells';
import { HOUR_MS } from './forecast';
import { tripPointTotals } from './queries/maps';
import {
  markHours,
  markedHours,
  parkedInHour,
  rollupFleets,
  writeHour,
  type CellHourRow,
} from './queries/rollup';

/** how far back the rollup goes: the longest heat map period */
export const ROLLUP_DAYS = 90;
/** the resolutions rolled up (the default 8 and the coarser ones); finer ones read the trips */
export const ROLLUP_RESOLUTIONS = [6, 7, 8] as const;
/** hours computed again at each run: the trips of an hour arrive as they end */
export const SETTLE_HOURS = 3;
/** a run's time at most (the job's lease is 15 minutes) */
const BUDGET_MS = 5 * 60_000;

export const isRolledUp = (resolution: number) =>
  (ROLLUP_RESOLUTIONS as readonly number[]).includes(resolution);

export interface RollupOptions {
  /** one fleet (the demo once its history is written); all when absent */
  fleetId?: string | null;
  /** compute again the hours already final (history arrived after them) */
  recompute?: boolean;
  /** stop after this long (ms) */
  budgetMs?: number;
}

/** Rolls up what is due; returns the number of (fleet, hour) computed. */
export async function rollUpHours(db: Database, now: Date, options: RollupOptions = {}) {
  const started = Date.now();
  const budget = options.budgetMs ?? BUDGET_MS;
  const current = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const earliest = current - ROLLUP_DAYS * 24 * HOUR_MS;
  let computed = 0;
  for (const fleet of await rollupFleets(db, new Date(earliest), options.fleetId ?? null)) {
    const first = Math.floor(new Date(fleet.first_trip).getTime() / HOUR_MS) * HOUR_MS;
    const final = new Set<number>();
    if (!options.recompute)
      for (const row of await markedHours(db, fleet.id, new Date(earliest), new Date(current)))
        if (row.final) final.add(new Date(row.hour).getTime());
    // before the fleet's first trip there is nothing to count: marked at once
    const empty: Date[] = [];
    for (let h = earliest; h < first; h += HOUR_MS) if (!final.has(h)) empty.push(new Date(h));
    await markHours(db, fleet.id, empty, true, now);
    for (let h = current; h >= first; h -= HOUR_MS) {
      const settled = h + HOUR_MS + SETTLE_HOURS * HOUR_MS <= now.getTime();
      if (settled && final.has(h)) continue;
      if (Date.now() - started > budget) return computed;
      await rollUpHour(db, fleet.id, new Date(h), now, settled);
      computed++;
    }
  }
  return computed;
}

/** One fleet's hour: read and counted outside, written in one transaction. */
export async function rollUpHour(
  db: Database,
  fleetId: string,
  hour: Date,
  now: Date,
  final: boolean,
) {
  const end = new Date(Math.min(hour.getTime() + HOUR_MS, now.getTime()));
  const rows = new Map<string, CellHourRow>();
  const indexes = ROLLUP_RESOLUTIONS.map((resolution) => new CellIndex(resolution));
  const add = (lon: number, lat: number, field: 'starts' | 'ends' | 'supply', value: number) => {
    for (const index of indexes) {
      const cell = index.of(lon, lat);
      const key = `${index.resolution}|${cell}`;
      let row = rows.get(key);
      if (!row)
        rows.set(
          key,
          (row = { resolution: index.resolution, cell, starts: 0, ends: 0, supply: 0 }),
        );
      row[field] += value;
    }
  };
  // the hour's trip starts and ends, by position rounded to 4 decimals (~10 m)
  for (const p of await tripPointTotals(db, fleetId, hour, end, 'start', 4, null, null))
    add(p.lon, p.lat, 'starts', p.n);
  for (const p of await tripPointTotals(db, fleetId, hour, end, 'end', 4, null, null))
    add(p.lon, p.lat, 'ends', p.n);
  for (const p of await parkedInHour(db, fleetId, hour, end)) {
    const share = (new Date(p.until).getTime() - new Date(p.since).getTime()) / HOUR_MS;
    if (share > 0) add(p.lon, p.lat, 'supply', share);
  }
  await db.transaction((tx) => writeHour(tx, fleetId, hour, [...rows.values()], final, now));
}

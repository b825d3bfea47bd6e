// The recommender (ADR 0128): from each cell's rentable bikes now and its forecast trip starts,
// the moves "N bikes from A to B before T — about X more rides". A cell needs about one bike per
// ride expected within the horizon; the cells short of that take bikes from the nearest cells
// that have more, never into a cell where parking or riding is forbidden, and towards preferred
// parking (a cell holding some is served first, and the bikes are left there). The horizon counts
// hours of service: the night's quiet hours do not use it up, so that late in the evening the
// moves prepare the morning (when operators move bikes) rather than find nothing. Pure.

export type LonLat = [number, number];

export interface CellBike {
  id: number;
  vehicleNumber: string;
  /** when it last moved (ms): the longest idle leave first */
  idleSince: number;
}

export interface CellState {
  cell: string;
  centre: LonLat;
  bikes: CellBike[];
  /** expected trip starts for the coming hours, hour by hour */
  demand: number[];
  /** false: a no-parking or no-ride zone covers it — never a destination */
  allowed: boolean;
  /** a preferred parking place in the cell, where the bikes should be left */
  preferred: LonLat | null;
}

export interface Move {
  fromCell: string;
  toCell: string;
  from: LonLat;
  to: LonLat;
  bikes: CellBike[];
  /** hours from now within which the destination runs short */
  beforeHours: number;
  extraRides: number;
}

export interface RecommendOptions {
  /** hours of service ahead within which a cell should have its bikes (quiet hours not counted) */
  horizonHours?: number;
  maxDistanceMetres?: number;
  /** a move worth fewer rides than this is not proposed */
  minExtraRides?: number;
  maxMoves?: number;
  /** at most this many bikes in one move (a van's load) */
  maxBikes?: number;
}

const rad = (d: number) => (d * Math.PI) / 180;

export function metres(a: LonLat, b: LonLat): number {
  const h =
    Math.sin(rad(b[1] - a[1]) / 2) ** 2 +
    Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(rad(b[0] - a[0]) / 2) ** 2;
  return 12_742_000 * Math.asin(Math.sqrt(h));
}

/** rides a cell serves with `bikes` bikes and `demand` expected starts (one ride per bike) */
const served = (demand: number, bikes: number) => Math.min(demand, Math.max(0, bikes));

export function recommendMoves(cells: CellState[], options: RecommendOptions = {}): Move[] {
  const {
    horizonHours = 6,
    maxDistanceMetres = 3000,
    minExtraRides = 0.5,
    maxMoves = 20,
    maxBikes = 10,
  } = options;
  const hours = serviceHours(cells, horizonHours);
  const state = cells.map((c) => ({
    cell: c,
    demand: c.demand.slice(0, hours).reduce((s, v) => s + v, 0),
    supply: c.bikes.length,
    free: [...c.bikes].sort((a, b) => a.idleSince - b.idleSince || a.id - b.id),
  }));
  const needers = state
    .filter((s) => s.cell.allowed && Math.round(s.demand) > s.supply)
    // the largest gap first; preferred parking before others of the same gap
    .sort(
      (a, b) =>
        b.demand - b.supply - (a.demand - a.supply) ||
        Number(b.cell.preferred !== null) - Number(a.cell.preferred !== null) ||
        a.cell.cell.localeCompare(b.cell.cell),
    );
  const moves: Move[] = [];
  for (const need of needers) {
    const sources = state
      .filter((s) => s !== need && s.supply > Math.ceil(s.demand) && s.free.length > 0)
      .map((s) => ({ s, distance: metres(s.cell.centre, need.cell.centre) }))
      .filter((x) => x.distance <= maxDistanceMetres)
      .sort((a, b) => a.distance - b.distance || a.s.cell.cell.localeCompare(b.s.cell.cell));
    for (const { s: source } of sources) {
      const gap = Math.round(need.demand) - need.supply;
      if (gap <= 0 || moves.length >= maxMoves) break;
      const spare = Math.min(source.supply - Math.ceil(source.demand), source.free.length);
      const n = Math.min(gap, spare, maxBikes);
      if (n <= 0) continue;
      const extraRides =
        served(need.demand, need.supply + n) -
        served(need.demand, need.supply) -
        (served(source.demand, source.supply) - served(source.demand, source.supply - n));
      if (extraRides < minExtraRides) continue;
      const bikes = source.free.splice(0, n);
      source.supply -= n;
      need.supply += n;
      moves.push({
        fromCell: source.cell.cell,
        toCell: need.cell.cell,
        from: source.cell.centre,
        to: need.cell.preferred ?? need.cell.centre,
        bikes,
        beforeHours: shortfallHour(need.cell.demand, need.supply - n),
        extraRides: Math.round(extraRides * 10) / 10,
      });
    }
  }
  return moves;
}

/** an hour whose fleet-wide demand is under this share of the day's mean is a quiet one */
export const QUIET_HOUR_SHARE = 0.25;

/**
 * How many hours ahead hold `service` hours of service: the hours whose fleet-wide expected
 * starts are under QUIET_HOUR_SHARE of the mean hour (the night) are passed over, up to the
 * forecast's end. A flat or empty forecast: `service` itself.
 */
export function serviceHours(cells: Array<Pick<CellState, 'demand'>>, service: number): number {
  const length = Math.max(0, ...cells.map((c) => c.demand.length));
  const total = Array.from({ length }, (_, h) =>
    cells.reduce((sum, c) => sum + (c.demand[h] ?? 0), 0),
  );
  const mean = total.reduce((a, b) => a + b, 0) / Math.max(1, length);
  let counted = 0;
  for (let hour = 0; hour < length; hour++) {
    if (total[hour]! >= QUIET_HOUR_SHARE * mean) counted += 1;
    if (counted >= service) return hour + 1;
  }
  return Math.max(service, length);
}

/** the hour (1 …) by which the cell's cumulated demand passes its bikes */
export function shortfallHour(demand: number[], bikes: number): number {
  let sum = 0;
  for (let hour = 0; hour < demand.length; hour++) {
    sum += demand[hour]!;
    if (sum > bikes + 0.5) return Math.max(1, hour);
  }
  return Math.max(1, demand.length);
}

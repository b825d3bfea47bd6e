// Technicians' routes (ADR 0128): one ordered route per technician and shift mixing battery
// swaps and rebalancing pickups and drop-offs — a pickup before its drop-off on the same route,
// never more bikes in the van than it holds, every stop inside its time window and the shift.
// A construction heuristic (cheapest feasible insertion, the most constrained first) and a
// local search (relocate a stop or a pickup-and-drop-off pair, 2-opt within a route) until no
// move shortens the routes or the time budget is spent. Pure: distances are straight lines
// times a detour factor, at a van's speed in town. `nearestNeighbour` is the bench's yardstick.
import { metres, type LonLat } from './recommend';

export interface Stop {
  id: string;
  kind: 'SWAP' | 'PICKUP' | 'DROP';
  at: LonLat;
  /** PICKUP: its DROP's id; DROP: its PICKUP's id */
  pair?: string;
  /** minutes from the shift's start */
  earliest?: number;
  latest?: number;
  serviceMinutes?: number;
}

export interface Van {
  id: string;
  start: LonLat;
  capacity: number;
  shiftMinutes: number;
}

export interface PlannedRoute {
  vanId: string;
  stops: string[];
  /** minutes from the shift's start, per stop */
  arrivals: number[];
  /** bikes in the van after each stop */
  loads: number[];
  km: number;
}

export interface Plan {
  routes: PlannedRoute[];
  unplanned: string[];
  km: number;
}

export interface RouterOptions {
  speedKmh?: number;
  detour?: number;
  timeBudgetMs?: number;
  /** the clock (tests and the bench inject theirs) */
  clock?: () => number;
}

interface Context {
  stops: Stop[];
  index: Map<string, number>;
  vans: Van[];
  km: (a: LonLat, b: LonLat) => number;
  minutesPerKm: number;
}

function context(stops: Stop[], vans: Van[], options: RouterOptions): Context {
  const { speedKmh = 20, detour = 1.3 } = options;
  return {
    stops,
    vans,
    index: new Map(stops.map((s, i) => [s.id, i])),
    km: (a, b) => (metres(a, b) / 1000) * detour,
    minutesPerKm: 60 / speedKmh,
  };
}

/** The route's length, or null when it breaks a rule. */
function evaluate(ctx: Context, van: Van, route: number[]) {
  let at = van.start;
  let time = 0;
  let load = 0;
  let km = 0;
  const picked = new Set<number>();
  const arrivals: number[] = [];
  const loads: number[] = [];
  for (const i of route) {
    const stop = ctx.stops[i]!;
    const leg = ctx.km(at, stop.at);
    km += leg;
    time = Math.max(time + leg * ctx.minutesPerKm, stop.earliest ?? 0);
    if (time > (stop.latest ?? Infinity)) return null;
    arrivals.push(time);
    time += stop.serviceMinutes ?? 5;
    if (stop.kind === 'PICKUP') {
      load += 1;
      picked.add(i);
      if (load > van.capacity) return null;
    } else if (stop.kind === 'DROP') {
      const pickup = ctx.index.get(stop.pair ?? '');
      if (pickup === undefined || !picked.has(pickup)) return null;
      load -= 1;
    }
    loads.push(load);
    at = stop.at;
  }
  if (time > van.shiftMinutes) return null;
  return { km, arrivals, loads };
}

/** the requests: a swap alone, or a pickup with its drop-off */
function requestsOf(ctx: Context): number[][] {
  const requests: number[][] = [];
  ctx.stops.forEach((stop, i) => {
    if (stop.kind === 'SWAP') requests.push([i]);
    else if (stop.kind === 'PICKUP') {
      const drop = ctx.index.get(stop.pair ?? '');
      if (drop !== undefined) requests.push([i, drop]);
    }
  });
  return requests;
}

/** the cheapest feasible way to put a request in one of the routes, or null */
interface Insertion {
  van: number;
  route: number[];
  delta: number;
}

function bestInsertion(
  ctx: Context,
  routes: number[][],
  request: number[],
  costs: number[],
  onlyVan?: Van,
) {
  let best = null as Insertion | null;
  routes.forEach((route, v) => {
    const van = onlyVan ?? ctx.vans[v]!;
    // the exact change of length of each placement (i: before route[i]; j for the drop-off)
    const candidates: Array<{ i: number; j: number; approx: number }> = [];
    const pos = (k: number) => (k === 0 ? van.start : ctx.stops[route[k - 1]!]!.at);
    const next = (k: number) => (k < route.length ? ctx.stops[route[k]!]!.at : null);
    const legDelta = (k: number, p: LonLat) => {
      const before = pos(k);
      const after = next(k);
      return ctx.km(before, p) + (after ? ctx.km(p, after) - ctx.km(before, after) : 0);
    };
    const [first, second] = request;
    const a = ctx.stops[first!]!.at;
    for (let i = 0; i <= route.length; i++) {
      const di = legDelta(i, a);
      if (second === undefined) {
        candidates.push({ i, j: -1, approx: di });
        continue;
      }
      const b = ctx.stops[second]!.at;
      const after = next(i);
      const together = ctx.km(a, b) + (after ? ctx.km(b, after) - ctx.km(a, after) : 0);
      for (let j = i; j <= route.length; j++)
        candidates.push({ i, j, approx: di + (j === i ? together : legDelta(j, b)) });
    }
    candidates.sort((x, y) => x.approx - y.approx);
    for (const { i, j, approx } of candidates) {
      if (best && approx >= best.delta) break;
      const placed =
        j < 0
          ? [...route.slice(0, i), first!, ...route.slice(i)]
          : [...route.slice(0, i), first!, ...route.slice(i, j), second!, ...route.slice(j)];
      const result = evaluate(ctx, van, placed);
      if (!result) continue;
      best = { van: v, route: placed, delta: result.km - costs[v]! };
      break;
    }
  });
  return best;
}

function slack(ctx: Context, request: number[]) {
  return Math.min(...request.map((i) => ctx.stops[i]!.latest ?? Infinity));
}

export function planRoutes(stops: Stop[], vans: Van[], options: RouterOptions = {}): Plan {
  const ctx = context(stops, vans, options);
  const clock = options.clock ?? Date.now;
  const deadline = clock() + (options.timeBudgetMs ?? 4000);
  const routes: number[][] = vans.map(() => []);
  const costs = vans.map(() => 0);
  const unplanned: number[][] = [];
  // the most constrained first (the earliest deadline), then the farthest from the vans
  const requests = requestsOf(ctx).sort(
    (x, y) =>
      slack(ctx, x) - slack(ctx, y) ||
      farthest(ctx, y) - farthest(ctx, x) ||
      stops[x[0]!]!.id.localeCompare(stops[y[0]!]!.id),
  );
  // each van its sector around the start (as many requests each), tried first: the work is
  // shared out instead of piling on the first route
  const sectorOf = sectors(ctx, requests);
  for (const request of requests) {
    const own = sectorOf.get(request)!;
    const mine = routes.map((route, v) => (v === own ? route : null));
    const best =
      sectorInsertion(ctx, mine, request, costs) ?? bestInsertion(ctx, routes, request, costs);
    if (!best) unplanned.push(request);
    else {
      routes[best.van] = best.route;
      costs[best.van] = costs[best.van]! + best.delta;
    }
  }
  localSearch(ctx, routes, costs, deadline, clock);
  return finish(ctx, routes, unplanned.flat());
}

/** the van whose sector (by bearing from the vans' mean start) holds each request */
function sectors(ctx: Context, requests: number[][]) {
  const lon = ctx.vans.reduce((sum, v) => sum + v.start[0], 0) / Math.max(1, ctx.vans.length);
  const lat = ctx.vans.reduce((sum, v) => sum + v.start[1], 0) / Math.max(1, ctx.vans.length);
  const bearing = (request: number[]) => {
    const [x, y] = ctx.stops[request[0]!]!.at;
    return Math.atan2(y - lat, (x - lon) * Math.cos((lat * Math.PI) / 180));
  };
  const sorted = [...requests].sort((a, b) => bearing(a) - bearing(b));
  const size = Math.max(1, Math.ceil(sorted.length / Math.max(1, ctx.vans.length)));
  return new Map(sorted.map((request, k) => [request, Math.floor(k / size)]));
}

/** the cheapest insertion into the routes given (null entries are skipped) */
function sectorInsertion(
  ctx: Context,
  routes: Array<number[] | null>,
  request: number[],
  costs: number[],
) {
  const v = routes.findIndex((r) => r !== null);
  if (v < 0) return null;
  const only = bestInsertion(ctx, [routes[v]!], request, [costs[v]!], ctx.vans[v]);
  return only ? { ...only, van: v } : null;
}

function farthest(ctx: Context, request: number[]) {
  const at = ctx.stops[request[0]!]!.at;
  return Math.min(...ctx.vans.map((v) => ctx.km(v.start, at)));
}

function localSearch(
  ctx: Context,
  routes: number[][],
  costs: number[],
  deadline: number,
  clock: () => number,
) {
  let improved = true;
  while (improved && clock() < deadline) {
    improved = false;
    // relocate: take each request out and put it back where it is cheapest
    for (const request of requestsOf(ctx)) {
      if (clock() >= deadline) return;
      const v = routes.findIndex((r) => r.includes(request[0]!));
      if (v < 0) continue;
      const without = routes[v]!.filter((i) => !request.includes(i));
      const withoutCost = evaluate(ctx, ctx.vans[v]!, without);
      if (!withoutCost) continue;
      const trial = routes.map((r, k) => (k === v ? without : r));
      const trialCosts = costs.map((c, k) => (k === v ? withoutCost.km : c));
      const best = bestInsertion(ctx, trial, request, trialCosts);
      // the two routes' total shrinks exactly when this does (the other route's length stays)
      if (best && withoutCost.km + best.delta < costs[v]! - 1e-9) {
        routes[v] = without;
        costs[v] = withoutCost.km;
        routes[best.van] = best.route;
        costs[best.van] = trialCosts[best.van]! + best.delta;
        improved = true;
      }
    }
    // 2-opt: reverse a stretch of a route
    routes.forEach((route, v) => {
      for (let i = 0; i < route.length - 1; i++)
        for (let j = i + 1; j < route.length; j++) {
          if (clock() >= deadline) return;
          const next = [
            ...route.slice(0, i),
            ...route.slice(i, j + 1).reverse(),
            ...route.slice(j + 1),
          ];
          const result = evaluate(ctx, ctx.vans[v]!, next);
          if (result && result.km < costs[v]! - 1e-9) {
            route.splice(0, route.length, ...next);
            costs[v] = result.km;
            improved = true;
          }
        }
    });
  }
}

function finish(ctx: Context, routes: number[][], unplanned: number[]): Plan {
  const planned = routes.map((route, v) => {
    const result = evaluate(ctx, ctx.vans[v]!, route)!;
    return {
      vanId: ctx.vans[v]!.id,
      stops: route.map((i) => ctx.stops[i]!.id),
      arrivals: result.arrivals,
      loads: result.loads,
      km: result.km,
    };
  });
  return {
    routes: planned,
    unplanned: unplanned.map((i) => ctx.stops[i]!.id),
    km: planned.reduce((sum, r) => sum + r.km, 0),
  };
}

/** The yardstick: each van in turn goes to the nearest stop it may do next, until none fits. */
export function nearestNeighbour(stops: Stop[], vans: Van[], options: RouterOptions = {}): Plan {
  const ctx = context(stops, vans, options);
  const left = new Set(stops.map((_, i) => i));
  const routes: number[][] = vans.map(() => []);
  let moved = true;
  while (moved && left.size > 0) {
    moved = false;
    routes.forEach((route, v) => {
      const at = route.length ? stops[route.at(-1)!]!.at : vans[v]!.start;
      const options = [...left]
        .filter((i) => stops[i]!.kind !== 'DROP' || route.includes(ctx.index.get(stops[i]!.pair!)!))
        .sort((a, b) => ctx.km(at, stops[a]!.at) - ctx.km(at, stops[b]!.at));
      for (const i of options) {
        if (!evaluate(ctx, vans[v]!, [...route, i])) continue;
        route.push(i);
        left.delete(i);
        moved = true;
        break;
      }
    });
  }
  // a pickup whose drop-off found no place is taken out again
  routes.forEach((route, v) => {
    for (const i of [...route])
      if (stops[i]!.kind === 'PICKUP' && !route.includes(ctx.index.get(stops[i]!.pair!)!)) {
        route.splice(route.indexOf(i), 1);
        left.add(i);
      }
    if (!evaluate(ctx, vans[v]!, route)) throw new Error('nearest neighbour broke a rule');
  });
  return finish(ctx, routes, [...left]);
}

// The rebalancing's CPU work on its worker thread (ADR 0136): the forecast's training, the
// recommendations and the routes give on the thread exactly what they give in the caller's
// thread, and while the thread plans, the caller's event loop keeps turning.
import { afterAll, describe, expect, it } from 'vitest';
import { compute, computePool } from './compute-thread';
import type { ComputeJob } from './compute';
import { WEEK_HOURS, type Series } from './forecast';
import type { CellState } from './recommend';
import type { Stop, Van } from './router';

const MONDAY = Date.UTC(2026, 0, 5);

/** a deterministic pseudo-random sequence (the same on both sides) */
function rng(seed: number) {
  let x = seed;
  return () => (x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

function series(seed: number): Series {
  const next = rng(seed);
  const counts: number[] = [];
  for (let i = 0; i < 6 * WEEK_HOURS; i++) {
    const hour = i % 24;
    counts.push(Math.floor(next() * 3 * (1 + Math.exp(-((hour - 8) ** 2) / 3))));
  }
  return { start: MONDAY, counts };
}

function stops(n: number, seed: number): Stop[] {
  const next = rng(seed);
  const at = (): [number, number] => [4.8 + next() * 0.1, 45.72 + next() * 0.08];
  const list: Stop[] = [];
  for (let i = 0; list.length < n; i++) {
    if (i % 4 === 0) {
      list.push({ id: `p${i}`, kind: 'PICKUP', at: at(), pair: `d${i}`, serviceMinutes: 3 });
      list.push({ id: `d${i}`, kind: 'DROP', at: at(), pair: `p${i}`, serviceMinutes: 2 });
    } else list.push({ id: `s${i}`, kind: 'SWAP', at: at(), serviceMinutes: 5 });
  }
  return list;
}

const vans = (n: number): Van[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `v${i}`,
    start: [4.85, 45.76],
    capacity: 4,
    shiftMinutes: 480,
  }));

// a pool of its own: the process's (computeThread) may serve other test files meanwhile
const pool = computePool();
afterAll(() => pool.close());

describe('the rebalancing thread', () => {
  it('trains, recommends and plans as the caller would', async () => {
    const jobs: ComputeJob[] = [
      { op: 'train', cells: new Map([1, 2, 3, 4].map((s) => [`c${s}`, series(s)])) },
      {
        op: 'recommend',
        cells: [0, 1, 2].map((i): CellState => ({
          cell: `c${i}`,
          centre: [4.85 + i * 0.01, 45.76],
          allowed: true,
          preferred: null,
          demand: new Array(24).fill(i === 2 ? 2 : 0),
          bikes: Array.from({ length: i === 0 ? 6 : 0 }, (_, k) => ({
            id: k + 1,
            vehicleNumber: `B${k}`,
            idleSince: MONDAY,
          })),
        })),
      },
      // a search that ends by itself long before its budget: the same plan every time
      { op: 'plan', stops: stops(24, 7), vans: vans(2), options: { timeBudgetMs: 30_000 } },
    ];
    for (const job of jobs) {
      const inline = await compute('fleet-a', job, 'inline');
      const threaded = await compute('fleet-a', job, pool);
      expect(threaded, job.op).toEqual(inline);
      if (job.op === 'recommend') expect(threaded).not.toHaveLength(0);
    }
    expect(pool.started).toBe(1);
  });

  it('leaves the event loop free while it plans', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    const started = Date.now();
    const plan = await compute(
      'fleet-b',
      {
        op: 'plan',
        stops: stops(200, 11),
        vans: vans(5),
        options: { timeBudgetMs: 1_000 },
      },
      pool,
    );
    clearInterval(timer);
    expect(plan.routes).toHaveLength(5);
    // a loop held by the search would tick once at its end
    expect(ticks).toBeGreaterThan((Date.now() - started) / 10 / 4);
    expect(ticks).toBeGreaterThan(10);
  });
});

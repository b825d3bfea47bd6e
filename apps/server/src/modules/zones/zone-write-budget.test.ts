import { describe, expect, it } from 'vitest';
import type { HttpProblem } from '../../lib/problem';
import { ZoneWriteBudget } from './zone-write-budget';

const refused = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error as HttpProblem;
  }
  throw new Error('not refused');
};

describe('the zone write budget', () => {
  it('takes writes up to its capacity, then refuses with the seconds until they fit', () => {
    const budget = new ZoneWriteBudget(1000);
    budget.spend('a', 600, 0);
    budget.spend('a', 400, 0);
    const problem = refused(() => budget.spend('a', 100, 0));
    expect(problem.status).toBe(429);
    // 1,000 corners per 10 minutes: 100 corners come back in 60 s
    expect(problem.extra?.retryAfterSeconds).toBe(60);
    expect(problem.detail).toMatch(/1,000 corners per 10 minutes/);
  });

  it('refills evenly, never above its capacity', () => {
    const budget = new ZoneWriteBudget(1000);
    budget.spend('a', 1000, 0);
    budget.spend('a', 500, 5 * 60_000);
    expect(() => budget.spend('a', 1, 5 * 60_000)).toThrow();
    budget.spend('a', 1000, 60 * 60_000);
    expect(() => budget.spend('a', 1, 60 * 60_000)).toThrow();
  });

  it("keeps each fleet's bucket its own", () => {
    const budget = new ZoneWriteBudget(1000);
    budget.spend('a', 1000, 0);
    expect(() => budget.spend('b', 1000, 0)).not.toThrow();
  });

  it('a refused write takes nothing', () => {
    const budget = new ZoneWriteBudget(1000);
    budget.spend('a', 900, 0);
    expect(() => budget.spend('a', 200, 0)).toThrow();
    expect(() => budget.spend('a', 100, 0)).not.toThrow();
  });
});

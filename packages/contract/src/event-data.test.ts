import { describe, expect, it } from 'vitest';
import { EVENT_DATA_LIMITS, eventDataProblem } from './mqtt';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};

describe('eventDataProblem', () => {
  it('accepts no data, and data within the bounds', () => {
    expect(eventDataProblem(undefined)).toBeNull();
    expect(eventDataProblem({ zone: 'A', levels: { a: { b: [1, 2, 'é😀'] } } })).toBeNull();
    expect(eventDataProblem({ x: nested(EVENT_DATA_LIMITS.maxDepth - 2) })).toBeNull();
  });

  it('refuses data too deep (5,000 levels without overflowing), too large, or unstorable', () => {
    expect(eventDataProblem({ x: nested(EVENT_DATA_LIMITS.maxDepth) })).toMatch(/levels deep/);
    expect(eventDataProblem({ x: nested(5000) })).toMatch(/levels deep/);
    expect(eventDataProblem({ x: 'é'.repeat(2100) })).toMatch(/larger than 4096 bytes/);
    expect(eventDataProblem({ x: 'a\u0000' })).toMatch(/U\+0000/);
    expect(eventDataProblem({ 'k\ud800': 1 })).toMatch(/lone surrogate/);
  });
});

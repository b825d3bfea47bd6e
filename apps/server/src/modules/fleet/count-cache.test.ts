import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRESH_MS, LARGE_COUNT, STALE_MS, cachedCount, cachedFigure } from './count-cache';

const database = () => ({ query: async () => [] }) as never;

describe('list counts', () => {
  afterEach(() => vi.useRealTimers());

  it('counts small selections every time', async () => {
    const db = database();
    const count = vi.fn(async () => 12);
    expect(await cachedCount(db, 'k', count)).toBe(12);
    expect(await cachedCount(db, 'k', count)).toBe(12);
    expect(count).toHaveBeenCalledTimes(2);
  });

  it('reuses a large count for the same key for two seconds, then answers it while counting again', async () => {
    vi.useFakeTimers();
    const db = database();
    let n = LARGE_COUNT;
    const count = vi.fn(async () => n++);
    expect(await cachedCount(db, 'k', count)).toBe(LARGE_COUNT);
    expect(await cachedCount(db, 'k', count)).toBe(LARGE_COUNT);
    expect(await cachedCount(db, 'other filter', count)).toBe(LARGE_COUNT + 1);
    vi.advanceTimersByTime(FRESH_MS + 1);
    // stale: the last count at once, one recount behind it for the next call
    expect(await cachedCount(db, 'k', count)).toBe(LARGE_COUNT);
    expect(await cachedCount(db, 'k', count)).toBe(LARGE_COUNT + 2);
    expect(count).toHaveBeenCalledTimes(3);
    // too old to answer: counted again while the caller waits
    vi.advanceTimersByTime(STALE_MS + 1);
    expect(await cachedCount(db, 'k', count)).toBe(LARGE_COUNT + 3);
    // another database (another server) never shares it
    expect(await cachedCount(database(), 'k', count)).toBe(LARGE_COUNT + 4);
  });

  it('shares one count between concurrent requests and never reuses a failure', async () => {
    const db = database();
    const count = vi.fn(async () => LARGE_COUNT);
    const [a, b] = await Promise.all([cachedCount(db, 'k', count), cachedCount(db, 'k', count)]);
    expect([a, b, count.mock.calls.length]).toEqual([LARGE_COUNT, LARGE_COUNT, 1]);
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(cachedCount(db, 'f', failing)).rejects.toThrow('down');
    await expect(cachedCount(db, 'f', failing)).rejects.toThrow('down');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('keeps the stale figure when its recomputation fails, and tries again', async () => {
    vi.useFakeTimers();
    const db = database();
    const values: Array<number | Error> = [LARGE_COUNT, new Error('down'), LARGE_COUNT + 1];
    const compute = vi.fn(async () => {
      const next = values.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    const large = (n: number) => n >= LARGE_COUNT;
    expect(await cachedFigure(db, 'k', compute, large)).toBe(LARGE_COUNT);
    vi.advanceTimersByTime(FRESH_MS + 1);
    expect(await cachedFigure(db, 'k', compute, large)).toBe(LARGE_COUNT);
    await Promise.resolve();
    expect(await cachedFigure(db, 'k', compute, large)).toBe(LARGE_COUNT);
    expect(await cachedFigure(db, 'k', compute, large)).toBe(LARGE_COUNT + 1);
    expect(compute).toHaveBeenCalledTimes(3);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToWorker } from './worker-protocol';
import { claimEarlyFeed, earlyBounds, loadSnapshot, startEarlyFeed } from './early-feed';
import type { MarkersSnapshot } from './markers-source';

/** The workers started, each with what it was sent and whether it was ended. */
let started: Array<{ sent: ToWorker[]; terminated: boolean; worker: StubWorker }> = [];

class StubWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  private readonly record = { sent: [] as ToWorker[], terminated: false, worker: this };
  constructor() {
    started.push(this.record);
  }
  postMessage(message: ToWorker) {
    this.record.sent.push(message);
  }
  terminate() {
    this.record.terminated = true;
  }
}

const snapshot = (): MarkersSnapshot => ({ markers: new Blob(['{}']), takenAt: 0 });

describe('the marker worker started before the map (early-feed)', () => {
  beforeEach(() => {
    started = [];
    vi.useFakeTimers();
    vi.stubGlobal('Worker', StubWorker);
  });
  afterEach(() => {
    claimEarlyFeed({})?.terminate();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives the worker the markers as they come, and hands it to the map of the same filter', async () => {
    const markers = snapshot();
    startEarlyFeed({ groupId: ['g1'], theftsOnly: false }, Promise.resolve(markers));
    // the page's own prefetch for the same filter starts no second worker
    startEarlyFeed({ theftsOnly: false, groupId: ['g1'] }, Promise.resolve(snapshot()));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toHaveLength(1);
    expect(started[0]!.sent.map((message) => message.type)).toEqual(['load']);

    const feed = claimEarlyFeed({ theftsOnly: false, groupId: ['g1'] });
    expect(feed).not.toBeNull();
    // the map loads the same snapshot from the query: not sent (nor parsed) twice
    expect(loadSnapshot(feed!, markers, {})).toBe(false);
    expect(loadSnapshot(feed!, snapshot(), {})).toBe(true);
    expect(started[0]!.sent.map((message) => message.type)).toEqual(['load', 'load']);
    // taken over: it is the map's now, nothing ends it behind its back
    await vi.advanceTimersByTimeAsync(60_000);
    expect(started[0]!.terminated).toBe(false);
    expect(claimEarlyFeed({ theftsOnly: false, groupId: ['g1'] })).toBeNull();
    feed!.terminate();
  });

  it('ends a worker started for another filter, and one nobody takes', async () => {
    startEarlyFeed({ theftsOnly: true }, Promise.resolve(snapshot()));
    expect(claimEarlyFeed({ theftsOnly: false })).toBeNull();
    expect(started[0]!.terminated).toBe(true);

    startEarlyFeed({}, new Promise<MarkersSnapshot>(() => undefined));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(started[1]!.terminated).toBe(true);
    expect(claimEarlyFeed({})).toBeNull();
  });

  it("tells the extent of the fleet the worker has read, for the worker's filter only", () => {
    startEarlyFeed({}, new Promise<MarkersSnapshot>(() => undefined));
    expect(earlyBounds({})).toBeNull();
    const worker = started[0]!.worker;
    worker.onmessage?.({ data: { type: 'bounds', bounds: [2, 48, 3, 49] } });
    expect(earlyBounds({})).toEqual([2, 48, 3, 49]);
    expect(earlyBounds({ theftsOnly: true })).toBeNull();
    // asking ends nothing: the map of that filter still takes the worker over
    expect(started[0]!.terminated).toBe(false);
    worker.onmessage?.({ data: { type: 'loaded', count: 3, bounds: [1, 47, 3, 49] } });
    expect(earlyBounds({})).toEqual([1, 47, 3, 49]);
  });

  it('does not give the markers to a worker the map has taken over', async () => {
    let arrive: (value: MarkersSnapshot) => void = () => undefined;
    startEarlyFeed({}, new Promise<MarkersSnapshot>((resolve) => (arrive = resolve)));
    const feed = claimEarlyFeed({});
    arrive(snapshot());
    await vi.advanceTimersByTimeAsync(0);
    // the map loads them itself (with the changes since), from the same query
    expect(started[0]!.sent).toEqual([]);
    feed!.terminate();
  });
});

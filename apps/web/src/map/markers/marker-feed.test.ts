import { describe, expect, it } from 'vitest';
import { fakeWorker } from '../../testing/fake-map';
import { MarkerFeed, type FeedEvent } from './marker-feed';

describe('MarkerFeed (the fleet map end of the marker worker)', () => {
  it('matches each answer to its question', async () => {
    const { worker, sent, answer } = fakeWorker();
    const feed = new MarkerFeed(worker);
    const first = feed.ask<number>((requestId) => ({ type: 'expand', requestId, clusterIds: [1] }));
    const second = feed.ask<string[]>((requestId) => ({
      type: 'within',
      requestId,
      bbox: [0, 0, 1, 1],
    }));
    const [one, two] = sent as Array<{ requestId: number }>;
    answer({ type: 'reply', requestId: two!.requestId, data: ['A1'] });
    answer({ type: 'reply', requestId: one!.requestId, data: 14 });
    await expect(first).resolves.toBe(14);
    await expect(second).resolves.toEqual(['A1']);
  });

  it('hands every other message to its listeners and remembers the last fleet indexed', () => {
    const { worker, answer, terminate } = fakeWorker();
    const feed = new MarkerFeed(worker);
    const heard: FeedEvent[] = [];
    const stop = feed.listen((event) => heard.push(event));
    answer({ type: 'bounds', bounds: [2, 48, 3, 49] });
    expect(feed.placed).toEqual({ type: 'bounds', bounds: [2, 48, 3, 49] });
    answer({ type: 'loaded', count: 3, bounds: [2, 48, 3, 49] });
    feed.emit({ type: 'drawn' });
    expect(heard.map((event) => event.type)).toEqual(['bounds', 'loaded', 'drawn']);
    expect(feed.loaded).toEqual({ type: 'loaded', count: 3, bounds: [2, 48, 3, 49] });
    stop();
    answer({ type: 'loaded', count: 4, bounds: null });
    expect(heard).toHaveLength(3);
    feed.terminate();
    expect(terminate).toHaveBeenCalled();
  });
});

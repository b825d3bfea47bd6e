// A stream controller for component tests: what its subscribers hear is what the test streams.
import { act } from '@testing-library/react';
import type { LiveBatch } from '../live/live-batch';
import type { StreamController } from '../live/stream-controller';

export function createFakeLive() {
  const listeners = new Set<(batch: LiveBatch) => void>();
  const resyncs = new Set<() => void>();
  const controller = {
    start() {},
    stop() {},
    subscribe(listener: (batch: LiveBatch) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onResync(listener: () => void) {
      resyncs.add(listener);
      return () => resyncs.delete(listener);
    },
  } as unknown as StreamController;
  return {
    controller,
    /** how many listen now */
    listening: () => listeners.size,
    /** a batch with these parts, the others empty */
    stream: (batch: Partial<LiveBatch>) =>
      act(() =>
        listeners.forEach((listener) =>
          listener({
            bikes: [],
            removed: [],
            commands: [],
            events: [],
            warnings: null,
            alerts: [],
            ...batch,
          }),
        ),
      ),
    resync: () => act(() => resyncs.forEach((listener) => listener())),
  };
}

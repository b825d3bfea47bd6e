// SPEC §4 "Loading": on while at least one request is in flight, off when none remain.

export interface LoadingTracker {
  start(): void;
  stop(): void;
  isLoading(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createLoadingTracker(): LoadingTracker {
  let inFlight = 0;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    start() {
      inFlight += 1;
      if (inFlight === 1) notify();
    },
    stop() {
      inFlight = Math.max(0, inFlight - 1);
      if (inFlight === 0) notify();
    },
    isLoading: () => inFlight > 0,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

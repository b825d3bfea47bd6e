// The fleet map's end of its marker worker (marker-worker.ts): messages out, each question's
// answer matched to it, and every message back handed to the layers that listen (the markers
// for a view, the land for the basemap, the camera for the fleet's bounds).
import type { FromWorker, ToWorker } from './worker-protocol';

/** What the layers hear: the worker's messages, and `drawn` once the first view is on screen. */
export type FeedEvent = FromWorker | { type: 'drawn' };
type Loaded = Extract<FromWorker, { type: 'loaded' }>;
type Bounds = Extract<FromWorker, { type: 'bounds' }>;

export class MarkerFeed {
  /** the last fleet the worker indexed: it may finish before the map has loaded */
  loaded: Loaded | null = null;
  /** the extent of the last fleet the worker read (it comes before `loaded`) */
  placed: Bounds | null = null;
  private readonly listeners = new Set<(event: FeedEvent) => void>();
  private readonly questions = new Map<number, (answer: unknown) => void>();
  private lastQuestion = 0;

  constructor(private readonly worker: Worker) {
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.receive(event.data);
  }

  send(message: ToWorker) {
    this.worker.postMessage(message);
  }

  /** A question to the worker (expand, within, position) and its answer. */
  ask<T>(question: (requestId: number) => ToWorker): Promise<T> {
    return new Promise<T>((resolve) => {
      this.lastQuestion += 1;
      this.questions.set(this.lastQuestion, resolve as (answer: unknown) => void);
      this.send(question(this.lastQuestion));
    });
  }

  /** Returns the function that stops listening. */
  listen(listener: (event: FeedEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: FeedEvent) {
    for (const listener of [...this.listeners]) listener(event);
  }

  terminate() {
    this.worker.terminate();
    this.listeners.clear();
  }

  private receive(message: FromWorker) {
    if (message.type === 'reply') {
      this.questions.get(message.requestId)?.(message.data);
      this.questions.delete(message.requestId);
      return;
    }
    if (message.type === 'error') console.error('map worker:', message.message);
    if (message.type === 'loaded') this.loaded = message;
    if (message.type === 'bounds') this.placed = message;
    this.emit(message);
  }
}

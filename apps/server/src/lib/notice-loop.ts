// Work woken by a database notice and by a timer (the command outbox and the firmware offers,
// docs/architecture.md "THE COMMAND OUTBOX CONTRACT"), the base of their dispatchers: a notice on
// the channel runs `onNotice` at once, a timer runs `sweep` every `everyMs` for what a notice
// missed (and once at the start), and `stop` waits for the work in flight. A failed run is
// logged, never thrown: the next notice or sweep tries again.
import type { Logger } from 'pino';

export interface NoticeLoopOptions {
  /** the database handle's notices (its `listen`) */
  database: {
    listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  };
  channel: string;
  everyMs: number;
  logger: Logger;
  /** what the log calls a failed run (e.g. "command dispatch failed") */
  failure: string;
}

export abstract class NoticeLoop {
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly loop: NoticeLoopOptions) {}

  /** the work a notice asks for (its payload) */
  protected abstract onNotice(payload: string): Promise<unknown>;
  /** the safety net's run */
  protected abstract sweep(): Promise<unknown>;

  async start() {
    const { database, channel, everyMs } = this.loop;
    this.unlisten = await database.listen(channel, (payload) => this.track(this.onNotice(payload)));
    this.timer = setInterval(() => this.track(this.sweep()), everyMs);
    this.timer.unref();
    this.track(this.sweep());
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.unlisten?.();
    this.unlisten = null;
    await Promise.allSettled([...this.running]);
  }

  /** Runs a piece of the loop's work in the background, logging (never throwing) its failure. */
  track(work: Promise<unknown>) {
    const tracked = work
      .catch((error: unknown) => this.loop.logger.error({ err: error }, this.loop.failure))
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }
}

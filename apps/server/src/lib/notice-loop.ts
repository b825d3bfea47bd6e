// Work woken by a database notice and by a timer (the command outbox and the firmware offers,
// docs/architecture.md "THE COMMAND OUTBOX CONTRACT"): a notice on the channel runs the notice's
// work at once, a timer runs the sweep every `everyMs` for what a notice missed (and once at the
// start), and `stop` waits for the work in flight. A failed run is logged, never thrown: the next
// notice or sweep tries again.
import type { Logger } from 'pino';
import type { Database } from '../db/client';

export interface NoticeLoopOptions {
  database: Pick<Database, 'listen'>;
  channel: string;
  everyMs: number;
  logger: Logger;
  /** what the log calls a failed run (e.g. "command dispatch failed") */
  failure: string;
  onNotice(payload: string): Promise<unknown>;
  sweep(): Promise<unknown>;
}

export class NoticeLoop {
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly options: NoticeLoopOptions) {}

  async start() {
    const { database, channel, everyMs, onNotice, sweep } = this.options;
    this.unlisten = await database.listen(channel, (payload) => this.track(onNotice(payload)));
    this.timer = setInterval(() => this.track(sweep()), everyMs);
    this.timer.unref();
    this.track(sweep());
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
      .catch((error: unknown) => this.options.logger.error({ err: error }, this.options.failure))
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }
}

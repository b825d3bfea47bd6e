// Work done after the answer has left (e.g. the reset-password e-mail, DESIGN §5: the answer
// must not depend on whether the e-mail exists or the mail server works). Failures are
// logged without their details beyond the message; close() waits for what is in flight.
import type { FastifyBaseLogger } from 'fastify';

export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const promise: Promise<void> = task()
      .catch((error: unknown) => {
        const { message, code } = error as { message?: string; code?: string };
        this.log.warn({ task: name, error: { message, code } }, 'background task failed');
      })
      .finally(() => this.pending.delete(promise));
    this.pending.add(promise);
  }

  /** Resolves once every task started so far has settled. */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}

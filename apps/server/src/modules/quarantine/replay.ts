// What a quarantine retry needs of the ingest (docs/operations.md): its own validation and
// writer, for one stored message. The ingest provides it (ingest/quarantine-replay.ts) and
// app.ts hands it to the server as `app.quarantineReplay`: the module depends on no ingest
// code (the server's layers, docs/architecture.md).
import type { QuarantineRetry, QuarantinedMessage } from '@vfm/contract';
import type { TxQuery } from '../../db/client';
import type { Jobs } from '../../jobs/job-queue';

export interface QuarantineReplay {
  /**
   * Validates and writes the message as the ingest would, in `tx`. Throws a `Refused` error
   * when the message no longer passes the validation; any other error is the writer's.
   */
  store(
    tx: TxQuery,
    entry: Pick<QuarantinedMessage, 'moduleId' | 'kind'> & { payload: string },
    options: { now: Date; jobs: Jobs },
  ): Promise<QuarantineRetry['outcome']>;
  /** an error as the quarantine records it (its name, code and message on one line) */
  describeError(error: unknown): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the ingest's replay of one quarantined message (app.ts) */
    quarantineReplay: QuarantineReplay;
  }
}

// The ingest pipeline (ADR 0010): validate → batch → one transaction → acknowledge.
// A message is acknowledged to its module (PUBACK) only after the batch holding it committed,
// so a crash between receipt and commit loses nothing: the module (or the broker's persistent
// session) sends it again and (module, seq) idempotency drops the copy. Batches flush at
// `batchRows` messages or `flushMs` after their first message; one write runs at a time, and
// while it runs acknowledgements are withheld, which throttles the modules (backpressure).
import type { Logger } from 'pino';
import type { UpKind } from '@vfm/contract';
import type { Database } from '../db/client';
import {
  writeBatch,
  type BatchResult,
  type ValidMessage,
  type WriteBatchOptions,
} from './batch-writer';
import type { IngestMetrics } from './metrics';
import { parseUpMessage } from './validate';
import { insertQuarantined } from '../modules/quarantine/queries';
import { pingDatabase } from '../modules/health/queries';
import { FleetChanges } from '../modules/bikes/fleet-changes';

/** Called once per message: after commit (or at once for a rejected one). `false` = not
 *  stored, the transport must NOT acknowledge (the pipeline is stopping). */
export type Settle = (stored: boolean) => void;

export interface IngestPipelineOptions {
  database: Database;
  metrics: IngestMetrics;
  logger: Logger;
  now: () => Date;
  batchRows: number;
  flushMs: number;
  /** batches written at once (default 1) */
  concurrentWrites?: number;
  /** the batch writer (tests replace it) */
  write?: typeof writeBatch;
  /** PENDING commands of modules that talked, to publish (again) */
  onCommandsDue?: (commandIds: string[]) => void;
  /** publishes the domain events of a batch (warnings that start or end); none: not detected */
  publish?: WriteBatchOptions['publish'];
}

interface Pending {
  message: ValidMessage;
  /** as received: what the quarantine keeps */
  payload: Buffer;
  settle: Settle;
  receivedAt: number;
}

/** Delay before retrying a batch while the database is unavailable. */
const RETRY_MS = [100, 250, 500, 1000, 2000, 5000];
/** A PENDING command is published again at most this often while its module is active. */
export const COMMAND_RESEND_MS = 60_000;
/** How long the database may take to answer `SELECT 1` when a write failed. */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Errors that say the database cannot work now, whatever the batch: a network error, or the
 * SQLSTATE classes 08 (connection), 40 (serialization failure, deadlock), 53 (insufficient
 * resources), 57 (shut down, cancelled), 58 (I/O) and lock not available. The batch is kept
 * and written again. Any other error is the batch's own, once the database answers a probe
 * (docs/operations.md: a RangeError retried forever stopped the ingest of every fleet).
 */
export function isUnavailable(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  return /^(08|40|53|57|58)|^55P03$/.test(code) || /^E[A-Z]+$/.test(code);
}

export class IngestPipeline {
  private buffer: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly writes = new Set<Promise<void>>();
  /** settles the batches in the order they were taken */
  private settled: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly options: IngestPipelineOptions;
  private readonly maxWrites: number;

  constructor(options: IngestPipelineOptions) {
    this.options = options;
    this.maxWrites = Math.max(1, options.concurrentWrites ?? 1);
  }

  /** Takes one module message; `settle` runs once its fate is durable. */
  accept(moduleId: string, kind: UpKind, payload: Buffer, settle: Settle): void {
    const { metrics, now } = this.options;
    if (this.stopped) return settle(false);
    metrics.received[kind] += 1;
    const parsed = parseUpMessage(kind, payload, now());
    if (!parsed.ok) {
      metrics.reject(parsed.reason);
      this.options.logger.debug(
        { moduleId, kind, reason: parsed.reason, detail: parsed.detail },
        'module message rejected',
      );
      // acknowledged and dropped: resending a malformed message would never make it valid
      return settle(true);
    }
    this.buffer.push({
      message: { moduleId, kind, message: parsed.message, ts: parsed.ts },
      payload,
      settle,
      receivedAt: Date.now(),
    });
    if (metrics.pending === 0) metrics.lastProgressAt = Date.now(); // waiting starts now
    metrics.pending += 1;
    if (this.buffer.length >= this.options.batchRows) this.kick(false);
    else this.timer ??= setTimeout(() => this.kick(true), this.options.flushMs);
  }

  /** Messages received and not yet committed. */
  get pending() {
    return this.buffer.length;
  }

  /** Commits everything received so far (graceful stop, tests). */
  async flush(): Promise<void> {
    while (this.buffer.length || this.writes.size) {
      this.kick(true);
      await Promise.all([...this.writes]);
      await this.settled;
    }
  }

  /** Stops taking messages, commits what was taken. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.flush();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Starts writes while there is room: full batches, or anything when the timer fired. */
  private kick(timerFired: boolean) {
    if (timerFired && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (
      this.writes.size < this.maxWrites &&
      this.buffer.length &&
      (timerFired || this.buffer.length >= this.options.batchRows)
    ) {
      const batch = this.buffer.splice(0, this.options.batchRows);
      const committed = this.commit(batch);
      const previous = this.settled;
      this.settled = (async () => {
        const settle = await committed;
        await previous;
        settle();
      })();
      const write = committed
        .then(() => {})
        .finally(() => {
          this.writes.delete(write);
          // what arrived meanwhile: at once if a full batch, else on the timer
          if (this.buffer.length >= this.options.batchRows) this.kick(false);
          else if (this.buffer.length)
            this.timer ??= setTimeout(() => this.kick(true), this.options.flushMs);
        });
      this.writes.add(write);
      timerFired = false;
    }
  }

  /**
   * Writes a batch until it is durable and returns how to settle it. While the database is
   * unavailable the batch waits, unacknowledged; any other error is the batch's: it is split
   * until the message at fault is alone, and that one goes to the quarantine (acknowledged,
   * kept with its reason for the fleet's administrators), so the others are stored.
   */
  private async commit(batch: Pending[], attempt = 0): Promise<() => void> {
    const { database, metrics, now } = this.options;
    try {
      const at = now();
      const write = this.options.write ?? writeBatch;
      const result = await database.transaction((tx) =>
        write(
          tx,
          batch.map((p) => p.message),
          {
            now: at,
            resendBefore: new Date(at.getTime() - COMMAND_RESEND_MS),
            ...(this.options.publish ? { publish: this.options.publish } : {}),
          },
        ),
      );
      return () => this.settleBatch(batch, result);
    } catch (error) {
      metrics.batchErrors += 1;
      if (isUnavailable(error) || !(await this.databaseAnswers())) {
        return this.retryLater(batch, attempt, error);
      }
      if (batch.length > 1) {
        const half = Math.ceil(batch.length / 2);
        const first = await this.commit(batch.slice(0, half));
        const second = await this.commit(batch.slice(half));
        return () => {
          first();
          second();
        };
      }
      return this.quarantine(batch[0]!, error, attempt);
    }
  }

  /** Keeps the one message the ingest cannot store, then acknowledges it. */
  private async quarantine(pending: Pending, error: unknown, attempt: number): Promise<() => void> {
    const { database, metrics, logger } = this.options;
    const { moduleId, kind } = pending.message;
    const reason = describeError(error);
    try {
      await database.transaction(async (tx) => {
        const fleets = await insertQuarantined(tx, [
          {
            moduleId,
            kind,
            payload: pending.payload.toString('utf8'),
            reason,
            receivedAt: new Date(pending.receivedAt),
          },
        ]);
        // the fleet's administrators see it at once (fleet/stream `quarantine`)
        const changes = new FleetChanges();
        for (const fleetId of fleets) changes.add(fleetId, 'quarantine');
        await changes.notify(tx);
      });
    } catch (quarantineError) {
      return this.retryLater([pending], attempt, quarantineError);
    }
    logger.warn({ moduleId, kind, reason }, 'module message quarantined');
    return () => {
      metrics.quarantined += 1;
      metrics.pending -= 1;
      metrics.lastProgressAt = Date.now();
      pending.settle(true);
    };
  }

  /** The database is unavailable: wait, then write the same batch again. */
  private async retryLater(batch: Pending[], attempt: number, error: unknown) {
    const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!;
    this.options.logger.error(
      { err: error, attempt, delay },
      'ingest batch write failed, retrying',
    );
    await new Promise((resolve) => setTimeout(resolve, delay));
    return this.commit(batch, attempt + 1);
  }

  /** Whether the database answers at all (a failed write is then the batch's fault). */
  private async databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([pingDatabase(this.options.database).then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  private settleBatch(batch: Pending[], result: BatchResult) {
    const { metrics, now } = this.options;
    const committedAt = now().getTime();
    const wall = Date.now();
    let lag = 0;
    let latency = 0;
    batch.forEach((pending, index) => {
      const outcome = result.outcomes[index];
      if (outcome === 'stored') metrics.stored[pending.message.kind] += 1;
      else if (outcome === 'duplicate') metrics.duplicates += 1;
      else metrics.reject('unknown_module');
      lag = Math.max(lag, (committedAt - pending.message.ts.getTime()) / 1000);
      latency = Math.max(latency, (wall - pending.receivedAt) / 1000);
      pending.settle(true);
    });
    metrics.pending -= batch.length;
    metrics.lastProgressAt = Date.now();
    metrics.batches += 1;
    metrics.lastBatchSize = batch.length;
    metrics.lagSeconds = Math.max(0, lag);
    metrics.commitLatencySeconds = latency;
    if (result.commandsToDispatch.length) this.options.onCommandsDue?.(result.commandsToDispatch);
  }
}

/** One line, the error's class and message (its stack stays in the log): a quarantine reason. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${error.name}${code ? ` ${String(code)}` : ''}: ${error.message}`.replace(/\s+/g, ' ');
  }
  return String(error);
}

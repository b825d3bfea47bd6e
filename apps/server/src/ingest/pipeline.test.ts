import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database, TxQuery } from '../db/client';
import type { BatchResult, ValidMessage } from './batch-writer';
import { IngestMetrics } from './metrics';
import { IngestPipeline } from './pipeline';

/** A database that answers; `quarantine` collects what the pipeline keeps there. */
const quarantine: Array<{ module_id: string; kind: string; payload: string; reason: string }> = [];
let answering = true;
const query = async (text: string, params: unknown[] = []) => {
  if (!answering) throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
  if (text.includes('INSERT INTO ingest_quarantine'))
    quarantine.push(...(JSON.parse(params[0] as string) as typeof quarantine));
  return [];
};
const database = {
  kind: 'postgres',
  transaction: <T>(fn: (tx: TxQuery) => Promise<T>) =>
    fn({ query, exec: async () => {} } as unknown as TxQuery),
  query,
} as unknown as Database;

const telemetry = (seq: number) =>
  Buffer.from(JSON.stringify({ seq, ts: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString() }));

function pipeline(write: (batch: ValidMessage[]) => Promise<BatchResult>, options = {}) {
  const metrics = new IngestMetrics();
  return {
    metrics,
    pipeline: new IngestPipeline({
      database,
      metrics,
      logger: pino({ level: 'silent' }),
      now: () => new Date(Date.UTC(2026, 0, 2)),
      batchRows: 2,
      flushMs: 5,
      concurrentWrites: 2,
      write: (_tx, batch) => write(batch),
      ...options,
    }),
  };
}

const stored = (batch: ValidMessage[]): BatchResult => ({
  outcomes: batch.map(() => 'stored'),
  commandsToDispatch: [],
});

describe('IngestPipeline', () => {
  it('acknowledges only after the commit, batch after batch in arrival order', async () => {
    const settled: number[] = [];
    const releases: Array<() => void> = [];
    const { pipeline: p, metrics } = pipeline(
      (batch) => new Promise((resolve) => releases.push(() => resolve(stored(batch)))),
    );
    for (let seq = 1; seq <= 4; seq += 1)
      p.accept('M00001', 'telemetry', telemetry(seq), () => settled.push(seq));
    await new Promise((r) => setTimeout(r, 20));
    expect(releases).toHaveLength(2); // two batches written at once
    releases[1]!(); // the second commits first…
    await new Promise((r) => setTimeout(r, 5));
    expect(settled).toEqual([]); // …but waits for the first
    releases[0]!();
    await p.flush();
    expect(settled).toEqual([1, 2, 3, 4]);
    expect(metrics.stored.telemetry).toBe(4);
    expect(metrics.pending).toBe(0);
  });

  it('acknowledges and counts an invalid message at once', () => {
    const { pipeline: p, metrics } = pipeline(async (batch) => stored(batch));
    let ok: boolean | null = null;
    p.accept('M00001', 'telemetry', Buffer.from('{'), (stored) => (ok = stored));
    expect(ok).toBe(true);
    expect(metrics.rejected.json).toBe(1);
  });

  it('isolates a message the database refuses into the quarantine, and stores the others', async () => {
    quarantine.length = 0;
    const written: number[] = [];
    const { pipeline: p, metrics } = pipeline(
      async (batch) => {
        if (batch.some((m) => m.message.seq === 3))
          throw Object.assign(new Error('out of range'), { code: '22003' });
        written.push(...batch.map((m) => m.message.seq));
        return stored(batch);
      },
      { batchRows: 4 },
    );
    const settled: number[] = [];
    for (let seq = 1; seq <= 4; seq += 1)
      p.accept('M00001', 'telemetry', telemetry(seq), () => settled.push(seq));
    await p.flush();
    expect(written.sort()).toEqual([1, 2, 4]);
    expect(settled).toEqual([1, 2, 3, 4]);
    expect(metrics.quarantined).toBe(1);
    expect(metrics.pending).toBe(0);
    expect(quarantine).toHaveLength(1);
    expect(JSON.parse(quarantine[0]!.payload)).toMatchObject({ seq: 3 });
    expect(quarantine[0]!.reason).toBe('Error 22003: out of range');
  });

  // docs/operations.md: a RangeError (Invalid Date in toISOString) was taken for "database down" and
  // the same batch was retried every 5 s forever: no module of any fleet was stored again
  it('quarantines a message the writer throws on (not the database), and goes on', async () => {
    quarantine.length = 0;
    const written: number[] = [];
    const { pipeline: p, metrics } = pipeline(
      async (batch) => {
        if (batch.some((m) => m.message.seq === 2)) throw new RangeError('Invalid time value');
        written.push(...batch.map((m) => m.message.seq));
        return stored(batch);
      },
      { batchRows: 4 },
    );
    const settled: number[] = [];
    for (let seq = 1; seq <= 5; seq += 1)
      p.accept('M00001', 'telemetry', telemetry(seq), () => settled.push(seq));
    await p.flush();
    expect(written.sort()).toEqual([1, 3, 4, 5]);
    expect(settled).toEqual([1, 2, 3, 4, 5]);
    expect(quarantine.map((q) => q.reason)).toEqual(['RangeError: Invalid time value']);
    expect(quarantine[0]).toMatchObject({ module_id: 'M00001', kind: 'telemetry' });
    expect(metrics.quarantined).toBe(1);
    expect(metrics.stalledSeconds()).toBe(0);
  });

  it('waits, unacknowledged, when the writer fails while the database does not answer', async () => {
    quarantine.length = 0;
    answering = false;
    const { pipeline: p, metrics } = pipeline(async (batch) => {
      if (!answering) throw new Error('PGlite is closed');
      return stored(batch);
    });
    const settled: boolean[] = [];
    p.accept('M00001', 'telemetry', telemetry(1), (ok) => settled.push(ok));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toEqual([]);
    expect(metrics.stalledSeconds(Date.now() + 31_000)).toBeGreaterThan(30);
    answering = true;
    await p.flush();
    expect(settled).toEqual([true]);
    expect(quarantine).toEqual([]);
    expect(metrics.stalledSeconds()).toBe(0);
  });

  it('keeps a batch unacknowledged while the database is unreachable, then commits it', async () => {
    let failures = 2;
    const { pipeline: p, metrics } = pipeline(async (batch) => {
      if (failures-- > 0)
        throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
      return stored(batch);
    });
    const settled: boolean[] = [];
    p.accept('M00001', 'telemetry', telemetry(1), (ok) => settled.push(ok));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toEqual([]);
    await p.flush();
    expect(settled).toEqual([true]);
    expect(metrics.batchErrors).toBe(2);
  });

  it('refuses (does not acknowledge) what arrives once stopping', async () => {
    const { pipeline: p } = pipeline(async (batch) => stored(batch));
    await p.stop();
    let ok: boolean | null = null;
    p.accept('M00001', 'telemetry', telemetry(1), (stored) => (ok = stored));
    expect(ok).toBe(false);
  });
});

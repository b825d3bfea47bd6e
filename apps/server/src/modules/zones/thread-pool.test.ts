// The zones' thread (ADR 0125): a job past its budget fails alone and a fresh thread takes the
// next; fleets' jobs are taken in turns; a thread that dies is replaced. The worker here is a
// few lines of plain JavaScript that echoes, spins or dies as each message asks.
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpProblem } from '../../lib/problem';
import { FairThreadPool, ThreadJobCrash, ThreadJobTimeout, ThreadQueueFull } from './thread-pool';
import { threadProblem } from './zone-thread';

const SCRIPT = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ op, tag, ms }) => {
  if (op === 'spin') { const end = Date.now() + ms; while (Date.now() < end); }
  if (op === 'die') process.exit(3);
  if (op === 'fail') throw new Error('boom');
  parentPort.postMessage({ ok: tag });
});
parentPort.postMessage({ ready: true });`;

let pool: FairThreadPool;
const make = (budgetMs: number, queueMax?: number) =>
  (pool = new FairThreadPool({
    spawn: () => new Worker(SCRIPT, { eval: true }),
    budgetMs,
    queueMax,
  }));
afterEach(() => pool?.close());

describe('the zones thread pool', () => {
  it('fails a job past its budget with a 422 problem, and runs the next on a fresh thread', async () => {
    make(300);
    const slow = pool.run('fleet-b', { op: 'spin', ms: 5_000, tag: 'slow' });
    await expect(slow).rejects.toBeInstanceOf(ThreadJobTimeout);
    const problem = threadProblem(await slow.catch((e: unknown) => e)) as HttpProblem;
    expect(problem).toBeInstanceOf(HttpProblem);
    expect(problem.status).toBe(422);
    expect(problem.code).toBe('ZONE_TOO_COMPLEX');
    expect(await pool.run('fleet-a', { op: 'echo', tag: 'after' })).toBe('after');
    expect(pool.started).toBe(2);
  });

  it("takes fleets' jobs in turns: one fleet's burst delays another's job by one job", async () => {
    make(10_000);
    const done: string[] = [];
    const job = (fleet: string, tag: string) =>
      pool.run(fleet, { op: 'spin', ms: 30, tag }).then((t) => done.push(t as string));
    const burst = ['b1', 'b2', 'b3', 'b4'].map((tag) => job('fleet-b', tag));
    const other = job('fleet-a', 'a1');
    const third = job('fleet-c', 'c1');
    await Promise.all([...burst, other, third]);
    // b1 was running when the others came; then each fleet in turn
    expect(done).toEqual(['b1', 'a1', 'c1', 'b2', 'b3', 'b4']);
  });

  it('refuses a fleet more jobs waiting than its share, others still served', async () => {
    make(10_000, 2);
    const jobs = ['b1', 'b2', 'b3'].map((tag) => pool.run('fleet-b', { op: 'spin', ms: 20, tag }));
    const refused = pool.run('fleet-b', { op: 'echo', tag: 'b4' });
    await expect(refused).rejects.toBeInstanceOf(ThreadQueueFull);
    const problem = threadProblem(await refused.catch((e: unknown) => e)) as HttpProblem;
    expect([problem.status, problem.code]).toEqual([429, 'ZONE_CHECKS_BUSY']);
    expect(await pool.run('fleet-a', { op: 'echo', tag: 'a1' })).toBe('a1');
    expect(await Promise.all(jobs)).toEqual(['b1', 'b2', 'b3']);
  });

  it('replaces a thread that died: its job fails with a 503 problem, the next one runs', async () => {
    make(10_000);
    const dying = pool.run('fleet-b', { op: 'die' });
    await expect(dying).rejects.toBeInstanceOf(ThreadJobCrash);
    const problem = threadProblem(await dying.catch((e: unknown) => e)) as HttpProblem;
    expect([problem.status, problem.code]).toEqual([503, 'ZONE_CHECKS_UNAVAILABLE']);
    expect(await pool.run('fleet-a', { op: 'echo', tag: 'next' })).toBe('next');
    await expect(pool.run('fleet-b', { op: 'fail' })).rejects.toBeInstanceOf(ThreadJobCrash);
    expect(await pool.run('fleet-b', { op: 'echo', tag: 'again' })).toBe('again');
    expect(pool.started).toBe(3);
  });
});

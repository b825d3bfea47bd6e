// Background work gives way to requests (ADR 0102, ADR 0137): idle() waits for the requests
// being answered, not for the live stream, and never longer than a second; the worker's
// database on PGlite starts each query and transaction once no request is answered.
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { requestGate, yieldingDatabase } from './request-gate';

const apps: Array<ReturnType<typeof Fastify>> = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function server() {
  const app = Fastify();
  apps.push(app);
  const gate = requestGate(app);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  app.get('/slow', async () => {
    await held;
    return { ok: true };
  });
  app.get('/api/fleet/stream', async () => {
    await held;
    return 'done';
  });
  await app.ready();
  return { app, gate, release };
}

describe('the request gate of the demo seed', () => {
  it('is idle with no request, and settles once the request in progress is answered', async () => {
    const { app, gate, release } = await server();
    await gate.idle();
    const answer = app.inject({ url: '/slow' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gate.active).toBe(1);
    let idle = false;
    const waiting = gate.idle().then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(idle).toBe(false);
    release();
    expect((await answer).statusCode).toBe(200);
    await waiting;
    expect(gate.active).toBe(0);
  });

  it('does not wait for the live stream, and never more than a second', async () => {
    const { app, gate, release } = await server();
    const stream = app.inject({ url: '/api/fleet/stream' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gate.active).toBe(0);
    const slow = app.inject({ url: '/slow' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    await gate.idle();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(gate.active).toBe(1);
    release();
    await Promise.all([stream, slow]);
    expect(gate.active).toBe(0);
  });

  it("runs a job's query on PGlite beside a request in progress, after a poll", async () => {
    const { app, gate, release } = await server();
    const database = await openDatabase({ databaseUrl: null, dataDir: null });
    try {
      const jobs = yieldingDatabase(database, gate);
      const answer = app.inject({ url: '/slow' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(gate.active).toBe(1);
      // a job never waits for requests to end: only for the event loop's poll
      expect(await jobs.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(await jobs.transaction((tx) => tx.query<{ two: number }>('SELECT 2 AS two'))).toEqual([
        { two: 2 },
      ]);
      release();
      expect((await answer).statusCode).toBe(200);
    } finally {
      await database.close();
    }
  }, 30_000);
});

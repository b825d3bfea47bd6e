// Background work gives way to requests (ADR 0102, ADR 0137). On PGlite every query waits for
// the one connection: a sign-in's few queries, each behind a bike's seed transaction (tens of
// milliseconds, more on busy cores), took a second or two at the first start. The demo seed
// starts each bike, and the worker's jobs each query or transaction (yieldingDatabase), only
// when no request is being answered — or after MAX_WAIT_MS, so that a steady stream of
// requests cannot hold them back for ever. The live stream (open for as long as a map is) does
// not count.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';

const MAX_WAIT_MS = 1000;
const counted = new WeakSet<FastifyRequest>();

export interface RequestGate {
  /** settles once no request is being answered (or after MAX_WAIT_MS) */
  idle(): Promise<void>;
  readonly active: number;
}

const longLived = (request: FastifyRequest) =>
  request.routeOptions.url?.endsWith('/fleet/stream') ?? false;

export function requestGate(app: FastifyInstance): RequestGate {
  let active = 0;
  let waiters: Array<() => void> = [];
  const release = () => {
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  app.addHook('onRequest', async (request) => {
    if (longLived(request)) return;
    counted.add(request);
    active += 1;
  });
  const done = async (request: FastifyRequest) => {
    if (!counted.delete(request)) return;
    active -= 1;
    if (active === 0) release();
  };
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
  return {
    get active() {
      return active;
    },
    idle() {
      if (active === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, MAX_WAIT_MS);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

/**
 * The database as background work uses it beside an API on PGlite's one connection: each query
 * and each transaction starts after the event loop has polled its sockets. PGlite runs a query
 * on this thread and answers it through promises alone: a job's loop of queries would go from
 * one to the next without the event loop ever reading a socket — a request that arrived
 * meanwhile would wait for the whole loop. A transaction's own queries do not yield: it holds
 * the connection. On PostgreSQL (a pool) the database is returned as it is.
 */
export function yieldingDatabase(database: Database, _gate?: RequestGate): Database {
  if (database.kind !== 'pglite') return database;
  // the poll lets a request that arrived be read, and its queries queue on the connection
  // beside the job's; a job never waits for requests to end (a page that keeps asking, or
  // two at once, would hold a job's every query a second)
  const turn = async () => {
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  return {
    ...database,
    async query(text, params) {
      await turn();
      return database.query(text, params);
    },
    async exec(text) {
      await turn();
      return database.exec(text);
    },
    async transaction(fn) {
      await turn();
      return database.transaction(fn);
    },
    async executeSql(text, values) {
      await turn();
      return database.executeSql(text, values);
    },
  };
}

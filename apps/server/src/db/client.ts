// One database interface over PGlite (embedded default) and PostgreSQL (DATABASE_URL): the same
// parameterised SQL runs on both (ADR 0001). Queries are typed by the row interface each
// module's queries.ts declares; there is no ORM layer.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { copyTemplate, isFreshDataDir } from './pglite-template';

export interface Database {
  kind: 'pglite' | 'postgres';
  /** Raw parameterised SQL ($1, $2…); rows come back with int8 as number, timestamptz as Date. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Run several statements (no parameters), e.g. a migration file. */
  exec(text: string): Promise<void>;
  /** Run fn inside one transaction; raw queries through the given handle belong to it. */
  transaction<T>(fn: (tx: TxQuery) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; resolves to an unsubscribe function. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * pg-boss's `Db.executeSql` (the jobs home, ADR 0081): parameterised SQL, or several
   * statements when there are no parameters; the rows of the last statement.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** PGlite only: a gzipped dump of the data directory (test templates, backups) */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** Anything raw SQL can run on: the database itself or a transaction (query helpers take it). */
export type Queryable = Pick<TxQuery, 'query'>;

/** The one row a statement answers, or null when it answers none. */
export async function queryOne<T>(
  db: Queryable,
  text: string,
  params?: unknown[],
): Promise<T | null> {
  const [row] = await db.query<T>(text, params);
  return row ?? null;
}

/**
 * Many rows as one parameter: the JSON array a statement reads back with jsonb_to_recordset
 * (one round trip for a batch, the same text on PGlite and PostgreSQL).
 */
export const jsonRecords = <T>(items: readonly T[], row: (item: T, index: number) => object) =>
  JSON.stringify(items.map(row));

/** Raw query handle of a transaction. */
export interface TxQuery {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** several statements, no parameters */
  exec(text: string): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  /** PGlite directory; null = in memory (tests) */
  dataDir: string | null;
  /** a PGlite data dump to start from (tests: a migrated template) */
  loadDataDir?: Blob;
  poolSize?: number;
}

const INT8_OID = 20;
/**
 * PGlite starts PostgreSQL with shared_buffers = 128 MB, all of it resident in the server
 * process. 32 MB keeps the demo's whole database and a 100,000-bike fleet's hot pages; the
 * rest is read through the OS page cache. −115 MB of resident memory (bench/first-start).
 */
const PGLITE_SHARED_BUFFERS = '32MB';
const pgliteStartParams = () => {
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams;
  return defaults ? [...defaults, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] : undefined;
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) await mkdir(path.dirname(dataDir), { recursive: true });
  if (dataDir && !loadDataDir && isFreshDataDir(dataDir)) await copyTemplate(dataDir);
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: { [INT8_OID]: (value: string) => Number(value) },
    ...(pgliteStartParams() ? { startParams: pgliteStartParams() } : {}),
  });
  return {
    kind: 'pglite',
    async query<T>(text: string, params: unknown[] = []) {
      return (await client.query<T>(text, params)).rows;
    },
    async exec(text) {
      await client.exec(text);
    },
    transaction(fn) {
      return client.transaction((tx) =>
        fn({
          query: async <R>(text: string, params: unknown[] = []) =>
            (await tx.query<R>(text, params)).rows,
          exec: async (text: string) => {
            await tx.exec(text);
          },
        }),
      );
    },
    async listen(channel, handler) {
      const unsubscribe = await client.listen(channel, handler);
      return () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async executeSql(text, values = []) {
      if (values.length) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    async dumpDataDir() {
      return (await client.dumpDataDir('gzip')) as Blob;
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID
        ? (value: string) => Number(value)
        : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ connectionString, max, types });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  await pool.query('SELECT 1');

  let listener: pg.PoolClient | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const ensureListener = async () => {
    if (listener) return listener;
    listener = await pool.connect();
    listener.on('notification', (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    listener.on('error', () => {
      // Reconnect and re-subscribe on the next tick; notifications in between are lost,
      // which the stream tolerates (clients resynchronise from the REST calls).
      listener?.release(true);
      listener = null;
      setTimeout(() => {
        void resubscribe();
      }, 1000).unref();
    });
    return listener;
  };
  const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const resubscribe = async () => {
    if (!handlers.size) return;
    try {
      const client = await ensureListener();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch {
      setTimeout(() => void resubscribe(), 2000).unref();
    }
  };

  return {
    kind: 'postgres',
    async query<T>(text: string, params: unknown[] = []) {
      return (await pool.query(text, params)).rows as T[];
    },
    async exec(text) {
      await pool.query(text);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <R>(text: string, params: unknown[] = []) =>
            (await client.query(text, params)).rows as R[],
          exec: async (text: string) => {
            await client.query(text);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const client = await ensureListener();
        await client.query(`LISTEN ${quoteIdent(channel)}`);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(channel);
          await listener?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async executeSql(text, values = []) {
      // no parameters: the simple protocol, one result per statement
      const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
      return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
    },
    async close() {
      listener?.release();
      listener = null;
      await pool.end();
    },
  };
}

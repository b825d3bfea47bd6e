// The VFM server as the benchmarks run it: on a given database, any free port, no demo and no
// simulator, one API key, and a signed access token for an account of the seed.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config/config';
import type { ResolvedConfig } from '../apps/server/src/config/secrets';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import pg from 'pg';
import { createServer } from '../apps/server/src/server';

export const BENCH_API_KEY = 'bench-api-key';

/** One statement on a PostgreSQL server (CREATE / DROP DATABASE of a benchmark). */
export async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The databases a benchmark can run on. */
export type BenchDatabaseKind = 'pglite' | 'postgres';

/** The databases this run measures: BENCH_DATABASES (comma-separated), else `fallback`. */
export const benchDatabaseKinds = (fallback = 'pglite,postgres') =>
  (process.env.BENCH_DATABASES ?? fallback).split(',') as BenchDatabaseKind[];

/** A fresh database for one phase of a benchmark: PGlite in memory, or a PostgreSQL database
 *  created on `adminUrl` for it (named after `tag`) and dropped after. */
export async function withBenchDatabase<T>(
  kind: BenchDatabaseKind,
  tag: string,
  adminUrl: string,
  fn: (database: Database) => Promise<T>,
): Promise<T> {
  if (kind === 'pglite') {
    const database = await openDatabase({ databaseUrl: null, dataDir: null });
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  }
  const name = `vfm_bench_${tag}_${Date.now()}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  try {
    return await fn(database);
  } finally {
    await database.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

/** The PostgreSQL server of the benchmarks: BENCH_DATABASE_URL, DATABASE_URL or the local one. */
export const benchPostgresUrl = () =>
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  'postgresql://postgres@127.0.0.1:5432/postgres';

/** `fn` on a PostgreSQL database of its own (withBenchDatabase), or why PostgreSQL was skipped. */
export async function onPostgresOrSkip<T>(
  tag: string,
  fn: (database: Database) => Promise<T>,
): Promise<T | { skipped: string }> {
  try {
    return await withBenchDatabase('postgres', tag, benchPostgresUrl(), fn);
  } catch (error) {
    const skipped = (error as Error).message;
    console.error(`PostgreSQL skipped: ${skipped}`);
    return { skipped };
  }
}

/** The databases this run measures (benchDatabaseKinds) and a fresh one of each kind, named after `tag`. */
export function benchDatabases(tag: string, adminUrl: string, fallback?: string) {
  return {
    kinds: benchDatabaseKinds(fallback),
    withDatabase: <T>(kind: BenchDatabaseKind, fn: (database: Database) => Promise<T>) =>
      withBenchDatabase(kind, tag, adminUrl, fn),
  };
}

/**
 * Runs a benchmark on PGlite, then — when BENCH_DATABASE_URL or DATABASE_URL names a
 * PostgreSQL server — on a database of its own there, dropped after. Each figure is printed.
 */
export async function onEachDatabase<T>(
  tag: string,
  runOn: (database: Database) => Promise<T>,
): Promise<{ pglite: T; postgres?: T }> {
  const pglite = await openDatabase({ databaseUrl: null, dataDir: null });
  let figures: { pglite: T; postgres?: T };
  try {
    figures = { pglite: await runOn(pglite) };
    console.log('PGlite', figures.pglite);
  } finally {
    await pglite.close();
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!serverUrl) return figures;
  const name = `vfm_bench_${tag}_${process.pid}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  try {
    figures.postgres = await runOn(database);
    console.log('PostgreSQL', figures.postgres);
  } finally {
    await database.close();
    await adminQuery(serverUrl, `DROP DATABASE ${name}`);
  }
  return figures;
}

export interface BenchServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  server: Awaited<ReturnType<typeof createServer>>;
  /** a signed access token of the seed's account with this e-mail, with a live session */
  tokenFor(email: string): Promise<string>;
  close(): Promise<void>;
}

export async function startBenchServer(
  database: Database,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vfm-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    API_KEYS: BENCH_API_KEY,
    DEMO: 'false',
    SIMULATOR_BIKES: '0',
    VFM_ROLES: 'api',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
    ...env,
  }) as ResolvedConfig;
  const server = await createServer(config, { database });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    server,
    async tokenFor(email) {
      const [account] = await database.query<{ id: string; fleet_id: string; roles: string[] }>(
        'SELECT id, fleet_id, roles FROM account WHERE email = $1',
        [email],
      );
      const [session] = await database.query<{ id: string }>(
        'INSERT INTO auth_session (account_id) VALUES ($1) RETURNING id',
        [account!.id],
      );
      return server.app.accessTokens.sign({
        accountId: account!.id,
        email,
        roles: account!.roles,
        fleetId: account!.fleet_id,
        sessionId: session!.id,
      });
    },
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

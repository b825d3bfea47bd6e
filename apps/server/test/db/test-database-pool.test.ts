// The test suite's PGlite databases are reused within a worker (test/helpers/pglite-pool.ts): a
// file's database must reach the next file empty, migrated, and out of the first file's reach.
import { describe, expect, it } from 'vitest';
import { createTestDatabase, usingPostgres } from '../helpers/database';
import { startTestServer } from '../helpers/server';

const rowCount = async (database: { query: <T>(sql: string) => Promise<T[]> }, sql: string) =>
  (await database.query<{ n: number }>(sql))[0]!.n;

describe.skipIf(usingPostgres())(
  'a reused PGlite test database (PostgreSQL copies a template)',
  () => {
    it('reaches the next file empty, with the migrations’ rows, and no longer answers the first', async () => {
      const first = await createTestDatabase();
      const heard: string[] = [];
      await first.database.listen('pool_probe', (payload) => heard.push(payload));
      await first.database.exec(
        `INSERT INTO fleet (name) VALUES ('left behind');
       CREATE TEMPORARY TABLE scratch (n int)`,
      );
      const migrations = await rowCount(
        first.database,
        'SELECT count(*)::int AS n FROM schema_migration',
      );
      const queues = await rowCount(first.database, 'SELECT count(*)::int AS n FROM pgboss.queue');
      await first.drop();
      await expect(first.database.query('SELECT 1')).rejects.toThrow(/released/);

      const next = await createTestDatabase();
      try {
        expect(await rowCount(next.database, 'SELECT count(*)::int AS n FROM fleet')).toBe(0);
        expect(
          await rowCount(next.database, 'SELECT count(*)::int AS n FROM schema_migration'),
        ).toBe(migrations);
        expect(await rowCount(next.database, 'SELECT count(*)::int AS n FROM pgboss.queue')).toBe(
          queues,
        );
        expect(await next.database.query(`SELECT to_regclass('scratch') AS t`)).toEqual([
          { t: null },
        ]);
        await next.database.notify('pool_probe', 'for the next file only');
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(heard).toEqual([]);
      } finally {
        await next.drop();
      }
    });

    it('serves a server again after one ran on it (its partitions and queues made at start)', async () => {
      const first = await startTestServer();
      await first.close();
      const second = await startTestServer();
      try {
        const health = await second.api().get('/readyz');
        expect(health.status).toBe(200);
      } finally {
        await second.close();
      }
    });

    it('is not reused once a file changed its schema', async () => {
      const first = await createTestDatabase();
      await first.database.exec('CREATE TABLE pool_probe_table (n int)');
      await first.drop();
      const next = await createTestDatabase();
      try {
        expect(await next.database.query(`SELECT to_regclass('pool_probe_table') AS t`)).toEqual([
          { t: null },
        ]);
      } finally {
        await next.drop();
      }
    });
  },
);

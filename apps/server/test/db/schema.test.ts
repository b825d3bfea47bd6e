// The Drizzle model (src/db/schema.ts) and the SQL migrations describe the same tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../src/db/schema';
import { migrate } from '../../src/db/migrate';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('database schema', () => {
  it('has every table and column of the Drizzle model, with the same nullability', async () => {
    const columns = await testDb.database.query<{
      table_name: string;
      column_name: string;
      is_nullable: string;
    }>(
      `SELECT table_name, column_name, is_nullable FROM information_schema.columns
        WHERE table_schema = current_schema()`,
    );
    const actual = new Map(
      columns.map((c) => [`${c.table_name}.${c.column_name}`, c.is_nullable === 'YES']),
    );
    const tables = Object.values(schema).filter(
      (value) =>
        typeof value === 'object' &&
        value !== null &&
        Symbol.for('drizzle:IsDrizzleTable') in value,
    ) as PgTable[];
    expect(tables.length).toBeGreaterThan(10);
    for (const table of tables) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        const key = `${config.name}.${column.name}`;
        expect(actual.has(key), `${key} exists`).toBe(true);
        expect(actual.get(key), `${key} nullable`).toBe(!column.notNull);
      }
    }
  });

  it('applies migrations once: a second run applies nothing', async () => {
    expect(await migrate(testDb.database)).toEqual([]);
  });
});

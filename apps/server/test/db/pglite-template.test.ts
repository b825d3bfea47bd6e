// The first start on an empty DATA_DIR copies the cluster made at install time instead of
// running initdb in the server process (docs/performance.md "First start").
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { MIGRATIONS_DIR } from '../../src/db/migrate';
import { migrate } from '../../src/migrate';
import { makeMigratedTemplate } from '../../src/cli/migrated-template';
import {
  isFreshDataDir,
  makeTemplate,
  migratedTemplateDir,
  migrationsDigest,
  templateDir,
} from '../../src/db/pglite-template';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('PGlite template', () => {
  it('is made once per PGlite version and fills an empty data folder', async () => {
    const template = await makeTemplate();
    expect(template).toBe(await templateDir());
    expect(existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
    expect(await makeTemplate()).toBe(template); // already there: kept

    const root = await mkdtemp(path.join(os.tmpdir(), 'vfm-template-'));
    dirs.push(root);
    const dataDir = path.join(root, 'pgdata');
    expect(isFreshDataDir(dataDir)).toBe(true);
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect(isFreshDataDir(dataDir)).toBe(false);
      await database.exec('CREATE TABLE t (n int); INSERT INTO t VALUES (42)');
      expect(await database.query('SELECT n FROM t')).toEqual([{ n: 42 }]);
      // the embedded database keeps a small buffer pool (resident memory)
      expect(await database.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '32MB' }]);
    } finally {
      await database.close();
    }
    // the template itself is untouched by what the copy holds
    const again = await openDatabase({ databaseUrl: null, dataDir: path.join(root, 'second') });
    try {
      expect(await again.query("SELECT to_regclass('t') AS t")).toEqual([{ t: null }]);
    } finally {
      await again.close();
    }
  });

  it('is also made migrated: a first start copies the schema of these migrations, with nothing left to apply', async () => {
    const template = await makeMigratedTemplate();
    expect(template).toBe(await migratedTemplateDir());
    expect(template.startsWith(`${await templateDir()}-m`)).toBe(true);
    const root = await mkdtemp(path.join(os.tmpdir(), 'vfm-template-'));
    dirs.push(root);
    const database = await openDatabase({ databaseUrl: null, dataDir: path.join(root, 'pgdata') });
    try {
      expect(await migrate(database)).toEqual([]);
      const [row] = await database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM schema_migration',
      );
      const { readdir } = await import('node:fs/promises');
      const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql'));
      expect(row!.n).toBe(files.length);
    } finally {
      await database.close();
    }
  });

  it('names the migrated copy after the migration files: another file, another copy', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'vfm-migrations-'));
    dirs.push(root);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(root, '0001_a.sql'), 'SELECT 1;');
    const one = await migrationsDigest(root);
    expect(await migrationsDigest(root)).toBe(one);
    await writeFile(path.join(root, '0002_b.sql'), 'SELECT 2;');
    expect(await migrationsDigest(root)).not.toBe(one);
  });
});

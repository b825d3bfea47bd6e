// The first start on an empty DATA_DIR copies the cluster made at install time instead of
// running initdb in the server process (docs/performance.md "First start").
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { isFreshDataDir, makeTemplate, templateDir } from '../../src/db/pglite-template';

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
});

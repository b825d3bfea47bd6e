// A fresh PGlite cluster (what initdb writes), made once at install time (`npm ci` runs
// cli/postinstall.ts) in a folder beside the installed packages. A first start on an empty
// DATA_DIR copies it instead of running initdb in the server process: initdb's WebAssembly
// instances took the server to ≈ 900 MB of resident memory for a few seconds, a copy of files
// costs nothing (bench/first-start). Keyed by the PGlite version: another version makes its
// own. Missing, the server runs initdb itself as before.
// Beside it, the same cluster with this tree's migrations applied (cli/migrated-template.ts,
// keyed by a digest of the migration files): the first start copies that one and has nothing to
// migrate — 100-odd migrations and the jobs schema were ≈ 2 s of its start (ADR 0102). After
// a pull that adds migrations, the digest differs: the plain cluster is copied and migrated.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/** node_modules/@electric-sql/pglite */
const pgliteDir = () =>
  path.resolve(path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '..');

export async function templateDir(): Promise<string> {
  const { version } = JSON.parse(
    await readFile(path.join(pgliteDir(), 'package.json'), 'utf8'),
  ) as { version: string };
  return path.join(pgliteDir(), '..', '..', '.cache', 'vfm', `pglite-${version}`);
}

/** The migrations folder (migrate.ts's MIGRATIONS_DIR, without importing the migrator). */
const MIGRATIONS = path.join(import.meta.dirname, 'migrations');

/** A digest of the migration files, names and contents: which schema a migrated copy holds. */
export async function migrationsDigest(dir = MIGRATIONS): Promise<string> {
  const hash = createHash('sha256');
  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort()) {
    hash
      .update(name)
      .update('\0')
      .update(await readFile(path.join(dir, name)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The migrated template's folder for the migrations of this tree. */
export async function migratedTemplateDir(): Promise<string> {
  return `${await templateDir()}-m${await migrationsDigest()}`;
}

/** true when dataDir holds no cluster yet (PGlite would run initdb there). */
export const isFreshDataDir = (dataDir: string) => !existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * Fills a fresh data folder from the migrated template of these migrations, else from the plain
 * one, when there is one; false otherwise.
 */
export async function copyTemplate(dataDir: string): Promise<boolean> {
  for (const template of [await migratedTemplateDir(), await templateDir()]) {
    if (!existsSync(path.join(template, 'PG_VERSION'))) continue;
    await cp(template, dataDir, { recursive: true });
    return true;
  }
  return false;
}

/** Makes the template unless it exists; returns its folder. */
export async function makeTemplate(): Promise<string> {
  const template = await templateDir();
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  const partial = `${template}.${process.pid}.tmp`;
  await mkdir(path.dirname(template), { recursive: true });
  const client = await PGlite.create({ dataDir: partial });
  await client.close();
  await rm(template, { recursive: true, force: true });
  await rename(partial, template);
  return template;
}

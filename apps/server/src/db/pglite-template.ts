// A fresh PGlite cluster (what initdb writes), made once at install time (`npm ci` runs
// pglite-template-cli.ts) in a folder beside the installed packages. A first start on an empty
// DATA_DIR copies it instead of running initdb in the server process: initdb's WebAssembly
// instances took the server to ≈ 900 MB of resident memory for a few seconds, a copy of files
// costs nothing (bench/first-start). Keyed by the PGlite version: another version makes its
// own. Missing, the server runs initdb itself as before.
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm } from 'node:fs/promises';
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

/** true when dataDir holds no cluster yet (PGlite would run initdb there). */
export const isFreshDataDir = (dataDir: string) => !existsSync(path.join(dataDir, 'PG_VERSION'));

/** Fills a fresh data folder from the template, when there is one; false otherwise. */
export async function copyTemplate(dataDir: string): Promise<boolean> {
  const template = await templateDir();
  if (!existsSync(path.join(template, 'PG_VERSION'))) return false;
  await cp(template, dataDir, { recursive: true });
  return true;
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

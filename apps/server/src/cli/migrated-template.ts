// The migrated PGlite template (pglite-template.ts): the plain cluster made at install time with
// every migration of this tree applied, so that a first start copies a ready schema. Made by
// `npm ci` (cli/postinstall.ts) after the plain one; an older migrated copy of the same
// PGlite version is removed (one per version is enough: the digest names the current one).
import { existsSync } from 'node:fs';
import { cp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { migrate } from '../migrate';
// the queues migrate() creates are the modules' (ADR 0123)
import '../modules';
import { makeTemplate, migratedTemplateDir } from '../db/pglite-template';

export async function makeMigratedTemplate(): Promise<string> {
  const target = await migratedTemplateDir();
  if (existsSync(path.join(target, 'PG_VERSION'))) return target;
  const plain = await makeTemplate();
  const partial = `${target}.${process.pid}.tmp`;
  await rm(partial, { recursive: true, force: true });
  await cp(plain, partial, { recursive: true });
  const database = await openDatabase({ databaseUrl: null, dataDir: partial });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  const folder = path.dirname(target);
  const stale = (await readdir(folder)).filter(
    (name) => name.startsWith(`${path.basename(plain)}-m`) && !name.includes('.tmp'),
  );
  for (const name of stale) await rm(path.join(folder, name), { recursive: true, force: true });
  await rename(partial, target);
  return target;
}

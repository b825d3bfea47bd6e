// npm ci → postinstall: what makes the first `npm start` quick (ADR 0102). Never fails the
// install: without any of it, the first start does the same work itself.
// - The PGlite templates of db/pglite-template.ts: the plain cluster (what initdb writes), then
//   the same with this tree's migrations applied.
// - tsx's cache of the server's compiled files (the server runs its TypeScript through tsx): the
//   server's modules are loaded once here — nothing starts — so that the first start reads them
//   compiled (≈ 0.8 s of a first start on two busy cores).
// - The web app's production build (apps/web/scripts/build.mjs --if-changed, ADR 0131): the
//   first `npm start` finds it made from the same sources and starts the server at once.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { makeTemplate } from '../db/pglite-template';

try {
  process.stdout.write(`PGlite template: ${await makeTemplate()}\n`);
  const { makeMigratedTemplate } = await import('./migrated-template');
  process.stdout.write(`PGlite migrated template: ${await makeMigratedTemplate()}\n`);
} catch (error) {
  console.warn(
    `PGlite template not made (${(error as Error).message}): the first start runs initdb and the migrations`,
  );
}
try {
  await import('../server');
} catch (error) {
  console.warn(`The server's modules were not loaded ahead (${(error as Error).message})`);
}

// its own process: the bundler's memory is handed back before the install ends
const build = spawnSync(
  process.execPath,
  [fileURLToPath(new URL('../../../web/scripts/build.mjs', import.meta.url)), '--if-changed'],
  { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
);
if (build.status === 0) process.stdout.write('web app built: the first npm start serves it\n');
else
  console.warn(
    `The web app was not built ahead: the first npm start builds it\n${build.stderr ?? ''}`,
  );

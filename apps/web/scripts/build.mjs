// `npm run build`: Vite's production build, in this process, with the bundler's allocator told
// to hand back memory it no longer uses. Rolldown's mimalloc otherwise commits its arenas
// eagerly and keeps freed pages: the build peaked near 800 MB of resident memory, most of the
// first `npm start` (ADR 0102); with these two settings ≈ 400 MB, for the same output.
// They are read when the bundler's native module loads, hence set before Vite is imported.
//
// `--if-changed` (what `npm start` and `npm ci`'s postinstall run, ADR 0131 "First start"): the
// build is skipped when apps/web/dist was built from the same inputs — the web app's sources,
// the contract's, the Vite configuration and the lock file, hashed into dist/.build-inputs — so
// the first `npm start` after `npm ci` serves the build the install made, and a changed source
// is built again. A plain `npm run build` always builds.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.resolve(WEB, '../..');
const STAMP = path.join(WEB, 'dist/.build-inputs');

/** every file the bundle is made from (tests and test helpers are not) */
function inputFiles() {
  const files = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (!/\.test\.tsx?$/.test(name)) files.push(file);
    }
  };
  for (const dir of ['apps/web/src', 'apps/web/public', 'packages/contract/src'])
    walk(path.join(ROOT, dir));
  for (const file of [
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'apps/web/tsconfig.json',
    'packages/contract/package.json',
    'package-lock.json',
  ])
    if (existsSync(path.join(ROOT, file))) files.push(path.join(ROOT, file));
  return files;
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of inputFiles()) {
    hash.update(path.relative(ROOT, file)).update('\0');
    hash.update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const ifChanged = process.argv.includes('--if-changed');
const inputs = inputsHash();
if (
  ifChanged &&
  existsSync(path.join(WEB, 'dist/index.html')) &&
  existsSync(STAMP) &&
  readFileSync(STAMP, 'utf8').trim() === inputs
) {
  process.stdout.write('web app: built from these sources already (apps/web/dist)\n');
} else {
  process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0';
  process.env.MIMALLOC_PURGE_DELAY ??= '0';
  // always the production app (minified React, the service worker registered), whatever
  // NODE_ENV the server is started with: NODE_ENV=development made Vite bundle React's dev build
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  // from the repository root too (`npm start` runs this file directly, without a second npm)
  await build({ root: WEB });
  writeFileSync(STAMP, `${inputs}\n`);
}

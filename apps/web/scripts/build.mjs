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
//
// Each text asset (dist/assets: the files named after their hash) is then compressed once,
// here, beside itself (name.br at brotli's best quality, name.gz at gzip's): the server sends
// those files as they are (@fastify/static's preCompressed), instead of compressing the same
// 3 MB of map library, bundle and country shapes again for every page load (ADR 0140).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.resolve(WEB, '../..');
const STAMP = path.join(WEB, 'dist/.build-inputs');

/** files below `dir`, sub-folders included */
function filesBelow(dir) {
  return readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile());
}

/** every file the bundle is made from (tests and test helpers are not) */
function inputFiles() {
  const files = [];
  for (const dir of ['apps/web/src', 'apps/web/public', 'packages/contract/src']) {
    const root = path.join(ROOT, dir);
    if (!existsSync(root)) continue;
    files.push(
      ...filesBelow(root)
        .filter((file) => !/\.test\.tsx?$/.test(file))
        .sort(),
    );
  }
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

/** the texts the browser loads */
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|webmanifest|txt)$/;
/** as the server's own threshold: smaller files gain nothing */
const COMPRESS_FROM_BYTES = 1024;

/** every file at once on libuv's thread pool: the build's seconds, not a core's minute */
async function precompress(dir) {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const work = filesBelow(dir)
    .filter((file) => COMPRESSIBLE.test(file) && statSync(file).size >= COMPRESS_FROM_BYTES)
    .flatMap((file) => {
      const text = readFileSync(file);
      const params = {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length,
      };
      return [
        brotli(text, { params }).then((bytes) => writeFile(`${file}.br`, bytes)),
        gzip(text, { level: zlib.constants.Z_BEST_COMPRESSION }).then((bytes) =>
          writeFile(`${file}.gz`, bytes),
        ),
      ];
    });
  await Promise.all(work);
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
  await precompress(path.join(WEB, 'dist/assets'));
  writeFileSync(STAMP, `${inputs}\n`);
}

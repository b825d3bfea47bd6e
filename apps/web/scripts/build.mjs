// `npm run build`: Vite's production build, in this process, with the bundler's allocator told
// to hand back memory it no longer uses. Rolldown's mimalloc otherwise commits its arenas
// eagerly and keeps freed pages: the build peaked near 800 MB of resident memory, most of the
// first `npm start` (ADR 0102); with these two settings ≈ 400 MB, for the same output.
// They are read when the bundler's native module loads, hence set before Vite is imported.
import { fileURLToPath } from 'node:url';

process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0';
process.env.MIMALLOC_PURGE_DELAY ??= '0';
// always the production app (minified React, the service worker registered), whatever
// NODE_ENV the server is started with: NODE_ENV=development made Vite bundle React's dev build
process.env.NODE_ENV = 'production';
const { build } = await import('vite');
// from the repository root too (`npm start` runs this file directly, without a second npm)
await build({ root: fileURLToPath(new URL('..', import.meta.url)) });

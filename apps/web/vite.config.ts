import { defineConfig } from 'vitest/config';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { stampServiceWorker } from './src/pwa/service-worker-stamp';

/**
 * `import { X } from 'lucide-react'` makes the bundler parse all of lucide's 2,000 icon modules
 * before tree-shaking drops them: two thirds of the build's modules and much of its memory at
 * the first `npm start` (ADR 0102). At build time each named icon import is rewritten to
 * lucide's own per-icon entry (`lucide-react/icons/<file>`); the output is the same.
 */
function lucideIconImports(): Plugin {
  const index = path.join(
    path.dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')),
    'dist/esm/lucide-react.mjs',
  );
  const fileOf = new Map<string, string>();
  for (const [, names, file] of readFileSync(index, 'utf8').matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g,
  )) {
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) fileOf.set(name!, file!);
  }
  return {
    name: 'vfm:lucide-icon-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !code.includes("'lucide-react'")) return null;
      return code.replace(
        /import \{([^}]*)\} from 'lucide-react';/g,
        (whole, specifiers: string) => {
          const parts = specifiers
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean);
          // `type X` specifiers stay on the package (erased); values go to their icon's file
          const types = parts.filter((part) => part.startsWith('type '));
          const values = parts.filter((part) => !part.startsWith('type '));
          if (values.some((part) => !fileOf.has(part.split(/\s+as\s+/)[0]!))) return whole;
          return [
            ...(types.length
              ? [
                  `import type { ${types.map((part) => part.slice(5)).join(', ')} } from 'lucide-react';`,
                ]
              : []),
            ...values.map((part) => {
              const [name, local = name] = part.split(/\s+as\s+/);
              return `import ${local} from 'lucide-react/icons/${fileOf.get(name!)}';`;
            }),
          ].join(' ');
        },
      );
    },
  };
}

/**
 * The service worker (public/sw.js, copied as is) gets the build's stamp once the build is
 * written: each deployment of another build changes /sw.js, so the browser installs it and the
 * app offers to reload (src/pwa/service-worker-stamp.ts).
 */
function serviceWorkerStamp(): Plugin {
  let outDir = 'dist';
  let files: string[] = [];
  return {
    name: 'vfm:service-worker-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      files = Object.keys(bundle);
    },
    closeBundle() {
      const file = path.join(outDir, 'sw.js');
      if (existsSync(file))
        writeFileSync(file, stampServiceWorker(readFileSync(file, 'utf8'), files));
    },
  };
}

export default defineConfig({
  plugins: [lucideIconImports(), react(), serviceWorkerStamp()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/app-info.json': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // one chunk per language of every feature's and shared folder's translations
              // (src/i18n/feature-messages.ts loads them all at once when the shell loads):
              // one request instead of fourteen on the way to the first render
              name: (id: string) => {
                const language = /\/src\/(?:features\/)?[\w-]+\/i18n\/([\w-]+)\.json$/.exec(
                  id,
                )?.[1];
                return language ? `messages-${language}` : null;
              },
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    // the files of a worker share its loaded modules (a third of the time); a file that mocks
    // one imports it afresh and drops the mock after (src/map/core/map-view.test.tsx)
    isolate: false,
    // a test renders the whole app and walks several routes, each awaited up to
    // asyncUtilTimeout: vitest's 5 s default times out on a busy 2-core machine
    testTimeout: 30_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});

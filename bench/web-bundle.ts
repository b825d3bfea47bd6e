// npm run bench -- web-bundle: JavaScript a browser downloads to show the login screen
// (/fr/auth/login), gzip-compressed, against the budget of issue 3 (150 KB). It builds the web
// app with a Vite manifest into a temporary folder and follows the static imports from the
// entry, the auth frame and the login page, plus the French translation chunk.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const BUDGET_BYTES = 150 * 1024;
const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const outDir = mkdtempSync(path.join(os.tmpdir(), 'vfm-web-bundle-'));

try {
  const build = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--manifest',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: webDir, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('vite build failed');

  const manifest = JSON.parse(
    readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const bySrc = (suffix: string) => {
    const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
    if (!key) throw new Error(`no chunk for ${suffix} in the manifest`);
    return key;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('no entry chunk');
  const starts = [
    entry,
    bySrc('src/features/auth/components/auth-frame.tsx'),
    bySrc('src/features/auth/routes/login-page.tsx'),
    bySrc('src/i18n/fr.json'),
  ];

  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  starts.forEach(visit);

  const rows = [...files]
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const content = readFileSync(path.join(outDir, file));
      return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const raw = rows.reduce((sum, row) => sum + row.raw, 0);

  for (const row of rows) {
    console.log(
      `${(row.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${(row.raw / 1024).toFixed(1).padStart(7)} KB  ${row.file}`,
    );
  }
  console.log(
    `login route JS: ${(total / 1024).toFixed(1)} KB gzip (${(raw / 1024).toFixed(1)} KB raw), budget ${BUDGET_BYTES / 1024} KB`,
  );
  console.log(
    `BENCH ${JSON.stringify({
      name: 'web-bundle',
      route: '/fr/auth/login',
      chunks: rows.length,
      jsRawBytes: raw,
      jsGzipBytes: total,
      budgetGzipBytes: BUDGET_BYTES,
      withinBudget: total <= BUDGET_BYTES,
    })}`,
  );
  if (total > BUDGET_BYTES) process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

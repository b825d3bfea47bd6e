// npm run bench -- web-bundle: JavaScript a browser downloads to show the login screen
// (/fr/auth/login), gzip-compressed, against the budget of docs/web.md (150 KB). It builds the web
// app with a Vite manifest into a temporary folder and follows the static imports from the
// entry, the auth frame and the login page, plus the French translation chunk. Then, in
// Chromium against the real server (PGlite in memory), signed out, the JavaScript each entry
// address actually downloads until the login screen shows: `/`, `/fr/`, `/fr/fleet` (the
// README's address) and `/fr/auth/login`, each against the same budget.
//   CHROMIUM_PATH   default /usr/bin/chromium
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/migrate';
import { startBenchServer } from './_server';
import { buildWeb } from './_web-build';

const BUDGET_BYTES = 150 * 1024;
const outDir = mkdtempSync(path.join(os.tmpdir(), 'vfm-web-bundle-'));

try {
  const manifest = buildWeb(outDir, { args: ['--emptyOutDir', '--logLevel', 'error'] });
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

  const entries = await signedOutEntries(outDir);
  for (const entry of entries) {
    console.log(
      `signed out ${entry.url.padEnd(15)} → ${entry.landedOn.padEnd(15)} ${(entry.jsGzipBytes / 1024).toFixed(1)} KB gzip JS in ${entry.files} files`,
    );
  }
  const worst = Math.max(...entries.map((entry) => entry.jsGzipBytes));
  console.log(
    `BENCH ${JSON.stringify({
      name: 'web-bundle-entries',
      entries,
      budgetGzipBytes: BUDGET_BYTES,
      withinBudget: worst <= BUDGET_BYTES,
    })}`,
  );
  if (worst > BUDGET_BYTES) process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

/** What a signed-out browser downloads from each entry address until its screen shows. */
async function signedOutEntries(webDir: string) {
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  await migrate(database);
  const server = await startBenchServer(database, { WEB_DIR: webDir });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const out = [];
    // and the page a shared link opens (docs/manager-tools.md; an unknown token: the page says so)
    for (const url of ['/', '/fr/', '/fr/fleet', '/fr/auth/login', '/fr/share#unknown']) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const bodies = new Map<string, Promise<Buffer>>();
      page.on('response', (response) => {
        if (/\.m?js(\?|$)/.test(response.url())) bodies.set(response.url(), response.body());
      });
      await page.goto(server.origin + url);
      await page
        .locator(url.includes('/share') ? '[data-testid=share-ended]' : 'input[type=password]')
        .waitFor();
      await page.waitForLoadState('networkidle');
      const sizes = await Promise.all(
        [...bodies.values()].map(async (body) => gzipSync(await body, { level: 9 }).length),
      );
      out.push({
        url,
        landedOn: new URL(page.url()).pathname,
        files: sizes.length,
        jsGzipBytes: sizes.reduce((sum, size) => sum + size, 0),
      });
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
    await server.close();
    await database.close();
  }
}

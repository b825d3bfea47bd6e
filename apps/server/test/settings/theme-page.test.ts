// The page in the user's theme from its first paint (ADR 0096): the web app's
// theme cookie becomes data-theme on <html> of every page address; no cookie or another value
// leaves the page to the device's preference (CSS prefers-color-scheme); answers vary by cookie.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let t: TestServer;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'vfm-web-'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html>\n<html lang="fr"><head><title>VFM</title></head><body></body></html>',
  );
  t = await startTestServer({ env: { WEB_DIR: webDir } });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const page = (cookie?: string) =>
  t.api({ xsrf: null }).get('/fr/fleet', cookie ? { headers: { cookie } } : {});

describe('the theme of the served page', () => {
  it('writes the chosen theme on <html>', async () => {
    const dark = await page('vfm-theme=dark');
    expect(dark.status).toBe(200);
    expect(dark.text).toContain('<html data-theme="dark" lang="fr">');
    expect(dark.headers.get('vary')).toMatch(/cookie/i);
    expect((await page('other=1; vfm-theme=light')).text).toContain('<html data-theme="light"');
  });

  it('leaves the page to the device without the cookie or with another value', async () => {
    for (const cookie of [undefined, 'vfm-theme=blue', 'vfm-theme="><script>']) {
      const res = await page(cookie);
      expect(res.text, cookie).toContain('<html lang="fr">');
      expect(res.text).not.toContain('data-theme');
    }
  });
});

// The built-in privacy page (apps/web/public/privacy.html) that PRIVACY_POLICY_URL points to
// by default: served with the web app, one section per fleet language, no script (CSP).
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

const PAGE = path.resolve(import.meta.dirname, '../../../web/public/privacy.html');
let t: TestServer;
let webDir: string;
beforeAll(async () => {
  // a stand-in for apps/web/dist: Vite copies public/ into it as is
  webDir = await mkdtemp(path.join(os.tmpdir(), 'vfm-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>VFM</title>');
  await copyFile(PAGE, path.join(webDir, 'privacy.html'));
  t = await startTestServer({ env: { WEB_DIR: webDir } });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('privacy page', () => {
  it('is the default privacy address, served as HTML with fr, en and de sections', async () => {
    const settings = await t.api().get('application/settings/VFM');
    const url = new URL(settings.body.privacyPolicyUrl);
    expect(url.pathname).toBe('/privacy.html');
    const page = await t.api().get(url.pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    for (const lang of ['fr', 'en', 'de']) expect(page.text).toContain(`<section id="${lang}"`);
    expect(page.text).not.toMatch(/<script/i);
  });
});

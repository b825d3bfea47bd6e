// A new version deployed (docs/manager-tools.md): the build stamps /sw.js (src/pwa/service-worker-stamp.ts),
// so a deployment of another build changes it; the browser installs the new worker beside the
// running one, the app offers to reload, and the reload runs the new version.
// This spec changes the served /sw.js as a deployment would, so it runs after every other spec
// (the `deployment` project of playwright.config.ts): no other page sees a "new version" mid-test.
// Alone: `npx playwright test --project deployment --no-deps`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fullBrowserLaunchOptions } from './browser';
import { test, expect, fr, underServiceWorker } from './fixtures';

// the app's service worker is the subject (playwright.config.ts blocks it elsewhere), in the full
// browser: in the headless shell the reload after the new worker took over was once never seen
test.use({ serviceWorkers: 'allow', launchOptions: fullBrowserLaunchOptions });

const served = path.resolve(import.meta.dirname, '../apps/web/dist/sw.js');

test('a new version deployed: the app offers to reload, and the reload runs it', async ({
  page,
  login,
}) => {
  await login('manager');
  await underServiceWorker(page);
  await expect(page.getByTestId('update-notice')).toHaveCount(0);
  const running = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())!.active!.scriptURL,
  );
  expect(running).toMatch(/\/sw\.js$/);

  const original = readFileSync(served, 'utf8');
  try {
    // the deployment: another build, whose worker names its cache after its own files
    const next = original.replace(/const SHELL_CACHE = 'vfm-shell-\w+';/, (line) =>
      line.replace(/vfm-shell-\w+/, 'vfm-shell-e2enext'),
    );
    expect(next).not.toBe(original);
    writeFileSync(served, next);
    // the browser checks for a new worker on navigations and every day; here at once
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())!.update();
    });
    const notice = page.getByTestId('update-notice');
    await expect(notice).toContainText(fr.pwa.update);

    // Reload: the waiting version takes over and the page comes back under it, without the prompt
    // (the old page's navigation bar is still there until the reload: wait for the new one,
    // and a check that runs into the navigation counts as not yet)
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: fr.pwa.reload }).click();
    await reloaded;
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect
      .poll(() =>
        page
          .evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return !registration?.waiting && !!navigator.serviceWorker.controller;
          })
          .catch(() => false),
      )
      .toBe(true);
    await expect(notice).toHaveCount(0);
    // the new version's cache, the old build's gone
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).sort()).catch(() => []))
      .toEqual(['vfm-shell-e2enext']);
  } finally {
    writeFileSync(served, original);
  }
});

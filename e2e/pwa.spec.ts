// The installable app (docs/manager-tools.md): a web app manifest with its icons; after sign-in the
// service worker keeps the shell, so the app opens without a network and says plainly that it
// is offline, while data calls are never answered from a cache. A new version deployed is
// offered with a reload that runs it: pwa-update.spec.ts, run after every other spec (it
// changes the served /sw.js, as a deployment does).
import { test, expect, fr, API, underServiceWorker } from './fixtures';

// the app's service worker is the subject (playwright.config.ts blocks it elsewhere)
test.use({ serviceWorkers: 'allow' });

test('the manifest and its icons make the app installable', async ({ page, request }) => {
  await page.goto('/fr/auth/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({
    short_name: 'VFM',
    display: 'standalone',
    start_url: '/fr/fleet',
  });
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons as Array<{ src: string; type: string }>) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toContain(icon.type);
  }
});

test('offline, the app still opens, says it is offline, and no data comes from a cache', async ({
  page,
  context,
  login,
}) => {
  await login('manager');
  await underServiceWorker(page);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByTestId('offline-notice')).toHaveText(fr.pwa.offline);
    await expect(page.getByRole('link', { name: fr.shell.nav.warnings })).toBeVisible();
    const dataCall = await page.evaluate(
      (path) =>
        fetch(path).then(
          () => 'answered',
          () => 'failed',
        ),
      `${API}/fleet/information`,
    );
    expect(dataCall).toBe('failed');
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
});

// The installable app (issue 25 §2): a web app manifest with its icons; after sign-in the
// service worker keeps the shell, so the app opens without a network and says plainly that it
// is offline, while data calls are never answered from a cache; a new version deployed is
// offered with a reload that runs it.
import { test, expect, fr, API } from './fixtures';

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
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // the page under the worker's control, its shell kept
  await page.reload();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

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

// Not working yet (2026-11-26): Chromium's update check of /sw.js is not intercepted by
// context.route (with or without PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS), so the "new
// version" never appears. Next: let the server serve a test-only variant of /sw.js (or a
// deployment step that rewrites it in a copy of the web app) instead of routing.
test.fixme('a new version deployed: the app offers to reload, and the reload runs it', async ({
  page,
  context,
  login,
  request,
}) => {
  await login('manager');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect(page.getByTestId('update-notice')).toHaveCount(0);

  // the deployment: /sw.js changes (a new build's worker differs by its content)
  const deployed = (await (await request.get('/sw.js')).text()) + '\n// the next version\n';
  await context.route('**/sw.js', (route) =>
    route.fulfill({ body: deployed, contentType: 'text/javascript' }),
  );
  // the browser checks for a new worker on navigations and every day; here at once
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration!.update();
  });
  const notice = page.getByTestId('update-notice');
  await expect(notice).toContainText(fr.pwa.update);

  // Reload: the waiting version takes over and the page comes back under it, without the prompt
  await notice.getByRole('button', { name: fr.pwa.reload }).click();
  await expect(notice).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return !registration?.waiting && !!navigator.serviceWorker.controller;
      }),
    )
    .toBe(true);
});

// Open data (docs/open-data.md): an administrator publishes the demo fleet's GBFS feed in the
// Administration tab, copies its address, a city reads the bikes in vehicle_status without any
// key or sign-in, and unpublishing answers 404 at once. On a phone the form fits, passes axe,
// and a wrong field says why. The demo seed publishes the fleet, so
// the test starts from an unpublished fleet and leaves it published, as the demo has it.
import type { Page } from '@playwright/test';
import { test, expect, fr, apiLogin, ADMIN, type ApiClient } from './fixtures';
import { expectAxeClean } from './screen-checks';

const o = fr.administration.openData;

interface OpenData {
  published: boolean;
  feedUrl: string | null;
  [key: string]: unknown;
}

async function setPublished(admin: ApiClient, published: boolean) {
  const { systemId, feedUrl, manifestUrl, models, updatedAt, ...settings } =
    await admin.call<OpenData>('GET', 'fleet/open-data');
  void [systemId, feedUrl, manifestUrl, models, updatedAt];
  await admin.call('PUT', 'fleet/open-data', { ...settings, published });
}

async function openTab(page: Page) {
  if (!page.url().endsWith('/fr/administration')) await page.goto('/fr/administration');
  await page.getByRole('tab', { name: fr.administration.tabs.openData }).click();
  await expect(page).toHaveURL(/tab=openData/);
}

test('an administrator publishes the GBFS feed, a city reads it, unpublishing hides it', async ({
  page,
  login,
  request,
  context,
}) => {
  const admin = await apiLogin(request, ADMIN);
  await setPublished(admin, false);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  try {
    await login('admin', '/fr/administration');
    await openTab(page);
    await expect(page.getByTestId('open-data-unpublished')).toBeVisible();
    await page.getByRole('switch', { name: o.publish }).check();
    await page.getByRole('button', { name: o.save }).click();
    await expect(page.getByText(o.savedPublished)).toBeVisible();
    const feed = page.getByTestId('open-data-feed');
    await expect(feed).toContainText('/gbfs/v3/vfm-demo/gbfs.json');
    await feed.getByRole('button', { name: o.copy }).click();
    await expect(page.getByText(o.copied)).toBeVisible();
    const feedUrl = await page.evaluate(() => navigator.clipboard.readText());
    expect(feedUrl).toMatch(/\/gbfs\/v3\/vfm-demo\/gbfs\.json$/);

    // a city, without key or sign-in: gbfs.json → vehicle_status.json lists the demo's bikes
    const gbfs = await (await request.get(feedUrl)).json();
    const statusUrl = gbfs.data.feeds.find((f: { name: string }) => f.name === 'vehicle_status')
      .url as string;
    await expect
      .poll(
        async () => {
          const res = await request.get(statusUrl);
          const body = await res.json();
          return body.data.vehicles.filter((v: { is_disabled: boolean }) => !v.is_disabled).length;
        },
        { timeout: 45_000, intervals: [2_000] },
      )
      .toBeGreaterThan(0);
    await page.goto(statusUrl);
    await expect(page.locator('body')).toContainText('"vehicle_id"');

    await openTab(page);
    await page.getByRole('switch', { name: o.publish }).uncheck();
    await page.getByRole('button', { name: o.save }).click();
    await expect(page.getByTestId('open-data-unpublished')).toBeVisible();
    expect((await request.get(feedUrl)).status()).toBe(404);
    expect((await request.get(statusUrl)).status()).toBe(404);
    const manifest = await (await request.get('/gbfs/v3/manifest.json')).json();
    expect(manifest.data.datasets.map((d: { system_id: string }) => d.system_id)).not.toContain(
      'vfm-demo',
    );
  } finally {
    await setPublished(admin, true);
  }
});

test('the open-data tab fits a phone, passes axe and names what is wrong', async ({
  page,
  login,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login('admin', '/fr/administration');
  await openTab(page);
  await expect(page.getByRole('switch', { name: o.publish })).toBeVisible();
  await expectAxeClean(page, 'open data at 390 px');
  const email = page.getByLabel(o.fields.contactEmail);
  await email.fill('pas-une-adresse');
  await page.getByRole('button', { name: o.save }).click();
  await expect(page.getByText(o.errors.email)).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

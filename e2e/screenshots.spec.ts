// Screenshots of every screen at 1280×800 and 390×844. They go to the test output; with
// VFM_SCREENSHOTS_DIR set (e.g. docs/screenshots) they are written there too. Pictures to look
// at, not checks (every screen they show is asserted by its own spec): `npm test` skips them,
// `npm run screenshots` (VFM_SCREENSHOTS_DIR=docs/screenshots) takes them, ~2.5 min.
import type { Page } from '@playwright/test';
import { test, expect, createActiveAccount, loginThroughUi, MAP_READY } from './fixtures';
import { shoot } from './screen-checks';

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

const signIn = [
  ['login', '/en/auth/login'],
  ['reset-password', '/en/auth/reset-password'],
  ['reset-password-success', '/en/auth/reset-password-success'],
  ['reset-password-error', '/en/auth/reset-password-error'],
  ['change-password', '/en/auth/change-password?email=alex.martin%40vfm.demo&token=demo'],
] as const;

const shell = [
  ['fleet', '/en/fleet'],
  ['bike', '/en/fleet/product/VFM-00002'],
  ['bike-alerts', '/en/fleet/product/VFM-00002?tab=alerts'],
  ['bike-trips', '/en/fleet/product/VFM-00002?tab=trips'],
  ['bike-commands', '/en/fleet/product/VFM-00002?tab=commands'],
  ['bike-history', '/en/fleet/product/VFM-00002?tab=history'],
  ['bike-diagnosis', '/en/fleet/product/VFM-00002?tab=diagnosis'],
  ['bike-not-found', '/en/fleet/product/FR-000123'],
  ['warnings', '/en/warnings'],
  ['statistics', '/en/statistics'],
  ['administration', '/en/administration'],
  ['administration-bikes', '/en/administration?tab=bikes'],
  ['administration-settings', '/en/administration?tab=settings'],
  ['administration-activity', '/en/administration?tab=activity'],
  ['administration-quarantine', '/en/administration?tab=quarantine'],
  ['my-account', '/en/my-account'],
] as const;

/**
 * Everything loaded before the picture (ADR 0102: the pictures once showed charts and basemaps
 * still loading): lists, the statistics, every map on the page (its style loaded, the bikes on
 * it, the offline basemap's land shapes that come after) and the traffic chart drawn.
 */
async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  for (const loading of [
    'Loading the statistics…',
    'Loading the map…',
    'Loading the bikes on the map…',
  ]) {
    await expect(page.getByText(loading).filter({ visible: true })).toHaveCount(0, MAP_READY);
  }
  if (await page.locator('.maplibregl-map').count()) {
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            Array.from(document.querySelectorAll('.maplibregl-map')).every((map) =>
              map.closest('[data-ready="true"]'),
            ),
          ),
        MAP_READY,
      )
      .toBe(true);
    if (await page.getByTestId('fleet-map').count()) {
      await expect(page.getByTestId('map-count')).toBeVisible(MAP_READY);
    }
    // the offline basemap's land shapes are added after the map loads (land-layer.ts: ≤ 3 s)
    await page.waitForTimeout(3000);
  }
  if (await page.locator('#traffic-title').count()) {
    await expect(page.locator('.uplot canvas').first()).toBeVisible();
  }
}

// pictures only, outside `npm test`: `npm run screenshots` takes them (they assert nothing of
// their own; docs/performance.md, the README's test command within 15 minutes)
test.skip(!process.env.VFM_SCREENSHOTS_DIR, 'pictures, not checks: npm run screenshots');

for (const size of sizes) {
  test.describe(size.name, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('sign-in screens', async ({ page }) => {
      for (const [name, url] of signIn) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await shoot(page, `${name}-${size.name}`);
      }
      await page.goto('/en/auth/change-password?email=alex.martin%40vfm.demo&token=demo');
      await page.getByLabel('New password', { exact: true }).fill('Fleet!2026');
      await page.getByLabel('Confirm the new password', { exact: true }).fill('Fleet!2026');
      await shoot(page, `change-password-filled-${size.name}`);
    });

    test('shell screens', async ({ page, request }) => {
      // every shell screen and the fleet screen's states, maps included
      test.setTimeout(240_000);
      const options = { fullName: 'Camille Durand', language: 'en', admin: true };
      // a readable address for the pictures; another one if a retry already took it
      const account = await createActiveAccount(request, {
        ...options,
        email: `${size.name === 'desktop' ? 'camille.durand' : 'c.durand'}${test.info().retry || ''}@vfm.demo`,
      });
      await loginThroughUi(page, account.email, account.password, 'en');
      for (const [name, url] of shell) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await settle(page);
        await shoot(page, `${name}-${size.name}`);
      }
      // the fleet screen's states: filters, selection, thefts map, the phone's map
      await page.goto('/en/fleet');
      await settle(page);
      await page.getByRole('button', { name: 'Filters' }).click();
      await expect(page.getByRole('dialog', { name: 'Filter the fleet' })).toBeVisible();
      await shoot(page, `fleet-filters-${size.name}`);
      await page.keyboard.press('Escape');
      await page
        .getByRole('checkbox', { name: /^Select / })
        .nth(0)
        .check();
      await page
        .getByRole('checkbox', { name: /^Select / })
        .nth(1)
        .check();
      await page.getByRole('button', { name: 'IoT mode…' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shoot(page, `fleet-bulk-${size.name}`);
      await page.keyboard.press('Escape');
      await page.goto('/en/fleet?thefts=1&show=map');
      await settle(page);
      await shoot(page, `fleet-thefts-${size.name}`);
      await page.goto('/en/warnings?map=1');
      await settle(page);
      await shoot(page, `warnings-map-${size.name}`);
      await page.goto('/en/fleet');
      await page.getByTestId('profile-menu').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await shoot(page, `profile-menu-${size.name}`);
      await page.keyboard.press('Escape');
      if (size.name === 'mobile') {
        await page.getByRole('button', { name: 'Open the menu' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shoot(page, `drawer-${size.name}`);
      } else {
        await page.getByRole('button', { name: 'Collapse the menu' }).click();
        await shoot(page, `fleet-collapsed-${size.name}`);
        await page.getByRole('button', { name: 'Expand the menu' }).click();
      }
    });
  });
}

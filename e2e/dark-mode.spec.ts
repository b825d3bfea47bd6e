// Dark mode (docs/manager-tools.md): with a dark device the app is dark from the first paint — sign-in,
// every screen, the map's basemap, the statistics chart — and axe finds no serious issue (colour
// contrast included); a user's choice in My account (stored with their settings) wins over the
// device and is served with the page itself, so a reload never flashes the other theme.
import type { Page } from '@playwright/test';
import { test, expect, fr, MAP_READY } from './fixtures';
import { expectAxeClean, seriousFindings } from './screen-checks';

const canvasColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK_CANVAS = 'rgb(10, 20, 30)';
const LIGHT_CANVAS = 'rgb(243, 246, 249)';

test.describe('on a dark device', () => {
  test.use({ colorScheme: 'dark', reducedMotion: 'reduce' });
  // two independent tests (other accounts): one on each worker
  test.describe.configure({ mode: 'parallel', timeout: 240_000 });

  test('every screen is dark and axe-clean', async ({ page, login }) => {
    await page.goto('/fr/auth/login');
    await expect(page.getByRole('heading', { level: 1, name: fr.auth.login.title })).toBeVisible();
    expect(await canvasColour(page)).toBe(DARK_CANVAS);
    await expectAxeClean(page, 'login (dark)');

    await login('admin', '/fr/fleet');
    const findings: string[] = [];
    for (const path of [
      '/fr/fleet',
      '/fr/warnings',
      '/fr/statistics',
      '/fr/zones',
      '/fr/administration',
      '/fr/my-account',
      '/fr/fleet/product/VFM-00003',
      '/fr/fleet/product/VFM-00003?tab=trips',
    ]) {
      if (!page.url().endsWith(path)) await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
      expect(await canvasColour(page), path).toBe(DARK_CANVAS);
      findings.push(...(await seriousFindings(page, `${path} (dark)`)));
    }
    expect(findings).toEqual([]);
    await page.goto('/fr/fleet');
    await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-ready', 'true', MAP_READY);
    await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-theme-map', 'dark');
  });

  test('a user who chooses Light gets light pages from the server, and System again dark', async ({
    page,
    login,
  }) => {
    await login('manager', '/fr/my-account');
    const p = fr.myAccount.preferences;
    await page.getByRole('radio', { name: p.themes.LIGHT }).check();
    await page.getByRole('button', { name: fr.common.save, exact: true }).last().click();
    await expect(page.getByText(p.saved)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect.poll(() => canvasColour(page)).toBe(LIGHT_CANVAS);
    try {
      // the page the server sends is already light: no dark first paint
      const response = await page.goto('/fr/statistics');
      expect(await response!.text()).toContain('<html data-theme="light"');
      expect(await canvasColour(page)).toBe(LIGHT_CANVAS);
      await expectAxeClean(page, 'statistics (light chosen on a dark device)');
    } finally {
      await page.goto('/fr/my-account');
      await page.getByRole('radio', { name: p.themes.SYSTEM }).check();
      await page.getByRole('button', { name: fr.common.save, exact: true }).last().click();
      await expect(page.getByText(p.saved)).toBeVisible();
    }
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    const response = await page.goto('/fr/statistics');
    expect(await response!.text()).not.toContain('data-theme=');
    expect(await canvasColour(page)).toBe(DARK_CANVAS);
  });
});

// Zero serious or critical axe findings on the sign-in screens and the shell (DESIGN §4: @axe-core/playwright),
// at desktop and mobile sizes.
import { test, expect, fr, MAP_READY } from './fixtures';
import { expectAxeClean } from './screen-checks';

const signInScreens = [
  ['/fr/auth/login', fr.auth.login.title],
  ['/fr/auth/reset-password', fr.auth.reset.title],
  ['/fr/auth/reset-password-success', fr.auth.resetSuccess.title],
  ['/fr/auth/reset-password-error', fr.auth.resetError.title],
  ['/fr/auth/change-password?email=a%40b.cd&token=x', fr.auth.changePassword.title],
  ['/fr/auth/account-validation?email=a%40b.cd&token=x', fr.auth.changePassword.title],
] as const;

// the longest file of the run: its tests (each signs in on its own) go to both workers
test.describe.configure({ mode: 'parallel' });

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`${size.width}×${size.height}`, () => {
    // the settled screen: a toast fading in (another test's theft, live) is not low contrast
    test.use({ viewport: size, reducedMotion: 'reduce' });
    // an axe run of a whole screen takes 3–15 s on a loaded 2-core machine, four per test
    test.describe.configure({ timeout: 120_000 });

    test('sign-in screens', async ({ page }) => {
      for (const [path, title] of signInScreens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expectAxeClean(page, path);
      }
      // with the language menu open, and with errors shown
      await page.goto('/fr/auth/login');
      await page.getByRole('button', { name: /FRANÇAIS/ }).click();
      await expectAxeClean(page, 'language menu');
      await page.keyboard.press('Escape');
      await page.getByLabel(fr.auth.login.email, { exact: true }).fill('wrong');
      await page.getByLabel(fr.auth.login.password, { exact: true }).focus();
      await expect(page.getByText(/name@example\.com/)).toBeVisible();
      await expectAxeClean(page, 'login with an error');
    });

    test('the shell', async ({ page, login }) => {
      // signed in on the first screen of the tour (the login screen's own flow: login.spec.ts)
      await login('admin', '/fr/fleet');
      for (const path of [
        '/fr/fleet',
        '/fr/warnings',
        '/fr/statistics',
        '/fr/administration',
        '/fr/my-account',
      ]) {
        if (!page.url().endsWith(path)) await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAxeClean(page, path);
      }
      await page.getByTestId('profile-menu').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAxeClean(page, 'profile menu');
      await page.keyboard.press('Escape');
      if (size.width < 600) {
        await page.getByRole('button', { name: fr.shell.nav.open }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectAxeClean(page, 'drawer');
      }
    });

    test('the statistics page', async ({ page, login }) => {
      // the phone's own markup (the drawer, the fleet's and warnings' phone lists) is checked by
      // the shell, fleet and warnings tests at 390 px; this screen's DOM is the desktop's, restyled: one axe pass is enough
      // (the CI's e2e time, docs/performance.md)
      test.skip(size.width < 600, 'same markup as at 1280 px');
      await login('manager', '/fr/statistics');
      await expect(page.getByText(fr.statistics.lastCommunication.upTo7Days)).toBeVisible();
      await expectAxeClean(page, 'statistics');
    });

    test('the bike page: overview, histories, self-diagnosis, a confirmation', async ({
      page,
      login,
    }) => {
      // the phone's own markup (the drawer, the fleet's and warnings' phone lists) is checked by
      // the shell, fleet and warnings tests at 390 px; this screen's DOM is the desktop's, restyled: one axe pass is enough
      // (the CI's e2e time, docs/performance.md)
      test.skip(size.width < 600, 'same markup as at 1280 px');
      const bike = '/fr/fleet/product/VFM-00003';
      await login('manager', bike);
      await expect(page.getByRole('region', { name: fr.bikePage.commands.title })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
      await expectAxeClean(page, 'bike overview');
      await page
        .getByRole('region', { name: fr.bikePage.theft.title })
        .getByRole('button', { name: fr.bikePage.theft.report })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAxeClean(page, 'theft confirmation');
      await page.keyboard.press('Escape');
      for (const tab of ['alerts', 'trips', 'commands', 'history', 'diagnosis'] as const) {
        await page.goto(`${bike}?tab=${tab}`);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
        await expectAxeClean(page, `bike ${tab}`);
      }
    });

    test('the administration: accounts and the account form', async ({ page, login }) => {
      // the phone's own markup (the drawer, the fleet's and warnings' phone lists) is checked by
      // the shell, fleet and warnings tests at 390 px; this screen's DOM is the desktop's, restyled: one axe pass is enough
      // (the CI's e2e time, docs/performance.md)
      test.skip(size.width < 600, 'same markup as at 1280 px');
      await login('admin', '/fr/administration');
      await expect(page.getByTestId('accounts')).toBeVisible();
      await expectAxeClean(page, 'accounts');
      await page.getByRole('button', { name: fr.administration.accounts.create }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAxeClean(page, 'account form');
      await page.keyboard.press('Escape');
      await page.goto('/fr/administration?tab=bikes');
      await expect(page.getByLabel(fr.administration.bikes.choose)).toBeAttached();
      await expectAxeClean(page, 'bikes administration');
      for (const tab of ['settings', 'activity', 'quarantine'] as const) {
        await page.goto(`/fr/administration?tab=${tab}`);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
        await expectAxeClean(page, `administration ${tab}`);
      }
    });

    test('the warnings page, with its map', async ({ page, login }) => {
      await login('manager', '/fr/warnings');
      await expect(page.getByRole('tablist', { name: fr.warnings.tabs.label })).toBeVisible();
      await expectAxeClean(page, 'warnings');
      await page.getByRole('button', { name: fr.warnings.toolbar.showMap }).click();
      await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-ready', 'true', MAP_READY);
      await expectAxeClean(page, 'warnings with the map');
    });

    test('the fleet screen: list, filters, selection', async ({ page, login }) => {
      await login('manager');
      const table = page.getByRole('table', { name: fr.fleet.list.label });
      await expect(table.getByRole('row').nth(2)).toBeVisible();
      if (page.viewportSize()!.width >= 600) {
        await expect(page.getByTestId('map-cluster').first()).toBeVisible(MAP_READY);
      }
      await expectAxeClean(page, 'fleet list and map');
      await page.getByRole('button', { name: fr.fleet.filters.open }).click();
      await expect(page.getByRole('dialog', { name: fr.fleet.filters.title })).toBeVisible();
      await expectAxeClean(page, 'filter panel');
      await page.keyboard.press('Escape');
      await table.getByRole('checkbox').nth(1).check();
      await expect(page.getByRole('region', { name: fr.bike.selection.actions })).toBeVisible();
      await expectAxeClean(page, 'selection bar');
      await page.getByRole('button', { name: fr.bike.selection.mode }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAxeClean(page, 'bulk confirmation');
    });
  });
}

test('the sign-in form works from the keyboard alone', async ({ page }) => {
  await page.goto('/fr/auth/login');
  await expect(page.getByLabel(fr.auth.login.email, { exact: true })).toBeFocused();
  await page.keyboard.type('manager@vfm.demo');
  await page.keyboard.press('Tab');
  await page.keyboard.type(process.env.DEMO_PASSWORD ?? 'VfmDemo!2026');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/fr\/fleet$/);
  // the fleet page settled (its list drawn) before the first Tab
  await expect(page.getByRole('table', { name: fr.fleet.list.label })).toBeVisible();
  // skip link, then the menu
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: fr.shell.skip })).toBeFocused();
});

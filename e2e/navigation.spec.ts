// Flow: role-based navigation and guards (SPEC §2, §6).
import type { Page } from '@playwright/test';
import { test, expect, fr } from './fixtures';

const menuOf = (page: Page) => page.getByRole('navigation', { name: fr.shell.nav.label });

test('a signed-out visitor of a protected page goes to login', async ({ page }) => {
  for (const path of [
    '/fr/fleet',
    '/fr/warnings',
    '/fr/administration',
    '/fr/my-account',
    '/fr/nowhere',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/fr\/auth\/login$/);
  }
  await page.goto('/fr/auth/nowhere');
  await expect(page).toHaveURL(/\/fr\/auth\/login$/);
});

test('a manager navigates the three user pages and cannot open administration', async ({
  page,
  login,
}) => {
  await login('manager');
  const menu = menuOf(page);
  await expect(menu.getByRole('link', { name: fr.shell.nav.administration })).toHaveCount(0);
  for (const [name, path] of [
    [fr.shell.nav.warnings, /\/fr\/warnings$/],
    [fr.shell.nav.statistics, /\/fr\/statistics$/],
    [fr.shell.nav.fleet, /\/fr\/fleet$/],
  ] as const) {
    await menu.getByRole('link', { name }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
  await page.goto('/fr/administration');
  await expect(page).toHaveURL(/\/fr\/fleet$/);
  await page.goto('/fr/auth/login');
  await expect(page).toHaveURL(/\/fr\/fleet$/);
});

test('an admin also has Administration', async ({ page, login }) => {
  await login('admin', '/fr/my-account');
  await menuOf(page).getByRole('link', { name: fr.shell.nav.administration }).click();
  await expect(page).toHaveURL(/\/fr\/administration$/);
  await expect(
    page.getByRole('heading', { level: 1, name: fr.shell.nav.administration }),
  ).toBeVisible();
});

test('the bike page has a back button; my account opens from the profile menu', async ({
  page,
  login,
}) => {
  // signed in on the fleet page: the back button (history back) returns to it
  await login('manager');
  await page.goto('/fr/fleet/product/FR-TEST-1');
  await expect(page.getByRole('heading', { level: 1, name: 'Vélo FR-TEST-1' })).toBeVisible();
  await page.getByRole('button', { name: fr.shell.header.back }).click();
  await expect(page).toHaveURL(/\/fr\/fleet$/);
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: fr.shell.profile.myAccount }).click();
  await expect(page).toHaveURL(/\/fr\/my-account$/);
});

test('the rail collapses to 90 px and expands to 300 px', async ({ page, login }) => {
  // any page has the rail: a light one, reloaded below
  await login('manager', '/fr/my-account');
  const menu = menuOf(page);
  await expect.poll(async () => (await menu.boundingBox())?.width).toBe(300);
  await page.getByRole('button', { name: fr.shell.nav.collapse }).click();
  await expect.poll(async () => (await menu.boundingBox())?.width).toBe(90);
  await page.reload();
  await expect
    .poll(async () => (await menuOf(page).boundingBox())?.width, { timeout: 30_000 })
    .toBe(90);
  await page.getByRole('button', { name: fr.shell.nav.expand }).click();
  await expect.poll(async () => (await menuOf(page).boundingBox())?.width).toBe(300);
});

test('below 600 px the menu is a drawer', async ({ page, login }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login('admin');
  await expect(menuOf(page)).toHaveCount(0);
  await page.getByRole('button', { name: fr.shell.nav.open }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('link', { name: fr.shell.nav.statistics }).click();
  await expect(page).toHaveURL(/\/fr\/statistics$/);
  await expect(drawer).toHaveCount(0);
});

// Flow: an access token the server refuses is refreshed once and the page goes on (SPEC §4).
import type { Page } from '@playwright/test';
import { test, expect, fr, withClaims } from './fixtures';

function countRefreshes(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/auth/refresh')) seen.push(r.method());
  });
  return seen;
}

test('a refused access token is refreshed once, the call replayed, the page goes on', async ({
  page,
  login,
}) => {
  // signed in on a page of the app's origin without the app: no background call of a live page
  // refreshes the token itself
  await login('manager', '/privacy.html');
  const before = await page.evaluate(() => localStorage.getItem('jwtToken'));
  // same claims, broken signature: the client still reads it, the server answers 401
  const forged = withClaims(before ?? '', { forged: true });
  await page.evaluate((token) => localStorage.setItem('jwtToken', token), forged);
  const refreshes = countRefreshes(page);
  await page.goto('/fr/my-account');
  await expect(page.getByRole('heading', { level: 1, name: fr.myAccount.title })).toBeVisible();
  await expect(page.getByLabel(fr.myAccount.profile.fullName)).not.toHaveValue('');
  expect(refreshes).toEqual(['POST']);
  // the refreshed token replaced the refused one (within the login's second it may equal the
  // first token: same claims, same issue time)
  const after = await page.evaluate(() => localStorage.getItem('jwtToken'));
  expect(after).not.toBe(forged);
  expect(after).toBeTruthy();
});

test('an expired access token is refreshed before the first page', async ({ page, login }) => {
  // signed in on a page of the app's origin without the app: no background call of a live page
  // refreshes the token itself
  await login('manager', '/privacy.html');
  await page.evaluate(() => {
    const token = localStorage.getItem('jwtToken') ?? '';
    const [head, payload, signature] = token.split('.');
    const claims = JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/')));
    claims.exp = Math.floor(Date.now() / 1000) - 60;
    const encoded = btoa(JSON.stringify(claims))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    localStorage.setItem('jwtToken', `${head}.${encoded}.${signature}`);
  });
  const refreshes = countRefreshes(page);
  await page.goto('/fr/warnings');
  await expect(page).toHaveURL(/\/fr\/warnings$/);
  // the warnings page and its live counts load behind the refresh: patient on a busy machine
  await expect(page.getByRole('heading', { level: 1, name: fr.shell.nav.warnings })).toBeVisible({
    timeout: 20_000,
  });
  expect(refreshes).toEqual(['POST']);
});

test('a dead refresh token ends the session at the login page', async ({ page, login }) => {
  await login('manager', '/privacy.html');
  await page.evaluate(() => {
    localStorage.setItem('jwtToken', 'not-a-token');
    localStorage.setItem('jwtRefreshToken', 'dead-refresh-token');
  });
  await page.goto('/fr/fleet');
  await expect(page).toHaveURL(/\/fr\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('jwtRefreshToken'))).toBeNull();
});

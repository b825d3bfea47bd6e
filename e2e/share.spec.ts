// Share a live position (docs/manager-tools.md): a manager creates a link on the bike page; a stranger
// opens it in a fresh browser (no session, no cookies) and sees that bike's position — the
// manager's label, a map, no vehicle number, no other bike —; the opening is counted; after the
// revocation the same link says it was revoked; an expired link says it expired. axe-clean, and
// at phone width.
import { test, expect, fr, apiLogin, MANAGER, API } from './fixtures';
import { expectAxeClean } from './screen-checks';

const s = fr.bikePage.share;
const p = fr.sharedPosition;

test.describe.configure({ timeout: 120_000 });

test('a manager shares a bike; a stranger sees only that bike; revoking ends the link', async ({
  page,
  login,
  request,
  browser,
}) => {
  const api = await apiLogin(request, MANAGER);
  const list = await api.call<{ content: Array<{ vehicleNumber: string; bikeCode: string }> }>(
    'GET',
    'fleet/list?size=5&sort=vehicleNumber,desc',
  );
  const bike = list.content[0]!;
  const label = `Vélo volé ${Date.now()}`;

  await login('manager', `/fr/fleet/product/${bike.vehicleNumber}?tab=share`);
  await expect(page.getByRole('heading', { name: s.title })).toBeVisible();
  await page.getByLabel(s.validFor).selectOption('4');
  await page.getByLabel(s.label).fill(label);
  await page.getByRole('button', { name: s.create }).click();
  const link = (await page.getByTestId('share-link').textContent())!.trim();
  expect(link).toMatch(/\/fr\/share#[A-Za-z0-9_-]{43}$/);
  const row = page.getByTestId('shares').getByRole('row').filter({ hasText: label });
  await expect(row).toContainText(s.states.ACTIVE);
  await expectAxeClean(page, 'share tab');

  // a stranger: a fresh browser context, no session
  const stranger = await browser.newContext({ locale: 'fr-FR' });
  const other = await stranger.newPage();
  const calls: string[] = [];
  other.on('request', (r) => {
    if (r.url().includes(API)) calls.push(new URL(r.url()).pathname);
  });
  await other.goto(link);
  await expect(other.getByTestId('shared-name')).toHaveText(label);
  await expect(other.getByTestId('shared-map')).toBeVisible();
  await expect(other.getByTestId('shared-coordinates')).toHaveText(/^-?\d+\.\d{5}, -?\d+\.\d{5}$/);
  const text = await other.locator('body').innerText();
  expect(text).not.toContain(bike.vehicleNumber);
  expect(text).not.toContain(bike.bikeCode);
  for (const otherBike of list.content.slice(1))
    expect(text).not.toContain(otherBike.vehicleNumber);
  // the page asks for the shared position and the basemap, nothing of the fleet
  expect([...new Set(calls)].sort()).toEqual([`${API}/app-settings`, `${API}/shared-position`]);
  await expectAxeClean(other, 'shared page');
  await other.setViewportSize({ width: 390, height: 844 });
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // the manager sees the opening, then revokes
  await page.reload();
  await expect(row.getByRole('cell').nth(5)).toHaveText('1');
  await row.getByRole('button', { name: s.revoke }).click();
  await page.getByRole('dialog').getByRole('button', { name: s.revoke }).click();
  await expect(row).toContainText(s.states.REVOKED);

  await other.reload();
  await expect(other.getByTestId('share-ended')).toHaveAttribute('data-reason', 'revoked');
  await expect(other.getByRole('heading', { name: p.revoked.title })).toBeVisible();
  await expect(other.getByTestId('shared-map')).toHaveCount(0);
  await expectAxeClean(other, 'revoked link');
  await stranger.close();
});

test('an expired link and a wrong link say so plainly', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  // the server's answer for a link past its end (apps/server/test/shares: the clock moved 61 min)
  await page.route(`**${API}/shared-position?*`, (route) =>
    route.fulfill({
      status: 410,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'https://vfm.dev/problems/share-expired',
        title: 'Plus disponible',
        status: 410,
        code: 'SHARE_EXPIRED',
        detail: 'Ce lien a expiré.',
      }),
    }),
  );
  await page.goto(`/fr/share#${'E'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: p.expired.title })).toBeVisible();
  await expect(page.getByText(p.expired.text)).toBeVisible();
  await page.unrouteAll();

  // a guessed token: the real server says the link does not work
  await page.goto(`/fr/share#${'G'.repeat(43)}`);
  await page.reload();
  await expect(page.getByRole('heading', { name: p.notFound.title })).toBeVisible();
  await expectAxeClean(page, 'unknown link');
  await context.close();
});

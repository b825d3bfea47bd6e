// Keyboard shortcuts (docs/manager-tools.md): "/" focuses the bike search, "g" then f/w/s/a goes to
// fleet, warnings, statistics, administration (administrators only), j/k move in the list and
// Enter opens the row, Esc empties the selection, "?" shows the list of shortcuts — and none of
// it while typing in a field.
import { test, expect, fr } from './fixtures';
import { axe } from './screen-checks';

const s = fr.shortcuts;

test('a manager moves around with the keyboard only', async ({ page, login }) => {
  await login('manager');
  await expect(page).toHaveURL(/\/fr\/fleet/);
  const search = page.getByRole('searchbox', { name: fr.shell.search.label });
  // the address changes before the shell has rendered (its chunks still loading): the keys are
  // listened to once the shell, whose search this is, is on the screen
  await expect(search).toBeVisible();

  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  // typing in the search: "g w" are letters, not a shortcut
  await page.keyboard.type('gw');
  await expect(search).toHaveValue('gw');
  await expect(page).toHaveURL(/\/fr\/fleet/);
  await search.fill('');
  await search.blur();

  await page.keyboard.type('gw');
  await expect(page).toHaveURL(/\/fr\/warnings/);
  await page.keyboard.type('gs');
  await expect(page).toHaveURL(/\/fr\/statistics/);
  // administration is an administrator's: nothing happens for a manager
  await page.keyboard.type('ga');
  await expect(page).toHaveURL(/\/fr\/statistics/);
  await page.keyboard.type('gf');
  await expect(page).toHaveURL(/\/fr\/fleet/);

  // j j k: the second row is current; Enter opens its bike
  const table = page.getByTestId('fleet-list');
  await expect(table.getByRole('row').nth(2)).toBeVisible();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  const current = table.locator('[data-keyboard-current]');
  await expect(current).toHaveAttribute('aria-rowindex', '3');
  const vehicleNumber = (await current.getByRole('link').first().textContent())!.trim();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/fr/fleet/product/${vehicleNumber}$`));

  // Esc empties the fleet list's selection
  await page.keyboard.type('gf');
  const box = table.getByRole('checkbox').nth(1);
  await box.check();
  await expect(box).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(box).not.toBeChecked();

  // ? shows the shortcuts; Esc closes them
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: s.title });
  await expect(help).toBeVisible();
  await expect(help).toContainText(s.keys.search);
  await expect(help).not.toContainText(s.keys.administration);
  const results = await axe(page).include('[data-testid="shortcuts-help"]').analyze();
  expect(
    results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
  ).toEqual([]);
  // no shortcut acts behind the dialog
  await page.keyboard.type('gw');
  await expect(page).toHaveURL(/\/fr\/fleet/);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
});

// The administrator's "g a". It failed after the merges of 2026-11-26 on a busy machine: the
// trace shows the test process itself sending "a" 1.6 s after "g" (two press calls, each a
// round trip of a loaded runner), past the 1.5 s of the sequence. The letters go in one
// keyboard.type call (as a person types them); the app reads the sequence on the presses' own
// timestamps too, and the test waits for the shell before typing.
test('an administrator goes to administration with g a', async ({ page, login }) => {
  await login('admin');
  await expect(page.getByRole('searchbox', { name: fr.shell.search.label })).toBeVisible();
  await page.keyboard.type('ga');
  await expect(page).toHaveURL(/\/fr\/administration/);
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: s.title })).toContainText(s.keys.administration);
});

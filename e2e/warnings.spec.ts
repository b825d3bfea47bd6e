// Flows of the warnings page (docs/web.md): tab counts equal products/warnings, a
// theft reported in another session appears in its tab, in the rail badge and as a toast
// without reload, and is cancelled from the page; a warned row opens its bike.
import {
  test,
  expect,
  fr,
  apiLogin,
  adminAndManager,
  quietBikes,
  ADMIN,
  MANAGER,
} from './fixtures';

interface Counts {
  counts: Record<string, number>;
  content: { vehicleNumber: string }[];
}

test('the tab badges give the counts of products/warnings', async ({ page, login, request }) => {
  const api = await apiLogin(request, MANAGER);
  const { counts } = await api.call<Counts>('GET', 'products/warnings?size=1');
  await login('manager', '/fr/warnings');
  const tabs = page.getByRole('tablist', { name: fr.warnings.tabs.label });
  for (const type of Object.keys(counts)) {
    const label = fr.bike.warning[type as 'LOW_VEHICLE_BATTERY'];
    const tab = tabs.getByRole('tab', { name: new RegExp(label) });
    // the server's count of the moment: other specs report thefts meanwhile (live badges)
    await expect
      .poll(async () => {
        const now = (await api.call<Counts>('GET', 'products/warnings?size=1')).counts[type] ?? 0;
        const text = (await tab.textContent()) ?? '';
        return now ? text.includes(String(now)) : text === label;
      })
      .toBe(true);
  }
});

test('a theft reported elsewhere appears live, then is cancelled from its tab', async ({
  page,
  login,
  request,
}) => {
  const { admin, manager } = await adminAndManager(request);
  const before = await manager.call<Counts>('GET', 'products/warnings?size=1');
  // the first quiet bike (the alerts flows take ranks in the middle)
  const bike = (await quietBikes(admin, 'asc'))[0]!;
  await login('manager', '/fr/warnings?type=REPORTED_THEFT');
  // the tab shown: the demo's own theft listed (ADR 0102), or none
  await expect(
    page
      .getByTestId('warnings-list')
      .or(page.getByRole('status'))
      .or(page.getByText(fr.warnings.list.empty))
      .first(),
  ).toBeVisible();

  await admin.call('POST', `products/theft/${bike}`);
  try {
    // the row, the tab badge and a toast, without reload
    const row = page.getByTestId('warnings-list').getByRole('row').filter({ hasText: bike });
    await expect(row).toBeVisible({ timeout: 15_000 });
    // the badge follows the server's count (another spec may report a theft at the same time)
    const tab = page.getByRole('tab', { name: new RegExp(fr.bike.warning.REPORTED_THEFT) });
    await expect
      .poll(async () => {
        const now = await manager.call<Counts>('GET', 'products/warnings?size=1');
        const badge = Number(/\d+/.exec((await tab.textContent()) ?? '')?.[0] ?? -1);
        return badge === now.counts.REPORTED_THEFT! && badge > before.counts.REPORTED_THEFT! - 1;
      })
      .toBe(true);
    // its own toast, or the one that counts it with another spec's theft reported meanwhile
    const several = new RegExp(fr.shell.alerts.several.replace('{{number}}', '\\d+'));
    await expect(
      page
        .getByTestId('toast')
        .filter({ hasText: `Vol déclaré : ${bike}` })
        .or(page.getByTestId('toast').filter({ hasText: several })),
    ).toBeVisible();

    await row.getByRole('button', { name: fr.warnings.actions.cancel }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(fr.warnings.actions.cancelHint);
    await dialog.getByRole('button', { name: fr.warnings.actions.confirm }).click();
    await expect(row).toHaveCount(0, { timeout: 15_000 });
  } finally {
    const after = await manager.call<{ theft: { state: string } }>(
      'GET',
      `products/details/${bike}`,
    );
    if (after.theft.state === 'REPORTED') await admin.call('DELETE', `products/theft/${bike}`);
  }
});

test('a warned row opens its bike page', async ({ page, login, request }) => {
  const admin = await apiLogin(request, ADMIN);
  // the last quiet bike: the test above takes the first one
  const bike = (await quietBikes(admin, 'desc'))[0]!;
  await admin.call('POST', `products/theft/${bike}`);
  try {
    await login('manager', '/fr/warnings');
    await page.getByTestId('warnings-list').getByRole('link', { name: bike, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/fr/fleet/product/${bike}$`));
  } finally {
    await admin.call('DELETE', `products/theft/${bike}`);
  }
});

test('a tab sorts by a column, as products/warnings does, and keeps the order in the address', async ({
  page,
  login,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN);
  // two quiet bikes of ranks no other flow takes (the alerts flows: 10 to 14 from the first)
  const bikes = (await quietBikes(admin, 'asc')).slice(20, 22);
  expect(bikes).toHaveLength(2);
  for (const bike of bikes) await admin.call('POST', `products/theft/${bike}`);
  try {
    const { content } = await admin.call<Counts>(
      'GET',
      'products/warnings?type=REPORTED_THEFT&sort=vehicleNumber,desc&size=5',
    );
    await login('manager', '/fr/warnings?type=REPORTED_THEFT');
    const list = page.getByTestId('warnings-list');
    const header = list.getByRole('columnheader', {
      name: fr.bike.list.columns.vehicleNumber,
    });
    await header.getByRole('button').click(); // ascending…
    await header.getByRole('button').click(); // …then descending
    await expect(page).toHaveURL(/sort=vehicleNumber%2Cdesc/);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(list.getByRole('link').first()).toHaveText(content[0]!.vehicleNumber);
  } finally {
    for (const bike of bikes) await admin.call('DELETE', `products/theft/${bike}`);
  }
});

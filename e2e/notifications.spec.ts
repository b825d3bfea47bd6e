// Notifications (docs/notifications.md): the demo manager's default rule (thefts: in the app and by e-mail)
// lights the bell when a bike's theft alarm opens — live, without a reload — on a phone-sized
// screen; a click opens the bike and marks it read, "mark all read" empties the count. In My
// account the manager writes an alert rule for some bikes, is told of an unknown bike, and
// deletes the rule. The simulated fleet raises alarms of its own: the counts are read, not
// assumed.
import { test, expect, fr, apiLogin, adminAndManager, quietBikes, ADMIN } from './fixtures';
import { expectAxeClean } from './screen-checks';

const n = fr.notifications;
const fill = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

test.describe('notification centre', () => {
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  test.describe.configure({ timeout: 120_000 });

  test('a theft alarm lights the bell live; a click opens the bike and marks it read', async ({
    page,
    login,
    request,
  }) => {
    const { admin, manager } = await adminAndManager(request);
    await manager.call('POST', 'notifications/read-all');
    const [vehicleNumber, second] = (await quietBikes(admin)).slice(3, 5) as [string, string];

    // the bell is in every page's header: a light page (no map)
    await login('manager', '/fr/my-account');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toBeVisible();

    // the alarm: a theft reported by the administrator opens an alert; the default rule of
    // the manager turns it into a notification, pushed to the open page by the stream
    await admin.call('POST', `products/theft/${vehicleNumber}`);
    await admin.call('POST', `products/theft/${second}`);
    try {
      await expect(page.getByTestId('notification-count')).toBeVisible({ timeout: 30_000 });
      await bell.click();
      const menu = page.getByRole('menu', { name: n.bell.title });
      await expect(menu).toBeVisible();
      const item = menu
        .getByTestId('notification-item')
        .filter({ hasText: fill(n.bell.bike, { vehicleNumber }) })
        .filter({ hasText: n.kinds.REPORTED_THEFT });
      await expect(item).toBeVisible();
      await expectAxeClean(page, 'the bell open');
      // within the phone's width
      const box = await menu.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);

      await item.click();
      await expect(page).toHaveURL(new RegExp(`/fleet/product/${vehicleNumber}$`));
      await expect
        .poll(async () => {
          const list = await manager.call<{
            content: { vehicleNumber: string; kind: string; readAt: string | null }[];
          }>('GET', 'notifications?size=50');
          return list.content.find(
            (x) => x.vehicleNumber === vehicleNumber && x.kind === 'REPORTED_THEFT',
          )?.readAt;
        })
        .toBeTruthy();

      // the other one is still unread; mark all read: the count goes away (the simulated fleet
      // may add one meanwhile)
      await expect(page.getByTestId('notification-count')).toBeVisible();
      await bell.click();
      await page.getByRole('menuitem', { name: n.bell.markAllRead }).click();
      await expect
        .poll(
          async () =>
            (await manager.call<{ unread: number }>('GET', 'notifications/unread')).unread,
        )
        .toBeLessThanOrEqual(1);
      await page.keyboard.press('Escape');
      await expect(bell).toBeFocused();
    } finally {
      await admin.call('DELETE', `products/theft/${vehicleNumber}`);
      await admin.call('DELETE', `products/theft/${second}`);
    }
  });
});

test('the alert rules of My account: the default one, a new one for some bikes, deleted', async ({
  page,
  login,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, ADMIN);
  const vehicleNumber = (await quietBikes(admin, 'asc'))[0]!;
  await login('manager', '/fr/my-account');
  const section = page.locator('#notification-rules');
  await expect(section.getByRole('heading', { name: n.rules.title })).toBeVisible();
  // the default rule every manager starts with
  const defaultRule = section.getByTestId('notification-rule').filter({ hasText: 'Vols' });
  await expect(defaultRule).toContainText(n.rules.default);

  await section.getByRole('button', { name: n.rules.add }).click();
  const form = section.getByRole('form', { name: n.form.newTitle });
  await expect(form).toBeVisible();
  await expectAxeClean(page, 'the rule form');
  await form.getByLabel(n.form.name).fill('Batteries du dépôt');
  await form.getByLabel(n.kinds.SUSPECTED_THEFT, { exact: true }).uncheck();
  await form.getByLabel(n.kinds.REPORTED_THEFT, { exact: true }).uncheck();
  await form.getByLabel(n.kinds.LOW_VEHICLE_BATTERY, { exact: true }).check();
  await form.getByLabel(n.scopes.BIKES, { exact: true }).check();
  await form.getByLabel(n.form.vehicleNumbers).fill(`${vehicleNumber}, NOPE-404`);
  await form.getByLabel(n.channels.EMAIL, { exact: true }).uncheck();
  await form.getByRole('button', { name: n.form.save }).click();
  // another fleet's bike or an unknown one: named, nothing saved
  await expect(form.getByRole('alert')).toContainText(
    fill(n.form.errors.bikeNotFound, { list: 'NOPE-404' }),
  );
  await form.getByLabel(n.form.vehicleNumbers).fill(vehicleNumber);
  await form.getByRole('button', { name: n.form.save }).click();
  await expect(page.getByText(n.rules.saved)).toBeVisible();

  const rule = section.getByTestId('notification-rule').filter({ hasText: 'Batteries du dépôt' });
  await expect(rule).toContainText(n.kinds.LOW_VEHICLE_BATTERY);
  await expect(rule).toContainText(n.scopes.BIKES);
  await rule
    .getByRole('button', { name: fill(n.rules.deleteNamed, { name: 'Batteries du dépôt' }) })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: n.rules.delete }).click();
  await expect(page.getByText(n.rules.deleted)).toBeVisible();
  await expect(rule).toHaveCount(0);
});

// Alerts (issue 20 §5): on the warnings screen and on the bike page, a manager acknowledges an
// open alert with a comment, assigns it to themselves, finds it under "Assigned to me", and
// clears it with a reason; each state shows where the alert is, and the cleared alert keeps who,
// when and why. The demo fleet has low batteries and silent modules, so alerts exist at start.
import type { Page } from '@playwright/test';
import { test, expect, fr, apiLogin, MANAGER, type ApiClient } from './fixtures';

interface Alert {
  id: string;
  kind: string;
  state: 'OPEN' | 'ACKNOWLEDGED' | 'CLEARED';
  vehicleNumber: string;
  comment: string | null;
  assignee: { email: string } | null;
  clearCause: string | null;
  clearReason: string | null;
}
interface AlertPage {
  content: Alert[];
}

const a = fr.alerts;
type Kind = keyof typeof fr.bike.warning;
/** a message with its {{placeholders}} filled */
const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** The first of these bikes whose alert of `kind` is still open (nobody took it yet). */
async function openAlertOf(api: ApiClient, kind: Kind, vehicleNumbers: string[]) {
  for (const vehicleNumber of vehicleNumbers) {
    const { content } = await api.call<AlertPage>(
      'GET',
      `alerts?state=OPEN&kind=${kind}&vehicleNumber=${vehicleNumber}`,
    );
    if (content[0]) return content[0];
  }
  return undefined;
}

/** Acknowledge (with a comment), assign to me, then clear (with a reason) from `scope`. */
async function acknowledgeAssignClear(
  page: Page,
  alert: Alert,
  scope: () => ReturnType<Page['locator']>,
  afterAssign?: () => Promise<void>,
) {
  const names = { kind: fr.bike.warning[alert.kind as Kind], vehicleNumber: alert.vehicleNumber };
  const dialog = page.getByRole('dialog');

  await scope()
    .getByRole('button', { name: fill(a.actions.acknowledgeNamed, names) })
    .click();
  await expect(dialog).toHaveAccessibleName(fill(a.actions.acknowledgeTitle, names));
  await dialog.getByLabel(a.actions.comment).fill('Batterie de rechange en route');
  await dialog.getByRole('button', { name: a.actions.acknowledgeConfirm }).click();
  await expect(page.getByText(fill(a.actions.acknowledged, names))).toBeVisible();
  await expect(scope().getByTestId('alert-state')).toContainText(a.state.acknowledgedByYou);

  await scope()
    .getByRole('button', { name: fill(a.actions.assignNamed, names) })
    .click();
  await dialog.getByRole('button', { name: a.actions.assignToMe }).click();
  await expect(page.getByText(fill(a.actions.assignedToYou, names))).toBeVisible();
  await expect(scope().getByTestId('alert-assignee')).toHaveText(a.state.assignedToYou);
  await afterAssign?.();

  await scope()
    .getByRole('button', { name: fill(a.actions.clearNamed, names) })
    .click();
  await expect(dialog).toHaveAccessibleName(fill(a.actions.clearTitle, names));
  // a reason is required
  await dialog.getByRole('button', { name: a.actions.clearConfirm }).click();
  await expect(dialog.getByText(a.actions.reasonRequired)).toBeVisible();
  await dialog.getByLabel(a.actions.reason).fill('Batterie remplacée');
  await dialog.getByRole('button', { name: a.actions.clearConfirm }).click();
  await expect(page.getByText(fill(a.actions.cleared, names))).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

/** What the server kept of the cleared alert. */
async function expectCleared(api: ApiClient, alert: Alert) {
  const { content } = await api.call<AlertPage>(
    'GET',
    `alerts?state=CLEARED&vehicleNumber=${alert.vehicleNumber}&size=100`,
  );
  const cleared = content.find((candidate) => candidate.id === alert.id);
  expect(cleared).toMatchObject({
    state: 'CLEARED',
    comment: 'Batterie de rechange en route',
    assignee: { email: MANAGER },
    clearCause: 'MANUAL',
    clearReason: 'Batterie remplacée',
  });
}

test('on the warnings screen: acknowledge, assign to me, find it under "Assigned to me", clear', async ({
  page,
  login,
  request,
}) => {
  const api = await apiLogin(request, MANAGER);
  const kind: Kind = 'LOW_VEHICLE_BATTERY';
  const { content: warned } = await api.call<{ content: { vehicleNumber: string }[] }>(
    'GET',
    `products/warnings?type=${kind}&sort=vehicleNumber,asc&size=10`,
  );
  const alert = await openAlertOf(
    api,
    kind,
    warned.map((bike) => bike.vehicleNumber),
  );
  expect(alert, 'an open low-battery alert among the first warned bikes').toBeDefined();

  await login('manager');
  await page.goto(`/fr/warnings?type=${kind}&sort=vehicleNumber,asc`);
  const list = page.getByTestId('warnings-list');
  const row = () => list.getByRole('row').filter({ hasText: alert!.vehicleNumber });
  await expect(row().getByTestId('alert-state')).toContainText(a.state.OPEN);

  await acknowledgeAssignClear(page, alert!, row, async () => {
    // "Assigned to me" lists it, then back to the tab
    const mine = page.getByRole('button', { name: fr.warnings.toolbar.mine });
    await mine.click();
    await expect(mine).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/mine=1/);
    await expect(
      page.getByTestId('my-alerts').getByRole('row').filter({ hasText: alert!.vehicleNumber }),
    ).toContainText(a.state.assignedToYou);
    await mine.click();
    await expect(mine).toHaveAttribute('aria-pressed', 'false');
  });
  await expectCleared(api, alert!);
});

test('on the bike page: acknowledge, assign to me, clear, then read it in the history', async ({
  page,
  login,
  request,
}) => {
  const api = await apiLogin(request, MANAGER);
  // another kind than the test above, so that both may run at once
  let alert: Alert | undefined;
  for (const kind of ['LOW_MODULE_BATTERY', 'LACK_MODULE_COMM'] as const) {
    const { content } = await api.call<AlertPage>('GET', `alerts?state=OPEN&kind=${kind}&size=1`);
    alert ??= content[0];
  }
  expect(alert, 'an open alert of a module battery or a silent module').toBeDefined();

  await login('manager');
  await page.goto(`/fr/fleet/product/${alert!.vehicleNumber}`);
  await page.getByRole('tab', { name: new RegExp(fr.product.tabs.alerts) }).click();
  await expect(page).toHaveURL(/tab=alerts/);
  const item = () => page.getByTestId('active-alerts').locator(`li[data-kind="${alert!.kind}"]`);
  await expect(item().getByTestId('alert-state')).toContainText(a.state.OPEN);

  await acknowledgeAssignClear(page, alert!, item);
  const history = page.getByTestId('alert-history');
  const cleared = history.getByRole('row').filter({ hasText: 'Batterie remplacée' });
  await expect(cleared).toContainText(fr.bike.warning[alert!.kind as Kind]);
  await expect(cleared).toContainText(a.state.you);
  await expectCleared(api, alert!);
});

// Alerts (docs/web.md): on the warnings screen and on the bike page, a manager acknowledges an
// open alert with a comment, assigns it to themselves, finds it under "Assigned to me", and
// clears it with a reason; each state shows where the alert is, and the cleared alert keeps who,
// when and why. A fresh demo server may have no warning yet: each test reports the theft of a
// bike of its own (an alert opens with it) and cancels it at the end.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, fr, adminAndManager, quietBikes, MANAGER, type ApiClient } from './fixtures';

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

const COMMENT = 'Je m’en occupe';
const REASON = 'Vélo retrouvé au dépôt';

/**
 * Reports the theft of the `index`-th bike without theft (in the middle of the fleet: the
 * warnings flows take the first and the last ones) and waits for its alert to open.
 */
async function theftAlert(admin: ApiClient, manager: ApiClient, index: number) {
  const vehicleNumber = (await quietBikes(admin, 'asc'))[index]!;
  await admin.call('POST', `products/theft/${vehicleNumber}`);
  let alert: Alert | undefined;
  await expect
    .poll(
      async () => {
        const { content } = await manager.call<AlertPage>(
          'GET',
          `alerts?state=OPEN&kind=REPORTED_THEFT&vehicleNumber=${vehicleNumber}`,
        );
        alert = content[0];
        return Boolean(alert);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return alert!;
}

/** Runs `body` with the theft alert of the `index`-th bike, and cancels the theft whatever happens. */
async function withTheftAlert(
  request: APIRequestContext,
  index: number,
  body: (context: { alert: Alert; admin: ApiClient; api: ApiClient }) => Promise<void>,
) {
  const { admin, manager: api } = await adminAndManager(request);
  const alert = await theftAlert(admin, api, index);
  try {
    await body({ alert, admin, api });
  } finally {
    await cancelTheft(admin, alert.vehicleNumber);
  }
}

async function cancelTheft(admin: ApiClient, vehicleNumber: string) {
  const bike = await admin.call<{ theft: { state: string } }>(
    'GET',
    `products/details/${vehicleNumber}`,
  );
  if (bike.theft.state === 'REPORTED')
    await admin.call('DELETE', `products/theft/${vehicleNumber}`);
}

const a = fr.alerts;
type Kind = keyof typeof fr.bike.warning;
/** a message with its {{placeholders}} filled */
const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

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
  await dialog.getByLabel(a.actions.comment).fill(COMMENT);
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
  await dialog.getByLabel(a.actions.reason).fill(REASON);
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
    comment: COMMENT,
    assignee: { email: MANAGER },
    clearCause: 'MANUAL',
    clearReason: REASON,
  });
}

test('on the warnings screen: acknowledge, assign to me, find it under "Assigned to me", clear', async ({
  page,
  login,
  request,
}) => {
  await withTheftAlert(request, 10, async ({ alert, api }) => {
    await login('manager', '/fr/warnings?type=REPORTED_THEFT&sort=vehicleNumber,asc');
    const list = page.getByTestId('warnings-list');
    const row = () => list.getByRole('row').filter({ hasText: alert.vehicleNumber });
    await expect(row().getByTestId('alert-state')).toContainText(a.state.OPEN);

    await acknowledgeAssignClear(page, alert, row, async () => {
      // "Assigned to me" lists it, then back to the tab
      const mine = page.getByRole('button', { name: fr.warnings.toolbar.mine });
      await mine.click();
      await expect(mine).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(/mine=1/);
      await expect(
        page.getByTestId('my-alerts').getByRole('row').filter({ hasText: alert.vehicleNumber }),
      ).toContainText(a.state.assignedToYou);
      await mine.click();
      await expect(mine).toHaveAttribute('aria-pressed', 'false');
    });
    await expectCleared(api, alert);
  });
});

test('on the bike page: acknowledge, assign to me, clear, then read it in the history', async ({
  page,
  login,
  request,
}) => {
  await withTheftAlert(request, 12, async ({ alert, api }) => {
    await login('manager', `/fr/fleet/product/${alert.vehicleNumber}`);
    await page.getByRole('tab', { name: new RegExp(fr.bikePage.tabs.alerts) }).click();
    await expect(page).toHaveURL(/tab=alerts/);
    const item = () => page.getByTestId('active-alerts').locator(`li[data-kind="${alert.kind}"]`);
    await expect(item().getByTestId('alert-state')).toContainText(a.state.OPEN);

    await acknowledgeAssignClear(page, alert, item);
    const history = page.getByTestId('alert-history');
    const cleared = history.getByRole('row').filter({ hasText: REASON });
    await expect(cleared).toContainText(fr.bike.warning.REPORTED_THEFT);
    await expect(cleared).toContainText(a.state.you);
    await expectCleared(api, alert);
  });
});

test('an alert acknowledged in another session shows at once, without reload', async ({
  page,
  login,
  request,
}) => {
  await withTheftAlert(request, 14, async ({ alert, admin }) => {
    const { fullName } = await admin.call<{ fullName: string }>('GET', 'accounts/me');
    await login('manager', `/fr/fleet/product/${alert.vehicleNumber}?tab=alerts`);
    const state = page.getByTestId('active-alerts').getByTestId('alert-state');
    await expect(state).toContainText(a.state.OPEN);
    await admin.call('POST', `alerts/${alert.id}/acknowledge`, { comment: COMMENT });
    // the stream's `alerts` event reads the bike's alerts again
    await expect(state).toContainText(fill(a.state.acknowledgedBy, { who: fullName }), {
      timeout: 15_000,
    });
    await expect(page.getByTestId('active-alerts')).toContainText(COMMENT);
  });
});

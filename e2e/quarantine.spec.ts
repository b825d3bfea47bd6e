// The administration's quarantine (docs/operations.md): a module message the server could not store is
// shown to the fleet's administrator with its bike, reason and content as received; storing it
// again is refused while its cause remains (the demo's leap-second telemetry: the contract
// refuses that date now), which counts an attempt; clearing it, after the confirmation, empties
// the list; both actions are in the activity log. The demo history seeds that message once.
import { test, expect, fr, apiLogin, ADMIN } from './fixtures';

interface QuarantinePage {
  content: Array<{ id: number; vehicleNumber: string | null; attempts: number }>;
}

test('an administrator reads a quarantined message, cannot store it yet, then clears it', async ({
  page,
  login,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN);
  // the demo history (and its quarantined message) is written in the background at start
  let message: QuarantinePage['content'][number] | undefined;
  await expect
    .poll(
      async () => {
        const list = await admin.call<QuarantinePage>('GET', 'fleet/admin/quarantine');
        message = list.content.find((m) => m.vehicleNumber);
        return Boolean(message);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const vehicleNumber = message!.vehicleNumber!;
  const q = fr.administration.quarantine;

  await login('admin', '/fr/administration');
  await page.getByRole('tab', { name: fr.administration.tabs.quarantine }).click();
  await expect(page).toHaveURL(/tab=quarantine/);
  const row = page.getByTestId('quarantine').getByRole('row').filter({ hasText: vehicleNumber });
  await expect(row).toContainText('RangeError: Invalid time value');
  await expect(row).toContainText(q.kinds.telemetry);
  await row.getByText(q.payload).click();
  await expect(row.getByText('"ts":"2026-06-30T23:59:60Z"')).toBeVisible();
  await expect(row.getByRole('link', { name: vehicleNumber })).toHaveAttribute(
    'href',
    `/fr/fleet/product/${vehicleNumber}`,
  );

  // still refused: the reason now says why, and the attempt is counted
  await row.getByRole('button', { name: /^Enregistrer à nouveau/ }).click();
  await expect(page.getByText(q.stillRefused)).toBeVisible();
  await expect(row).toContainText('must match format "date-time"');
  await expect(row.getByRole('cell').nth(5)).toHaveText(String(message!.attempts + 1));

  await row.getByRole('button', { name: /^Supprimer le message/ }).click();
  const confirm = page.getByRole('dialog', { name: q.confirmClear });
  await expect(confirm).toContainText(q.clearHint);
  await confirm.getByRole('button', { name: q.clear }).click();
  await expect(page.getByText(q.cleared)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText(q.empty)).toBeVisible();

  // both actions are in the fleet's activity, by whom and for which bike
  await page.getByRole('tab', { name: fr.administration.tabs.activity }).click();
  await page
    .getByLabel(fr.administration.activity.kind)
    .selectOption({ label: fr.administration.activity.kinds.quarantine });
  const activity = page.getByTestId('activity');
  await expect(
    activity
      .getByRole('row')
      .filter({ hasText: fr.administration.activity.names.QUARANTINE_CLEARED }),
  ).toContainText(vehicleNumber);
  await expect(
    activity
      .getByRole('row')
      .filter({ hasText: fr.administration.activity.names.QUARANTINE_CLEARED }),
  ).toContainText('admin@vfm.demo');
});

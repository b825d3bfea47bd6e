// Field work (docs/tasks.md): a manager creates a task on a bike's page; a field technician, on a
// phone, finds it in "My tasks" nearest first, navigates, starts it, ticks its checklist and
// finishes it while the connection drops — the action waits and is sent when it is back.
// Without a shared position the list is sorted by due time and the page says so.
import {
  test,
  expect,
  en,
  fr,
  DEMO_PASSWORD,
  TECHNICIAN,
  technicianLogin,
  TECHNICIAN_PHONE,
  technicianWithTask,
  quietBike,
} from './fixtures';
import type { Task } from '@vfm/contract';
import { expectAxeClean, picture } from './screen-checks';

test.describe('manager', () => {
  test('creates a battery swap on the bike page and finds it in the tasks list', async ({
    page,
    login,
    request,
  }) => {
    const { vehicleNumber } = await quietBike(request, 3);
    await login('manager', `/fr/fleet/product/${vehicleNumber}?tab=tasks`);
    await page.getByRole('button', { name: fr.tasks.create.button }).click();
    const dialog = page.getByRole('dialog', {
      name: fr.tasks.create.titleOne.replace('{{vehicleNumber}}', vehicleNumber),
    });
    await expectAxeClean(page, 'create dialog');
    await dialog.getByLabel(fr.tasks.fields.kind).selectOption('BATTERY_SWAP');
    await dialog.getByLabel(fr.tasks.fields.priority).selectOption('HIGH');
    await dialog.getByLabel(fr.tasks.fields.notes).fill('Derrière la station');
    await dialog.getByRole('button', { name: fr.tasks.create.confirm }).click();
    await expect(dialog).toBeHidden();
    const card = page
      .getByTestId('task-card')
      .filter({ hasText: `${fr.tasks.kind.BATTERY_SWAP} · ${vehicleNumber}` })
      .filter({ hasText: 'Derrière la station' });
    await expect(card).toBeVisible();
    await expect(card.getByText(fr.tasks.priority.HIGH)).toBeVisible();
    await picture(page, 'tasks-bike-desktop');

    await page.goto('/fr/tasks');
    await expect(
      page
        .getByRole('heading', { name: `${fr.tasks.kind.BATTERY_SWAP} · ${vehicleNumber}` })
        .first(),
    ).toBeVisible();
    await picture(page, 'tasks-desktop');
    await expectAxeClean(page, 'tasks page');
  });
});

test.describe('technician on a phone', () => {
  test.use({
    // offline, the installed app (its service worker) keeps working
    serviceWorkers: 'allow',
    ...TECHNICIAN_PHONE,
  });

  test('starts, checks and finishes a task, offline included', async ({
    page,
    context,
    request,
  }) => {
    const { admin, tech, vehicleNumber, task } = await technicianWithTask(request, context, {
      fullName: 'Noa Terrain',
      prefix: 'tech',
      bikeRank: 5,
      kind: 'INSPECT',
      priority: 'URGENT',
    });

    await technicianLogin(page, tech.email, tech.password);
    await expect(page.getByText(en.tasks.mine.byDistance)).toBeVisible();

    const card = page
      .getByTestId('task-card')
      .filter({ hasText: `${en.tasks.kind.INSPECT} · ${vehicleNumber}` });
    await expect(card).toBeVisible();
    if (task.position) {
      await expect(card.getByRole('link', { name: en.tasks.card.navigate })).toHaveAttribute(
        'href',
        `geo:${task.position.latitude},${task.position.longitude}`,
      );
    }
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await picture(page, 'my-tasks-mobile');
    await expectAxeClean(page, 'my tasks');
    await card.getByRole('button', { name: en.tasks.actions.start }).tap();
    await expect(card.getByText(en.tasks.status.IN_PROGRESS)).toBeVisible();
    // the item's save answered before the connection drops: one action in the outbox below
    const checkSaved = page.waitForResponse(
      (response) => response.url().includes('/checklist/checkModule') && response.ok(),
    );
    await card.getByLabel(en.tasks.checklist.checkModule).check();
    await expect(card.getByLabel(en.tasks.checklist.checkModule)).toBeChecked();
    await checkSaved;

    // the connection drops: "Finish" waits in the outbox, and the page says so
    await context.setOffline(true);
    await card.getByRole('button', { name: en.tasks.actions.finish, exact: true }).tap();
    await expect(page.getByText(en.tasks.offline.queued)).toBeVisible();
    await expect(
      card.getByText(en.tasks.offline.pendingOnTask_one.replace('{{count, number}}', '1')),
    ).toBeVisible();
    await context.setOffline(false);
    await expect(
      page.getByText(en.tasks.offline.sent_one.replace('{{count, number}}', '1')),
    ).toBeVisible();
    await expect
      .poll(async () => (await admin.call<{ task: Task }>('GET', `tasks/${task.id}`)).task.status)
      .toBe('DONE');
    const detail = await admin.call<{ task: Task }>('GET', `tasks/${task.id}`);
    expect(detail.task.checklist.find((c) => c.item === 'checkModule')!.checked).toBe(true);
  });
});

test.describe('technician without a shared position', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, permissions: [] });

  test('sorts by due time and says why', async ({ page }) => {
    // the demo technician reads the app in French
    await technicianLogin(page, TECHNICIAN, DEMO_PASSWORD, 'fr');
    await expect(
      page
        .getByText(fr.tasks.mine.positionRefused)
        .or(page.getByText(fr.tasks.mine.positionUnavailable)),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('task-card').first()).toBeVisible();
  });
});

// The battery swap queue (docs/tasks.md): a field technician on a phone follows the queue — the
// stops nearest first, the bike with its charge — takes a swap and records the battery fitted,
// which becomes the bike's battery record; a manager reads the same queue on a desktop, map and
// list. With VFM_SCREENSHOTS_DIR the screens are written as pictures.
import {
  test,
  expect,
  en,
  fr,
  MAP_READY,
  technicianLogin,
  TECHNICIAN_PHONE,
  technicianWithTask,
  quietBike,
} from './fixtures';
import type { Task } from '@vfm/contract';
import { expectAxeClean, picture } from './screen-checks';

test.describe('technician on a phone', () => {
  test.use(TECHNICIAN_PHONE);

  test('follows the queue, takes a swap and records the battery fitted', async ({
    page,
    context,
    request,
  }) => {
    const { admin, tech, vehicleNumber, task } = await technicianWithTask(request, context, {
      fullName: 'Sam Swap',
      prefix: 'swap',
      bikeRank: 7,
      kind: 'BATTERY_SWAP',
      priority: 'HIGH',
    });
    const before = Date.now();

    await technicianLogin(page, tech.email, tech.password);
    await page.goto('/en/tasks/battery-queue');
    await expect(page.getByRole('heading', { name: en.tasks.queue.title, level: 1 })).toBeVisible();
    await expect(page.getByText(en.tasks.queue.byDistance)).toBeVisible();

    // the bike's stop is the nearest: the phone stands beside it
    const firstStop = page.getByTestId('battery-stop').first();
    const row = firstStop.getByTestId('battery-bike').filter({ hasText: vehicleNumber });
    await expect(row).toBeVisible();
    await expect(firstStop.getByRole('heading', { level: 2 })).toHaveText(
      en.tasks.queue.stop.replace('{{n}}', '1'),
    );
    await expect(page.getByTestId('battery-queue-map')).toHaveAttribute(
      'data-ready',
      'true',
      MAP_READY,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await picture(page, 'battery-queue-mobile');
    await expectAxeClean(page, 'battery queue');

    await expect(
      row.getByText(en.tasks.card.assignee.replace('{{who}}', en.tasks.card.you)),
    ).toBeVisible();
    await row.getByRole('button', { name: en.tasks.queue.take }).tap();
    await expect(
      row.getByText(en.tasks.queue.taskBy.replace('{{who}}', en.tasks.card.you)),
    ).toBeVisible();
    await row.getByRole('button', { name: en.tasks.queue.record }).tap();
    await row.getByLabel(en.tasks.swap.level).fill('101');
    await row.getByRole('button', { name: en.tasks.swap.submit }).tap();
    await expect(row.getByText(en.tasks.swap.levelInvalid)).toBeVisible();
    await row.getByLabel(en.tasks.swap.level).fill('95');
    await row.getByLabel(en.tasks.swap.number).fill('E2E-BAT-7');
    await picture(page, 'battery-swap-mobile');
    await expectAxeClean(page, 'swap form');
    await row.getByRole('button', { name: en.tasks.swap.submit }).tap();
    await expect(
      page.getByText(
        en.tasks.actions.finishDone
          .replace('{{name}}', en.tasks.kind.BATTERY_SWAP)
          .replace('{{vehicleNumber}}', vehicleNumber),
      ),
    ).toBeVisible();

    const detail = await admin.call<{ task: Task }>('GET', `tasks/${task.id}`);
    expect(detail.task).toMatchObject({
      status: 'DONE',
      batterySwap: { batteryLevel: 95, batteryNumber: 'E2E-BAT-7' },
    });
    // the bike's battery record was changed by the swap (the module reports its own from then on)
    const bike = await admin.call<{ lastBatteryChangeDate: string | null }>(
      'GET',
      `products/details/${vehicleNumber}`,
    );
    expect(Date.parse(bike.lastBatteryChangeDate ?? '')).toBeGreaterThanOrEqual(before - 1000);

    // the bike page shows a technician what they may do only (ADR 0090): the availability,
    // the IoT mode and the theft are read, not changed; no share link
    // (the bike, charged, has left the queue)
    await expect(row).toHaveCount(0);
    await page.goto(`/en/fleet/product/${vehicleNumber}`);
    await expect(
      page.locator('[data-command="lock"], [data-command="mode"]').first(),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: en.bikePage.header.availability })).toHaveCount(
      0,
    );
    await expect(page.locator('#mode-select')).toHaveCount(0);
    await expect(page.getByText(en.bikePage.tabs.share)).toHaveCount(0);
    await picture(page, 'bike-technician-mobile');

    // the service book: the swap done, by whom, with the battery fitted
    await page.goto(`/en/fleet/product/${vehicleNumber}?tab=tasks`);
    const done = page
      .getByTestId('task-card')
      .filter({ hasText: `${en.tasks.kind.BATTERY_SWAP} · ${vehicleNumber}` })
      .filter({ hasText: en.tasks.status.DONE });
    await expect(done.getByText(/Battery fitted: 95\s?%, no\. E2E-BAT-7/)).toBeVisible();
    await expect(done.getByText(/Done by Sam Swap/)).toBeVisible();
    await picture(page, 'bike-service-book-mobile');
    await expectAxeClean(page, 'service book');
  });
});

test.describe('manager', () => {
  test('reads the queue on a map and in a list of stops, live', async ({
    page,
    login,
    request,
  }) => {
    await login('manager', '/fr/tasks/battery-queue');
    await expect(page.getByRole('heading', { name: fr.tasks.queue.title, level: 1 })).toBeVisible();
    await expect(
      page.getByTestId('battery-bike').first().or(page.getByText(fr.tasks.queue.none)),
    ).toBeVisible();
    if (await page.getByTestId('battery-bike').count()) {
      await expect(page.getByTestId('battery-queue-map')).toHaveAttribute(
        'data-ready',
        'true',
        MAP_READY,
      );
      // a stop chosen on the map is the one shown in the list
      await page
        .getByRole('button', { name: fr.tasks.queue.stop.replace('{{n}}', '1') })
        .first()
        .click();
      await expect(page.getByTestId('battery-stop').first()).toHaveAttribute(
        'data-selected',
        'true',
      );
    }
    await picture(page, 'battery-queue-desktop');
    await expectAxeClean(page, 'battery queue (manager)');

    // live (the stream's tasks event): a swap task opened elsewhere shows without a reload
    const { admin, vehicleNumber } = await quietBike(request, 9);
    await admin.call('POST', 'tasks', { kind: 'BATTERY_SWAP', vehicleNumbers: [vehicleNumber] });
    await expect(page.getByTestId('battery-bike').filter({ hasText: vehicleNumber })).toBeVisible({
      timeout: 15_000,
    });
  });
});

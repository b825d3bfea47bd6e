// The statistics page (docs/web.md): the SPEC §4 buckets with their labels and the
// figures of fleet/statistics; a group selection narrows them; a bucket opens the fleet list.
import type { Page } from '@playwright/test';
import { test, expect, fr, apiLogin, MANAGER } from './fixtures';

interface Statistics {
  totalBikes: number;
  availability: Record<string, number>;
  lastCommunication: Record<string, number>;
}
interface Group {
  id: string;
  name: string;
  bikeCount: number;
  children: Group[];
}

const bucket = (page: Page, title: string, label: string) =>
  page
    .getByRole('figure', { name: new RegExp(title) })
    .getByRole('listitem')
    .filter({ hasText: label });

test('the charts show the SPEC buckets with the figures of fleet/statistics', async ({
  page,
  login,
  request,
}) => {
  const api = await apiLogin(request, MANAGER);
  const figures = await api.call<Statistics>('GET', 'fleet/statistics');
  await login('manager', '/fr/statistics');
  const lc = fr.statistics.lastCommunication;
  for (const [key, label] of [
    ['upTo7Days', lc.upTo7Days],
    ['from8To14Days', lc.from8To14Days],
    ['from15Days', lc.from15Days],
  ] as const) {
    await expect(bucket(page, lc.title, label)).toContainText(
      String(figures.lastCommunication[key]),
    );
  }
  for (const label of ['0–25 %', '26–50 %', '51–75 %', '76–100 %']) {
    await expect(bucket(page, fr.statistics.quarters.bikeTitle, label)).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: fr.statistics.traffic.title })).toBeVisible();
  await expect(page.locator('.uplot')).toBeVisible();
  // no blank area below the content on a desktop screen (ADR 0102): the document scrolls
  // as far as the page's content goes, not further (the chart's data table for screen readers
  // once stretched it to 5,500 px for 2,200 px of content)
  const { scrollHeight, contentBottom } = await page.evaluate(() => ({
    scrollHeight: document.scrollingElement!.scrollHeight,
    contentBottom: document.getElementById('main')!.getBoundingClientRect().bottom + window.scrollY,
  }));
  expect(scrollHeight).toBeGreaterThan(800); // the page is longer than the screen
  expect(scrollHeight - contentBottom).toBeLessThanOrEqual(48);
  // a bar the list can filter by opens it
  await bucket(page, fr.statistics.availability.title, fr.bike.availability.AVAILABLE)
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/\/fr\/fleet\?availability=AVAILABLE$/);
});

test('a group narrows every figure', async ({ page, login, request }) => {
  const api = await apiLogin(request, MANAGER);
  const groups = await api.call<Group[]>('GET', 'fleet/group');
  const total = (await api.call<Statistics>('GET', 'fleet/statistics')).totalBikes;
  // the first top-level group that holds bikes (other flows may add empty ones)
  let group: Group | undefined;
  let inGroup: Statistics | undefined;
  for (const candidate of groups) {
    const figures = await api.call<Statistics>('GET', `fleet/statistics?groupId=${candidate.id}`);
    if (figures.totalBikes > 0) {
      group = candidate;
      inGroup = figures;
      break;
    }
  }
  expect(group, 'a group with bikes').toBeTruthy();
  expect(inGroup!.totalBikes).toBeLessThan(total);
  await login('manager', '/fr/statistics');
  const bikes = page.getByRole('region', { name: fr.statistics.totals.title });
  await expect(bikes).toContainText(String(total));
  await page.getByLabel(fr.statistics.group).selectOption(group!.id);
  await expect(page).toHaveURL(new RegExp(`group=${group!.id}`));
  await expect(bikes.getByText(String(inGroup!.totalBikes), { exact: true })).toBeVisible();
  // against the server's figure of the moment: other specs report and cancel thefts (a bike
  // OUT, then AVAILABLE again) meanwhile
  const available = bucket(page, fr.statistics.availability.title, fr.bike.availability.AVAILABLE);
  await expect
    .poll(async () => {
      const now = await api.call<Statistics>('GET', `fleet/statistics?groupId=${group!.id}`);
      const text = (await available.textContent()) ?? '';
      return new RegExp(`(?<!\\d)${now.availability.AVAILABLE} \\(`).test(text);
    })
    .toBe(true);
});

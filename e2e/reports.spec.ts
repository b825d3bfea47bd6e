// The Reports screen (ADR 0127, docs/reports.md): the demo's 30 days of history fill the daily
// rollups at the first start, so the last 30 days' report has trips, idle % and active bikes;
// the manager reaches it from the menu and downloads it as a PDF.
import { readFile } from 'node:fs/promises';
import { test, expect, apiLogin, MANAGER } from './fixtures';
import reportsFr from '../apps/web/src/features/reports/i18n/fr.json' with { type: 'json' };

interface Report {
  figures: { trips: number; idlePercent: number | null; activeBikes: number | null };
}

test("the demo's month is a full report, shown and exported as a PDF", async ({
  page,
  login,
  request,
}) => {
  const api = await apiLogin(request, MANAGER);
  // the rollups are kept by a job once the demo's history is written
  await expect
    .poll(async () => (await api.call<Report>('GET', 'reports')).figures.trips, { timeout: 45_000 })
    .toBeGreaterThan(0);
  const report = await api.call<Report>('GET', 'reports');
  expect(report.figures.idlePercent).not.toBeNull();
  expect(report.figures.activeBikes).toBeGreaterThan(0);

  await login('manager', '/fr/fleet');
  await page.getByRole('link', { name: reportsFr.nav }).first().click();
  await expect(page).toHaveURL(/\/fr\/reports/);
  await page.getByRole('combobox', { name: reportsFr.period }).selectOption('custom');
  const figures = page.getByRole('region', { name: reportsFr.figures.title });
  await expect(figures).toContainText(reportsFr.figures.idlePercent);
  await expect(page.getByRole('table', { name: reportsFr.alerts.title })).toBeVisible();

  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: reportsFr.export.pdf, exact: true }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^report-.*\.pdf$/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

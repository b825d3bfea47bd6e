// A scheduled report by e-mail (ADR 0127, docs/reports.md): the manager adds a daily schedule
// with an Excel file on the Reports screen and sends it now; the e-mail arrives in the outbox
// with its attachment, whose trips equal the report's, and its link opens the same report
// (axe-clean); the fleet screen's KPI strip has the bikes available at the peak and the alerts
// past their SLA.
import { readFile } from 'node:fs/promises';
import { test, expect, apiLogin, MANAGER, uniqueEmail } from './fixtures';
import { linkTo, waitForMail } from './mail';
import { readXlsx } from './xlsx';
import { expectAxeClean } from './screen-checks';
import reportsFr from '../apps/web/src/features/reports/i18n/fr.json' with { type: 'json' };

interface Report {
  from: string;
  figures: { trips: number };
}

/** The attached file of a raw e-mail: its name and its bytes (base64 part). */
function attachmentOf(raw: string) {
  const text = raw.replace(/\r\n/g, '\n');
  const match = /filename="?([^";\n]+)"?/.exec(text);
  if (!match) throw new Error('no attachment');
  const start = text.indexOf('\n\n', match.index);
  const body = text.slice(start + 2).split(/\n--/)[0]!;
  return { name: match[1]!, bytes: Buffer.from(body.replace(/\s+/g, ''), 'base64') };
}

test('a schedule sent now arrives with its Excel file and a link to the same report', async ({
  page,
  login,
  request,
}) => {
  const api = await apiLogin(request, MANAGER);
  // the day before today (UTC): the last ended period of a daily schedule
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await expect
    .poll(
      async () =>
        (await api.call<Report>('GET', `reports?period=day&from=${yesterday}`)).figures.trips,
      { timeout: 45_000 },
    )
    .toBeGreaterThan(0);
  const report = await api.call<Report>('GET', `reports?period=day&from=${yesterday}`);

  const name = `Daily ${Date.now()}`;
  const recipient = uniqueEmail('city');
  await login('manager', '/fr/reports');
  const schedules = page.getByRole('region', { name: reportsFr.schedules.title });
  await schedules.getByLabel(reportsFr.schedules.name).fill(name);
  await schedules.getByLabel(reportsFr.schedules.frequency).selectOption('DAILY');
  await schedules.getByLabel(reportsFr.schedules.format).selectOption('xlsx');
  await schedules.getByLabel(reportsFr.schedules.recipients).fill(recipient);
  await schedules.getByRole('button', { name: reportsFr.schedules.add }).click();
  const since = Date.now();
  await schedules
    .getByRole('button', { name: reportsFr.schedules.sendNow.replace('{{name}}', name) })
    .click();

  const mail = await waitForMail(recipient, since, '/reports', 30_000);
  expect(mail.body).toContain(name);
  const file = attachmentOf(await readFile(mail.file, 'utf8'));
  expect(file.name).toBe(`report-fleet-${yesterday}-${yesterday}.xlsx`);
  const [figures] = readXlsx(file.bytes);
  const trips = figures!.find((row) => row[0] === 'Trips');
  expect(Number(trips![1])).toBe(report.figures.trips);

  await page.goto(linkTo(mail, '/reports'));
  await expect(page).toHaveURL(new RegExp(`/reports\\?period=day&from=${yesterday}`));
  const shown = page.getByRole('region', { name: reportsFr.figures.title });
  await expect(shown).toContainText(new Intl.NumberFormat('fr').format(report.figures.trips));
  await expect(page.getByRole('table', { name: reportsFr.zones.title })).toBeVisible();
  await expectAxeClean(page, 'the report of the link');

  // the fleet screen's KPI strip, today against the same day last week
  await page.goto('/fr/fleet');
  const strip = page.getByRole('region', { name: reportsFr.kpi.title });
  await expect(strip).toContainText(reportsFr.kpi.peakAvailable);
  await expect(strip).toContainText(reportsFr.kpi.pastSla);
  await expectAxeClean(page, 'the fleet screen with its KPI strip');
});

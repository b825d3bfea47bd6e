// Rules (docs/rules.md): a module of the demo fleet reports it is cut from the bike's power
// (telemetry externalPower false) and the built-in rule's alert appears on the warnings screen
// without a reload; an administrator sees the built-in rules on the Rules screen, writes a rule
// that sends a command and dry-runs it: a timeline and a map of its firings, on a phone. With
// VFM_SCREENSHOTS_DIR set, the Rules screen's pictures are taken too (desktop, phone).
import type { APIRequestContext, Page } from '@playwright/test';
import rulesFr from '../apps/web/src/features/rules/i18n/fr.json' with { type: 'json' };
import { test, expect, fr, apiLogin, connectModule, ADMIN, API, type ApiClient } from './fixtures';
import { expectAxeClean } from './screen-checks';

const shots = process.env.VFM_SCREENSHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
};

/** A bike of the demo fleet with a module of its own (the administrators' CSV import). */
async function importModule(request: APIRequestContext, admin: ApiClient) {
  const suffix = Date.now().toString(36).toUpperCase().slice(-5).padStart(5, '0');
  const vehicleNumber = `E2E-RULE-${suffix}`;
  const moduleId = `R${suffix}`;
  const csv = `vehicleNumber,bikeCode,moduleId,model,group\n${vehicleNumber},BC-R-${suffix},${moduleId},City 28,\n`;
  const answer = await request.post(`${API}/fleet/admin/vehicles`, {
    headers: { ...(await admin.headers()), 'content-type': 'text/csv' },
    data: csv,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { modules } = (await answer.json()) as {
    modules: Array<{ moduleId: string; secret: string }>;
  };
  const { secret } = modules.find((m) => m.moduleId === moduleId)!;
  return { vehicleNumber, moduleId, client: await connectModule(moduleId, secret) };
}

type ImportedModule = Awaited<ReturnType<typeof importModule>>;

/** Runs `body` with a module of its own; then it disconnects and its bike is removed. */
async function withModule(
  request: APIRequestContext,
  body: (module: ImportedModule) => Promise<void>,
) {
  const admin = await apiLogin(request, ADMIN);
  const module = await importModule(request, admin);
  try {
    await body(module);
  } finally {
    await module.client.endAsync();
    await admin.call('DELETE', `fleet/admin/vehicles?vehicleNumbers=${module.vehicleNumber}`);
  }
}

/** A telemetry message of the module, now, in Lyon, with these readings. */
const sendTelemetry = (module: ImportedModule, readings: Record<string, unknown>) =>
  module.client.publishAsync(
    `vfm/v1/${module.moduleId}/up/telemetry`,
    JSON.stringify({
      seq: Date.now(),
      ts: new Date().toISOString(),
      lat: 45.76,
      lon: 4.84,
      ...readings,
    }),
    { qos: 1 },
  );

test('a module cut from its bike raises the built-in rule’s alert on the warnings screen', async ({
  page,
  login,
  request,
}) => {
  await withModule(request, async (module) => {
    await login('admin', '/fr/warnings');
    await sendTelemetry(module, { bikeBattery: 80, externalPower: false });
    const panel = page.getByTestId('rule-alerts');
    const card = panel.getByRole('listitem').filter({ hasText: module.vehicleNumber });
    await expect(card).toContainText(fr.bike.warning.MODULE_POWER_CUT, { timeout: 20_000 });

    await page.goto('/fr/rules');
    await expect(page.getByRole('button', { name: fr.bike.warning.VAN_HOP })).toBeVisible();
    await shoot(page, 'rules-desktop');
    await page.getByRole('button', { name: fr.bike.warning.BATTERY_RISING_PARKED }).click();
    await expect(page.getByLabel(rulesFr.form.name)).toBeVisible();
    await shoot(page, 'rules-form-desktop');
    if (shots) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/fr/rules');
      await expect(page.getByRole('button', { name: fr.bike.warning.VAN_HOP })).toBeVisible();
      await shoot(page, 'rules-mobile');
    }
  });
});

test('a rule that sends a command, dry-run on a phone: its firings on a timeline and a map', async ({
  page,
  login,
  request,
}) => {
  await withModule(request, async (module) => {
    await sendTelemetry(module, { bikeBattery: 10 });
    await page.setViewportSize({ width: 390, height: 844 });
    await login('admin', '/fr/rules');
    await page.getByRole('button', { name: rulesFr.new }).click();
    await page.getByLabel(rulesFr.form.name).fill('E2E batterie basse');
    await page.getByLabel(rulesFr.form.commandAction).selectOption('LOCK_CONTROL');
    await expect(page.getByLabel(rulesFr.form.commandValue)).toHaveValue('true');
    await expect(page.getByLabel(rulesFr.form.commandValue).locator('option:checked')).toHaveText(
      rulesFr.commandValue.LOCK_CONTROL.true,
    );
    // the default test (bike battery at most 20 %) fires on the module's message once stored
    await expect(async () => {
      await page.getByRole('button', { name: rulesFr.dryRun.run, exact: true }).click();
      await expect(page.getByTestId('dry-run-timeline')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId('dry-run-map')).toBeVisible();
    await expect(page.getByText(module.vehicleNumber).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAxeClean(page, 'the rule form and its dry run at 390 px');
    await page.getByTestId('dry-run-timeline').scrollIntoViewIfNeeded();
    await shoot(page, 'rules-dry-run-mobile');
  });
});

test('a rule in a zone on a schedule: the fleet’s zones to choose from, the time zone checked as typed', async ({
  page,
  login,
  request,
}) => {
  const admin = await apiLogin(request, ADMIN);
  const name = `E2E zone ${Date.now().toString(36)}`;
  try {
    await login('admin', '/fr/rules');
    await page.getByRole('button', { name: rulesFr.new }).click();
    await page.getByLabel(rulesFr.form.name).fill(name);
    const save = page.getByRole('button', { name: rulesFr.form.save, exact: true });

    // a second test, in a zone: the fleet's zones to choose from, one needed
    await page.getByRole('button', { name: rulesFr.form.addTest }).click();
    const inZone = page.getByRole('group', { name: 'Test 2' });
    await inZone.getByLabel(rulesFr.form.testType).selectOption({ label: rulesFr.type.inZone });
    await expect(page.getByText(rulesFr.problem.zoneRequired)).toBeVisible();
    await expect(save).toBeDisabled();
    const zone = inZone.getByLabel(new RegExp(`^${rulesFr.field.zoneId}`));
    await expect(zone.locator('option', { hasText: 'Place Bellecour' })).toHaveCount(1);
    await zone.selectOption({ label: 'Place Bellecour' });
    await expect(page.getByText(rulesFr.problem.zoneRequired)).toHaveCount(0);

    // a third, a schedule: a time zone the browser does not know is said as it is typed
    await page.getByRole('button', { name: rulesFr.form.addTest }).click();
    const schedule = page.getByRole('group', { name: 'Test 3' });
    await schedule.getByLabel(rulesFr.form.testType).selectOption({ label: rulesFr.type.schedule });
    const timeZone = schedule.getByLabel(rulesFr.field.timeZone);
    await timeZone.fill('Europe/Pariss');
    await expect(page.getByText(rulesFr.problem.timeZoneInvalid)).toBeVisible();
    await expect(save).toBeDisabled();
    await timeZone.fill('Europe/Paris');
    await expect(page.getByText(rulesFr.problem.timeZoneInvalid)).toHaveCount(0);
    await expectAxeClean(page, 'the rule form with a zone and a schedule');
    await shoot(page, 'rules-zone-schedule-desktop');
    await save.click();
    await expect(page.getByText(rulesFr.form.saved)).toBeVisible();

    // what was saved comes back in the form
    const { content } = await admin.call<{
      content: Array<{
        id: string;
        name: string;
        condition: { all: Array<Record<string, unknown>> };
      }>;
    }>('GET', 'rules');
    const saved = content.find((rule) => rule.name === name)!;
    expect(saved.condition.all.map((p) => p.type)).toEqual(['threshold', 'inZone', 'schedule']);
    expect(saved.condition.all[2]!.timeZone).toBe('Europe/Paris');
    await page.goto('/fr/rules');
    await page.getByRole('button', { name }).click();
    await expect(
      page
        .getByRole('group', { name: 'Test 2' })
        .getByLabel(new RegExp(`^${rulesFr.field.zoneId}`))
        .locator('option:checked'),
    ).toHaveText('Place Bellecour');
    await expect(
      page.getByRole('group', { name: 'Test 3' }).getByLabel(rulesFr.field.timeZone),
    ).toHaveValue('Europe/Paris');
  } finally {
    const { content } = await admin.call<{ content: Array<{ id: string; name: string }> }>(
      'GET',
      'rules',
    );
    for (const rule of content.filter((r) => r.name === name))
      await admin.call('DELETE', `rules/${rule.id}`);
  }
});

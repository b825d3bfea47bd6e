// Administration → Webhooks (docs/webhooks.md): an administrator adds an endpoint (a real receiver on
// 127.0.0.1: the e2e server runs with WEBHOOK_ALLOW_PRIVATE), sees its secret once, sends a
// test event that the receiver gets signed — verified with the Standard Webhooks library — and
// that appears in the delivery log; then turns the endpoint off and deletes it. On a phone
// (390 px) the tab fits and passes axe.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook as Verifier } from 'standardwebhooks';
import { test, expect, fr } from './fixtures';
import { expectAxeClean } from './screen-checks';

const w = fr.administration.webhooks;

interface Received {
  headers: Record<string, string>;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([k, v]) => [k, String(v)]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/e2e/${Date.now()}`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test('an administrator adds a webhook, sees its secret once and its test event delivered', async ({
  page,
  login,
  context,
}) => {
  const receiver = await startReceiver();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await login('admin', '/fr/administration?tab=webhooks');
    await page.getByRole('button', { name: w.add }).click();
    await page.getByLabel(w.url).fill(receiver.url);
    await page.getByLabel(w.description).fill('Poste de nuit');
    await page.getByRole('button', { name: w.create }).click();

    const shown = page.getByTestId('webhook-secret');
    await expect(shown).toBeVisible();
    const secret = (await shown.getByTestId('webhook-secret-value').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: w.copySecret }).click();
    await expect(page.getByText(w.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: w.done }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(secret)).toHaveCount(0);

    const item = page.getByTestId('webhook').filter({ hasText: receiver.url });
    await expect(item).toContainText(w.on);
    await item.getByRole('button', { name: w.test }).click();
    // the demo's alerts (other tests' thefts and zones) reach the endpoint too: the test event
    // is the one whose signed body says so
    const isTest = (r: (typeof receiver.received)[number]) =>
      (new Verifier(secret).verify(r.body, r.headers) as { type: string }).type === 'webhook.test';
    await expect.poll(() => receiver.received.filter(isTest).length, { timeout: 20_000 }).toBe(1);
    const request = receiver.received.find(isTest)!;
    const log = item.getByTestId('webhook-deliveries');
    await expect(log).toContainText(w.eventTypes.test);
    await expect(log).toContainText(w.states.DELIVERED, { timeout: 20_000 });
    await expect(log).toContainText(request.headers['webhook-id']!);
    // the demo's alerts may have been delivered (200) too: at least one answer is the test's
    await expect(log.getByRole('cell', { name: '200', exact: true }).first()).toBeVisible();
    await expect(log).toContainText('received');

    await item.getByRole('button', { name: w.turnOff }).click();
    await expect(item).toContainText(w.off);
    await item.getByRole('button', { name: w.delete }).click();
    await page.getByRole('dialog').getByRole('button', { name: w.delete }).click();
    await expect(page.getByTestId('webhook').filter({ hasText: receiver.url })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test('the webhooks tab fits a phone, passes axe with its log open and names a refused URL', async ({
  page,
  login,
}) => {
  const receiver = await startReceiver();
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await login('admin', '/fr/administration?tab=webhooks');
    await page.getByRole('button', { name: w.add }).click();
    await expect(page.getByLabel(w.url)).toBeVisible();
    await expectAxeClean(page, 'webhooks');
    await page.getByLabel(w.url).fill('ftp://hooks.example.com/');
    await page.getByRole('button', { name: w.create }).click();
    await expect(page.getByText(w.urlInvalid)).toBeVisible();

    // an endpoint with its delivery log open, on the phone
    await page.getByLabel(w.url).fill(receiver.url);
    await page.getByRole('button', { name: w.create }).click();
    await page.getByTestId('webhook-secret').getByRole('button', { name: w.done }).click();
    const item = page.getByTestId('webhook').filter({ hasText: receiver.url });
    await item.getByRole('button', { name: w.test }).click();
    await expect(item.getByTestId('webhook-deliveries')).toContainText(w.states.DELIVERED, {
      timeout: 20_000,
    });
    await expectAxeClean(page, 'webhooks');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await item.getByRole('button', { name: w.delete }).click();
    await page.getByRole('dialog').getByRole('button', { name: w.delete }).click();
    await expect(item).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

// Web push (docs/notifications.md): in My account, a rule's push channel asks this browser's permission
// and subscribes it — or says plainly why it cannot (notifications blocked; no push service, as
// in headless Chromium); the service worker shows a push's notice (the text the server wrote in
// the user's language) and a click on it opens the bike's page. My account lists the browsers
// receiving push and removes one.
import { createECDH, randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { fullBrowserLaunchOptions } from './browser';
import { test, expect, fr, apiLogin, quietBikes, API, ADMIN, MANAGER } from './fixtures';
import { expectAxeClean } from './screen-checks';

// the app's service worker is the subject (playwright.config.ts blocks it elsewhere), and the
// notices it shows need the full browser's notification centre (the headless shell has none)
test.use({ serviceWorkers: 'allow', launchOptions: fullBrowserLaunchOptions });

const n = fr.notifications;
const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** The app's service worker, controlling the page. */
async function controlledPage(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

async function openNewRule(page: Page) {
  await page.goto('/fr/my-account');
  const section = page.locator('#notification-rules');
  await section.getByRole('button', { name: n.rules.add }).click();
  const form = section.getByRole('form', { name: n.form.newTitle });
  await expect(form).toBeVisible();
  return form;
}

/** What the specs use of a service worker's global scope (the e2e types have no WebWorker lib). */
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  PushEvent: new (type: 'push', init: { data: string }) => Event;
  NotificationEvent: new (type: 'notificationclick', init: { notification: Notification }) => Event;
}

const workerOf = async (context: BrowserContext) =>
  context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

test.describe('web push', () => {
  // notifications allowed, as a user who said yes would have; one test blocks them
  test.use({ permissions: ['notifications'] });

  test('turning push on asks the permission and subscribes, or says why it cannot', async ({
    page,
    login,
    request,
  }) => {
    const manager = await apiLogin(request, MANAGER);
    const before = await manager.call<{ content: unknown[] }>('GET', 'push-subscriptions');
    await login('manager');
    await controlledPage(page);
    const form = await openNewRule(page);
    const push = form.getByLabel(n.channels.PUSH, { exact: true });
    await expect(push).not.toBeChecked();
    await push.click();
    const notice = form.getByTestId('push-notice');
    await expect(notice).toBeVisible({ timeout: 20_000 });
    if ((await notice.textContent())?.includes(n.push.subscribed)) {
      // a browser with a push service: subscribed, recorded for this user
      await expect(push).toBeChecked();
      const after = await manager.call<{ content: unknown[] }>('GET', 'push-subscriptions');
      expect(after.content.length).toBe(before.content.length + 1);
    } else {
      // headless Chromium has no push service: said plainly, and push stays off
      await expect(notice.getByRole('alert')).toHaveText(n.push.unavailable);
      await expect(push).not.toBeChecked();
    }
    await page.screenshot({ path: 'test-results/push-rule-form.png', fullPage: false });
    await form.getByRole('button', { name: n.form.cancel }).click();
  });

  test('notifications blocked: the rule editor says how to allow them', async ({
    page,
    context,
    login,
  }) => {
    await context.clearPermissions();
    await login('manager');
    // the browser answers "denied" as a user who blocked the site would
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'requestPermission', {
        value: () => Promise.resolve('denied'),
      });
    });
    const form = await openNewRule(page);
    await form.getByLabel(n.channels.PUSH, { exact: true }).click();
    await expect(form.getByTestId('push-notice').getByRole('alert')).toHaveText(n.push.denied);
    await expect(form.getByLabel(n.channels.PUSH, { exact: true })).not.toBeChecked();
  });

  test('the service worker shows a push and a click opens the bike', async ({
    page,
    context,
    login,
    request,
  }) => {
    const admin = await apiLogin(request, ADMIN);
    const vehicleNumber = (await quietBikes(admin, 'asc'))[0]!;
    await login('manager');
    await controlledPage(page);
    const worker = await workerOf(context);

    // a push as the server sends it (decrypted by the browser): a synthetic PushEvent
    const shown = await worker.evaluate(
      async (payload) => {
        const sw = self as unknown as WorkerScope;
        const event = new sw.PushEvent('push', { data: JSON.stringify(payload) });
        // the promise the worker hands to waitUntil: a refused showNotification says why
        let showing: Promise<unknown> = Promise.reject(new Error('the worker did not wait'));
        Object.assign(event, { waitUntil: (promise: Promise<unknown>) => (showing = promise) });
        sw.dispatchEvent(event);
        const refused = await showing.then(
          () => null,
          (error: unknown) => `${String(error)} (permission: ${Notification.permission})`,
        );
        if (refused) return refused;
        // listed within 20 s: the notification centre answers late on two busy cores
        for (let i = 0; i < 200; i++) {
          const list = await sw.registration.getNotifications();
          if (list.length)
            return list.map((x: Notification) => ({
              title: x.title,
              body: x.body,
              tag: x.tag,
              data: x.data,
            }));
          await new Promise((done) => setTimeout(done, 100));
        }
        return [];
      },
      {
        title: `Alarme antivol – vélo ${vehicleNumber}`,
        body: `Alarme antivol : vélo ${vehicleNumber}, le 26 nov., 03:12.`,
        url: `/fr/fleet/product/${vehicleNumber}`,
        tag: `SUSPECTED_THEFT:${vehicleNumber}`,
        kind: 'SUSPECTED_THEFT',
        vehicleNumber,
        occurredAt: new Date().toISOString(),
      },
    );
    expect(shown).toEqual([
      {
        title: `Alarme antivol – vélo ${vehicleNumber}`,
        body: `Alarme antivol : vélo ${vehicleNumber}, le 26 nov., 03:12.`,
        tag: `SUSPECTED_THEFT:${vehicleNumber}`,
        data: { url: `/fr/fleet/product/${vehicleNumber}` },
      },
    ]);

    // the click: the open app shows the bike
    await worker.evaluate(async (tag) => {
      const sw = self as unknown as WorkerScope;
      const [notification] = await sw.registration.getNotifications({ tag: tag });
      sw.dispatchEvent(
        new sw.NotificationEvent('notificationclick', { notification: notification! }),
      );
    }, `SUSPECTED_THEFT:${vehicleNumber}`);
    await expect(page).toHaveURL(new RegExp(`/fr/fleet/product/${vehicleNumber}$`), {
      timeout: 20_000,
    });
    // a payload cannot send the click to another site
    await worker.evaluate(async () => {
      const sw = self as unknown as WorkerScope;
      await sw.registration.showNotification('x', { data: { url: 'https://evil.example/' } });
      const list = await sw.registration.getNotifications();
      const evil = list.find((x: Notification) => x.title === 'x')!;
      sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: evil }));
    });
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/(fr\/)?/);
    expect(new URL(page.url()).host).toMatch(/^127\.0\.0\.1:/);
  });
});

// My account lists the browsers that receive the user's push notifications, and removes one
// (docs/notifications.md): on a phone-sized screen, without serious accessibility findings.
test.describe('browsers receiving push', () => {
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });

  test('My account lists a browser subscribed to push and removes it', async ({
    page,
    login,
    request,
  }) => {
    const manager = await apiLogin(request, MANAGER);
    // a browser's subscription as PushManager makes it (the push service on 127.0.0.1: the
    // e2e server allows private addresses), recorded with that browser's user agent
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const created = await request.post(`${API}/push-subscriptions`, {
      headers: {
        ...(await manager.headers()),
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
      },
      data: {
        endpoint: `http://127.0.0.1:9/push/${randomBytes(8).toString('hex')}`,
        expirationTime: null,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await login('manager');
    await page.goto('/fr/my-account');
    const section = page.locator('#push-browsers');
    const name = fill(n.browsers.named, { browser: 'Firefox', system: 'Windows' });
    const item = section.getByTestId('push-browser').filter({ hasText: name });
    await expect(item).toBeVisible();
    await expect(item).toContainText('127.0.0.1:9');
    await section.scrollIntoViewIfNeeded();
    const box = await section.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectAxeClean(page, 'My account, the browsers receiving push');

    await item.getByRole('button', { name: fill(n.browsers.removeNamed, { name }) }).click();
    const dialog = page.getByRole('dialog', { name: fill(n.browsers.removeTitle, { name }) });
    await expect(dialog).toBeVisible();
    await expectAxeClean(page, 'removing a browser');
    await dialog.getByRole('button', { name: n.browsers.remove }).click();
    await expect(page.getByText(n.browsers.removed)).toBeVisible();
    await expect(item).toHaveCount(0);
    const after = await manager.call<{ content: { id: string }[] }>('GET', 'push-subscriptions');
    expect(after.content.map((browser) => browser.id)).not.toContain(id);
  });
});

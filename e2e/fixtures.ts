// Shared e2e helpers: the demo accounts, an API client (x-api-key, XSRF, Bearer) for set-up,
// fresh accounts created by the admin, and the login() fixture that signs in through the UI.
import { randomUUID } from 'node:crypto';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import type { Task } from '@vfm/contract';
import enMain from '../apps/web/src/i18n/en.json' with { type: 'json' };
import frMain from '../apps/web/src/i18n/fr.json' with { type: 'json' };
import myAccountEn from '../apps/web/src/features/my-account/i18n/en.json' with { type: 'json' };
import myAccountFr from '../apps/web/src/features/my-account/i18n/fr.json' with { type: 'json' };
import fleetEn from '../apps/web/src/features/fleet/i18n/en.json' with { type: 'json' };
import fleetFr from '../apps/web/src/features/fleet/i18n/fr.json' with { type: 'json' };
import bikeEn from '../apps/web/src/bike/i18n/en.json' with { type: 'json' };
import bikeFr from '../apps/web/src/bike/i18n/fr.json' with { type: 'json' };
import mapEn from '../apps/web/src/map/i18n/en.json' with { type: 'json' };
import mapFr from '../apps/web/src/map/i18n/fr.json' with { type: 'json' };
import alertsEn from '../apps/web/src/alerts/i18n/en.json' with { type: 'json' };
import alertsFr from '../apps/web/src/alerts/i18n/fr.json' with { type: 'json' };
import warningsEn from '../apps/web/src/features/warnings/i18n/en.json' with { type: 'json' };
import warningsFr from '../apps/web/src/features/warnings/i18n/fr.json' with { type: 'json' };
import statisticsEn from '../apps/web/src/features/statistics/i18n/en.json' with { type: 'json' };
import statisticsFr from '../apps/web/src/features/statistics/i18n/fr.json' with { type: 'json' };
import bikePageEn from '../apps/web/src/features/bike-page/i18n/en.json' with { type: 'json' };
import bikePageFr from '../apps/web/src/features/bike-page/i18n/fr.json' with { type: 'json' };
import administrationEn from '../apps/web/src/features/administration/i18n/en.json' with { type: 'json' };
import administrationFr from '../apps/web/src/features/administration/i18n/fr.json' with { type: 'json' };
import zonesEn from '../apps/web/src/zones/i18n/en.json' with { type: 'json' };
import zonesFr from '../apps/web/src/zones/i18n/fr.json' with { type: 'json' };
import notificationsEn from '../apps/web/src/notifications/i18n/en.json' with { type: 'json' };
import notificationsFr from '../apps/web/src/notifications/i18n/fr.json' with { type: 'json' };
import sharedPositionEn from '../apps/web/src/features/shared-position/i18n/en.json' with { type: 'json' };
import sharedPositionFr from '../apps/web/src/features/shared-position/i18n/fr.json' with { type: 'json' };
import shortcutsEn from '../apps/web/src/shortcuts/i18n/en.json' with { type: 'json' };
import shortcutsFr from '../apps/web/src/shortcuts/i18n/fr.json' with { type: 'json' };
import pwaEn from '../apps/web/src/pwa/i18n/en.json' with { type: 'json' };
import pwaFr from '../apps/web/src/pwa/i18n/fr.json' with { type: 'json' };
import tasksEn from '../apps/web/src/tasks/i18n/en.json' with { type: 'json' };
import tasksFr from '../apps/web/src/tasks/i18n/fr.json' with { type: 'json' };

/** The app's messages as the signed-in shell has them: main file + each feature's section. */
export const en = {
  ...enMain,
  myAccount: myAccountEn,
  fleet: fleetEn,
  bike: bikeEn,
  map: mapEn,
  alerts: alertsEn,
  warnings: warningsEn,
  statistics: statisticsEn,
  bikePage: bikePageEn,
  administration: administrationEn,
  zones: zonesEn,
  notifications: notificationsEn,
  sharedPosition: sharedPositionEn,
  shortcuts: shortcutsEn,
  pwa: pwaEn,
  tasks: tasksEn,
};
export const fr = {
  ...frMain,
  myAccount: myAccountFr,
  fleet: fleetFr,
  bike: bikeFr,
  map: mapFr,
  alerts: alertsFr,
  warnings: warningsFr,
  statistics: statisticsFr,
  bikePage: bikePageFr,
  administration: administrationFr,
  zones: zonesFr,
  notifications: notificationsFr,
  sharedPosition: sharedPositionFr,
  shortcuts: shortcutsFr,
  pwa: pwaFr,
  tasks: tasksFr,
};

export { expect };

export const API = '/api/wf/rest/v1';
/**
 * How long a map may take to start: MapLibre draws with SwiftShader (no GPU) here, and on a busy
 * two-core machine (two test runs at once) its first frame has taken over 10 s, the default.
 */
export const MAP_READY = { timeout: 30_000 };
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'VfmDemo!2026';
export const ADMIN = 'admin@vfm.demo';
export const MANAGER = 'manager@vfm.demo';
/** the demo's field technician (docs/tasks.md) */
export const TECHNICIAN = 'technician@vfm.demo';
/** a password meeting SPEC §5 for the accounts the tests create */
export const NEW_PASSWORD = 'E2e!Pass2026';

export interface ApiClient {
  token: string;
  refreshToken: string;
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** the headers of a signed-in call (for a body that is not JSON) */
  headers(): Promise<Record<string, string>>;
}

async function appInfo(request: APIRequestContext) {
  const response = await request.get('/app-info.json');
  expect(response.ok()).toBe(true);
  return (await response.json()) as { xapikey: string; key: string };
}

async function xsrf(request: APIRequestContext): Promise<string> {
  const state = await request.storageState();
  const cookie = state.cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('the server set no XSRF-TOKEN cookie');
  return decodeURIComponent(cookie.value);
}

type TokenPair = { jwtToken: string; jwtRefreshToken: string };

/**
 * The set-up's sessions, one per account and worker, for 10 minutes (an access token lives 15):
 * a spec run would otherwise sign in far more often than the login's limit per address allows
 * (60 a minute, plugins/rate-limit.ts) and be refused (429). A token refused (401) signs in again.
 */
const sessions = new Map<string, { pair: TokenPair; at: number }>();
const SESSION_REUSE_MS = 10 * 60_000;

/**
 * Signs in through the API (set-up only; the flows under test use the UI). `own`: a session of
 * its own, never shared — one handed to a browser, whose app may refresh or end it.
 */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
  { own = false } = {},
): Promise<ApiClient> {
  const info = await appInfo(request);
  const headers = async (token?: string) => ({
    'x-api-key': info.xapikey,
    'x-xsrf-token': await xsrf(request),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  const key = `${email}\n${password}`;
  const signIn = async (): Promise<TokenPair> => {
    const kept = own ? undefined : sessions.get(key);
    if (kept && Date.now() - kept.at < SESSION_REUSE_MS) return kept.pair;
    const login = await request.post(`${API}/auth/login`, {
      headers: await headers(),
      data: { email, password, application: info.key },
    });
    expect(login.status(), `login of ${email}`).toBe(200);
    const pair = (await login.json()) as TokenPair;
    if (!own) sessions.set(key, { pair, at: Date.now() });
    return pair;
  };
  let pair = await signIn();
  const send = async (method: string, path: string, body?: unknown) =>
    request.fetch(`${API}/${path}`, { method, headers: await headers(pair.jwtToken), data: body });
  return {
    get token() {
      return pair.jwtToken;
    },
    get refreshToken() {
      return pair.jwtRefreshToken;
    },
    headers: () => headers(pair.jwtToken),
    async call<T>(method: string, path: string, body?: unknown) {
      let response = await send(method, path, body);
      if (response.status() === 401) {
        // a session ended meanwhile (a password changed, a sign-out): once more, signed in anew
        if (!own) sessions.delete(key);
        pair = await signIn();
        response = await send(method, path, body);
      }
      const text = await response.text();
      expect(response.ok(), `${method} ${path}: ${response.status()} ${text}`).toBe(true);
      return (text ? JSON.parse(text) : undefined) as T;
    },
  };
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@e2e.vfm.test`;
}

/** The admin creates an account; the server e-mails it the account-validation link. */
export async function createAccount(
  request: APIRequestContext,
  options: {
    email?: string;
    fullName?: string;
    language?: string;
    admin?: boolean;
    technician?: boolean;
  } = {},
) {
  const admin = await apiLogin(request, ADMIN);
  const email = options.email ?? uniqueEmail('user');
  const since = Date.now();
  const account = await admin.call<{ id: string }>('POST', 'accounts', {
    email,
    fullName: options.fullName ?? 'Alex Martin',
    language: options.language ?? 'fr',
    admin: options.admin ?? false,
    ...(options.technician ? { technician: true } : {}),
  });
  return { id: account.id, email, since };
}

/** A created account whose password the admin set to NEW_PASSWORD: free to be changed. */
export async function createActiveAccount(
  request: APIRequestContext,
  options: Parameters<typeof createAccount>[1] = {},
) {
  const account = await createAccount(request, options);
  const admin = await apiLogin(request, ADMIN);
  await admin.call('PUT', `accounts/${account.id}/password`, { password: NEW_PASSWORD });
  return { ...account, password: NEW_PASSWORD };
}

/** A field technician of the demo fleet reading in English, its password NEW_PASSWORD. */
export const createTechnician = (request: APIRequestContext, fullName: string, prefix: string) =>
  createActiveAccount(request, {
    email: uniqueEmail(prefix),
    fullName,
    language: 'en',
    technician: true,
  });

/** Signs a technician in through the login screen: they land on their tasks. */
export const technicianLogin = (page: Page, email: string, password: string, language = 'en') =>
  loginThroughUi(page, email, password, language, new RegExp(`/${language}/tasks/mine$`));

/** A field technician's phone in Lyon, its position shared (docs/tasks.md). */
export const TECHNICIAN_PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  permissions: ['geolocation'],
  geolocation: { latitude: 45.7578, longitude: 4.832 },
};

/**
 * A new field technician (`fullName`, e-mail from `prefix`) given a task by the admin on the
 * demo fleet's quiet bike of rank `bikeRank`; the phone then stands where the bike is.
 */
export async function technicianWithTask(
  request: APIRequestContext,
  phone: BrowserContext,
  given: { fullName: string; prefix: string; bikeRank: number; kind: string; priority: string },
) {
  const { admin, vehicleNumber } = await quietBike(request, given.bikeRank);
  const tech = await createTechnician(request, given.fullName, given.prefix);
  const created = await admin.call<{ tasks: Task[] }>('POST', 'tasks', {
    kind: given.kind,
    vehicleNumbers: [vehicleNumber],
    assigneeId: tech.id,
    priority: given.priority,
  });
  const task = created.tasks[0]!;
  if (task.position) await phone.setGeolocation(task.position);
  return { admin, tech, vehicleNumber, task };
}

/** Fills the login form of /{lang}/auth/login and waits for the fleet page (or `landing`). */
export async function loginThroughUi(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  language = 'fr',
  landing = /\/[a-z]{2}\/fleet$/,
) {
  await page.goto(`/${language}/auth/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(landing);
}

/** The set-up's API sessions of the demo fleet's administrator and manager. */
export async function adminAndManager(request: APIRequestContext) {
  return { admin: await apiLogin(request, ADMIN), manager: await apiLogin(request, MANAGER) };
}

/**
 * The demo fleet's bikes not reported stolen, in a stable order: each spec takes its own ranks.
 * Never a bike a spec imported for itself (numbered E2E-…): its spec removes it at any moment.
 */
export async function quietBikes(admin: ApiClient, order: 'asc' | 'desc' = 'desc') {
  const fleet = await admin.call<{ content: { vehicleNumber: string; theft: string }[] }>(
    'GET',
    `fleet/list?size=150&sort=vehicleNumber,${order}`,
  );
  return fleet.content
    .filter((bike) => bike.theft === 'NONE' && !bike.vehicleNumber.startsWith('E2E-'))
    .map((bike) => bike.vehicleNumber);
}

/** The demo fleet's quiet bike of rank `rank` (quietBikes) and the admin who found it. */
export async function quietBike(request: APIRequestContext, rank: number) {
  const admin = await apiLogin(request, ADMIN);
  return { admin, vehicleNumber: (await quietBikes(admin))[rank]! };
}

/**
 * Runs `run` on the bike — set first to `changedTo` by another session (the API), when given —
 * then makes it AVAILABLE again whatever happened: the next specs pick it.
 */
export async function availableAfter(
  api: ApiClient,
  bike: { vehicleNumber: string; changedTo?: string },
  run: () => unknown,
) {
  const setTo = (availability: string) =>
    api.call(
      'PUT',
      `products/availability?vehicleNumbers=${bike.vehicleNumber}&availability=${availability}`,
    );
  try {
    if (bike.changedTo) await setTo(bike.changedTo);
    await run();
  } finally {
    await setTo('AVAILABLE');
  }
}

/**
 * Signs in without the login screen (login.spec.ts tests it) and opens `path`: the tokens of an
 * API sign-in stored where the login screen stores them, then the page. A test that goes
 * elsewhere first spares the fleet page and its map (the e2e run's time: docs/performance.md).
 */
export async function signedInAt(
  page: Page,
  path: string,
  email: string,
  password = DEMO_PASSWORD,
) {
  const session = await apiLogin(page.request, email, password, { own: true });
  // a document of the app's origin, without the app: its storage is the app's
  await page.goto('/app-info.json');
  await page.evaluate(
    ([token, refresh]) => {
      localStorage.setItem('jwtToken', token!);
      localStorage.setItem('jwtRefreshToken', refresh!);
    },
    [session.token, session.refreshToken],
  );
  await page.goto(path);
}

type Who = 'admin' | 'manager' | { email: string; password: string };

export const test = base.extend<{
  /**
   * Signs in (demo accounts by default): through the login screen, landing on the fleet page;
   * with a `path`, straight to that page (signedInAt).
   */
  login: (who?: Who, path?: string) => Promise<void>;
}>({
  login: async ({ page }, use) => {
    await use(async (who = 'manager', path) => {
      const [email, password] =
        typeof who === 'string'
          ? [who === 'admin' ? ADMIN : MANAGER, DEMO_PASSWORD]
          : [who.email, who.password];
      if (path) await signedInAt(page, path, email, password);
      else await loginThroughUi(page, email, password);
    });
  },
});

/** A token with other claims and the same signature: the server refuses it, the client reads it. */
export function withClaims(token: string, changes: Record<string, unknown>): string {
  const [head, payload, signature] = token.split('.');
  const claims = {
    ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')),
    ...changes,
  };
  return `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

/** Connects to the e2e server's broker as a module (client id = username = module id, DESIGN §6). */
export async function connectModule(moduleId: string, secret: string) {
  const { connectAsync } = await import('mqtt');
  return connectAsync(`mqtt://127.0.0.1:${process.env.VFM_E2E_MQTT_PORT}`, {
    clientId: moduleId,
    username: moduleId,
    password: secret,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
}

/** The page once the app's service worker runs and controls it, its shell kept (docs/manager-tools.md). */
export async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

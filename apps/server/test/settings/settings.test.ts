// Settings calls (DESIGN §5 "Settings").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import {
  createAccount,
  createFleetWithUsers,
  tokenFor,
  type AccountRow,
  type FleetRow,
} from '../helpers/factories';

let t: TestServer;
let manager: AccountRow;
let admin: AccountRow;
let managerToken: string;
let fleet: FleetRow;
beforeAll(async () => {
  t = await startTestServer({
    env: {
      MAP_STYLE_URL: 'https://tiles.example.com/style.json',
      MAP_STYLE_URL_DARK: 'https://dark.example.com/style.json',
      MAP_ACCESS_TOKEN: 'pk.map',
    },
  });
  ({ fleet, manager, admin, managerToken } = await createFleetWithUsers(t));
});
afterAll(() => t.close());

describe('GET app-settings', () => {
  it('is public and gives the version and map settings of the configuration', async () => {
    const res = await t.api().get('app-settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      version: '2.17.0-rc.1',
      mapAccessToken: 'pk.map',
      mapStyleUrl: 'https://tiles.example.com/style.json',
      mapStyleUrlDark: 'https://dark.example.com/style.json',
      demoStreets: [],
    });
  });

  it('lets the pages load both map styles, and nothing else from outside', async () => {
    const res = await fetch(`${t.url}/fr/auth/login`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(connect).toEqual(
      expect.arrayContaining(['https://tiles.example.com', 'https://dark.example.com']),
    );
    expect(connect.filter((source) => source.startsWith('https://'))).toHaveLength(2);
  });

  it("gives the simulated city's streets in demo mode, for the offline basemap", async () => {
    const demo = await startTestServer({ config: { demo: true, simulatorBikes: 1 } });
    try {
      const res = await demo.api().get('app-settings');
      const streets = res.body.demoStreets as Array<Array<[number, number]>>;
      expect(streets.length).toBeGreaterThan(10);
      for (const line of streets) {
        for (const [lon, lat] of line) {
          // Lyon
          expect(lon).toBeGreaterThan(4.7);
          expect(lon).toBeLessThan(4.95);
          expect(lat).toBeGreaterThan(45.7);
          expect(lat).toBeLessThan(45.83);
        }
      }
    } finally {
      await demo.close();
    }
  });
});

describe('GET application/settings/{key}', () => {
  it('falls back to the configured addresses when no row exists', async () => {
    const res = await t.api().get('application/settings/VFM', { query: { language: 'fr' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ privacyPolicyUrl: 'http://vfm.test/privacy.html', helpUrl: '' });
  });

  it('answers the row of the language, else the * row', async () => {
    await t.server.database.query(
      `INSERT INTO application_settings (application_key, language, privacy_policy_url, help_url)
       VALUES ('VFM', '*', 'https://any/privacy', 'https://any/help'),
              ('VFM', 'de', 'https://de/datenschutz', 'https://de/hilfe')`,
    );
    try {
      const de = await t.api().get('application/settings/VFM', { query: { language: 'de' } });
      expect(de.body).toEqual({
        privacyPolicyUrl: 'https://de/datenschutz',
        helpUrl: 'https://de/hilfe',
      });
      const en = await t.api().get('application/settings/VFM', { query: { language: 'en' } });
      expect(en.body.privacyPolicyUrl).toBe('https://any/privacy');
      // without ?language= the Accept-Language header chooses
      const header = await t.api({ language: 'de-CH,de;q=0.9' }).get('application/settings/VFM');
      expect(header.body.privacyPolicyUrl).toBe('https://de/datenschutz');
    } finally {
      await t.server.database.query('DELETE FROM application_settings');
    }
  });

  it('answers 404 for an unknown application and 400 for a malformed language', async () => {
    expect((await t.api().get('application/settings/NOPE')).status).toBe(404);
    const bad = await t.api().get('application/settings/VFM', { query: { language: '<x>' } });
    expect(bad.status).toBe(400);
  });

  it('still needs the api key', async () => {
    expect((await t.api({ apiKey: null }).get('application/settings/VFM')).status).toBe(401);
  });
});

describe('users/{userId}/settings', () => {
  const path = (account: AccountRow) => `users/${account.id}/settings`;

  it('gives defaults (KM and the account language) before anything is saved', async () => {
    const res = await t.api({ token: managerToken }).get(path(manager), {
      query: { applicationName: 'VFM' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      applicationName: 'VFM',
      distanceUnit: 'KM',
      language: 'en',
      theme: 'SYSTEM',
    });
  });

  it('saves the settings, and the language becomes the account e-mail language', async () => {
    const account = await createAccount(t, fleet);
    const token = await tokenFor(t, account);
    const body = { applicationName: 'VFM', distanceUnit: 'MI', language: 'de' };
    const put = await t
      .api({ token })
      .put(path(account), body, { query: { applicationName: 'VFM' } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ...body, theme: 'SYSTEM' });
    expect((await t.api({ token }).get(path(account))).body).toEqual({ ...body, theme: 'SYSTEM' });
    const [row] = await t.server.database.query<{ language: string }>(
      'SELECT language FROM account WHERE id = $1',
      [account.id],
    );
    expect(row!.language).toBe('de');
  });

  it('keeps the theme (docs/manager-tools.md): saved when sent, unchanged when left out, checked', async () => {
    const account = await createAccount(t, fleet);
    const api = t.api({ token: await tokenFor(t, account) });
    const body = { applicationName: 'VFM', distanceUnit: 'KM', language: 'fr' };
    expect((await api.put(path(account), { ...body, theme: 'DARK' })).body.theme).toBe('DARK');
    expect((await api.put(path(account), { ...body, distanceUnit: 'MI' })).body.theme).toBe('DARK');
    expect((await api.get(path(account))).body).toMatchObject({
      distanceUnit: 'MI',
      theme: 'DARK',
    });
    const bad = await api.put(path(account), { ...body, theme: 'BLUE' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('keeps the time zone (ADR 0099): saved when sent, kept when left out, cleared by null, checked', async () => {
    const account = await createAccount(t, fleet);
    const api = t.api({ token: await tokenFor(t, account) });
    const body = { applicationName: 'VFM', distanceUnit: 'KM', language: 'fr' };
    expect((await api.put(path(account), { ...body, timeZone: 'Asia/Tokyo' })).body).toEqual({
      ...body,
      theme: 'SYSTEM',
      timeZone: 'Asia/Tokyo',
    });
    expect((await api.put(path(account), body)).body.timeZone).toBe('Asia/Tokyo');
    expect((await api.get(path(account))).body.timeZone).toBe('Asia/Tokyo');
    const bad = await api.put(path(account), { ...body, timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/problem\+json/);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'timeZone' })]);
    expect((await api.get(path(account))).body.timeZone).toBe('Asia/Tokyo');
    expect((await api.put(path(account), { ...body, timeZone: null })).body).not.toHaveProperty(
      'timeZone',
    );
  });

  it("answers 404 for someone else's id, existing or not, for GET and PUT", async () => {
    const api = t.api({ token: managerToken });
    expect((await api.get(path(admin))).status).toBe(404);
    expect((await api.get('users/not-a-uuid/settings')).status).toBe(404);
    const body = { applicationName: 'VFM', distanceUnit: 'KM', language: 'fr' };
    expect((await api.put(path(admin), body)).status).toBe(404);
  });

  it('refuses bad input with 400: unit, language, application mismatch', async () => {
    const api = t.api({ token: managerToken });
    const bad = { applicationName: 'VFM', distanceUnit: 'FEET', language: 'xx' };
    const res = await api.put(path(manager), bad);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'distanceUnit',
      'language',
    ]);
    const other = { applicationName: 'OTHER', distanceUnit: 'KM', language: 'fr' };
    expect((await api.put(path(manager), other)).status).toBe(400);
    expect((await api.get(path(manager), { query: { applicationName: 'OTHER' } })).status).toBe(
      400,
    );
  });

  it('needs a signed-in caller', async () => {
    expect((await t.api().get(path(manager))).status).toBe(401);
  });
});

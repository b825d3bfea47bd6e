// Demo seed (DESIGN §2): fleet, group tree, two demo accounts, application settings;
// idempotent; production refuses a database holding demo accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import type { ResolvedConfig } from '../../src/config/secrets';
import { createServer } from '../../src/server';
import { DEMO_GROUP_TREE, seedDemo } from '../../src/demo/seed';
import { DemoAccountsInProductionError } from '../../src/demo/production-guard';
import { createTestDatabase } from '../helpers/database';
import { startTestServer, type TestServer } from '../helpers/server';
import { login } from '../helpers/auth';
import { CITY, node } from '@vfm/simulator';
import { pointInGeometry, zoneGeometryErrors, type ZoneGeometry } from '@vfm/contract';
import { seedDemoZones } from '../../src/demo/demo-zones';
import { seedDemoTasks } from '../../src/demo/demo-tasks';
import { createBikes } from '../helpers/bikes';

const DEMO_PASSWORD = 'VfmDemo!2026';
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { DEMO: 'true' } });
});
afterAll(() => t.close());

async function counts() {
  const [row] = await t.server.database.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM fleet) AS fleets,
            (SELECT count(*)::int FROM fleet_group) AS groups,
            (SELECT count(*)::int FROM account) AS accounts,
            (SELECT count(*)::int FROM application_settings) AS settings,
            (SELECT count(*)::int FROM notification_rule) AS rules`,
  );
  return row!;
}

describe('demo seed', () => {
  it('creates Demo Fleet with a district → depot group tree', async () => {
    const groups = await t.server.database.query<{ name: string; parent: string | null }>(
      `SELECT g.name, p.name AS parent FROM fleet_group g
         JOIN fleet f ON f.id = g.fleet_id LEFT JOIN fleet_group p ON p.id = g.parent_id
        WHERE f.name = 'Demo Fleet'`,
    );
    const roots = groups.filter((g) => g.parent === null).map((g) => g.name);
    expect(roots.sort()).toEqual(DEMO_GROUP_TREE.map((d) => d.name).sort());
    const leaves = groups.filter((g) => g.parent !== null);
    expect(leaves.length).toBe(DEMO_GROUP_TREE.flatMap((d) => d.depots).length);
    expect(leaves).toContainEqual({ name: 'Part-Dieu', parent: 'Lyon Est' });
  });

  it('creates a service area around the streets and one no-parking zone, valid, once', async () => {
    const manager = await login(t, { email: 'manager@vfm.demo', password: DEMO_PASSWORD });
    const api = t.api({ token: manager.body.jwtToken });
    const zones = (await api.get('zones')).body.content as Array<{
      type: string;
      geometry: ZoneGeometry;
    }>;
    expect(zones.map((z) => z.type).sort()).toEqual(['NO_PARKING', 'SERVICE_AREA']);
    for (const zone of zones) expect(zoneGeometryErrors(zone.geometry)).toEqual([]);
    const area = zones.find((z) => z.type === 'SERVICE_AREA')!;
    // every street of the simulated city is inside
    for (const [row, col] of [
      [-CITY.halfRows, -CITY.halfCols],
      [CITY.halfRows, CITY.halfCols],
      [0, 0],
    ]) {
      const { lat, lon } = node(row!, col!);
      expect(pointInGeometry(lon, lat, area.geometry)).toBe(true);
    }
    // deleted by a manager: not seeded again at the next start
    for (const zone of (await api.get('zones')).body.content as Array<{ id: string }>)
      expect((await api.delete(`zones/${zone.id}`)).status).toBe(204);
    const [fleet] = await t.server.database.query<{ id: string }>(
      `SELECT id FROM fleet WHERE name = 'Demo Fleet'`,
    );
    await seedDemoZones(t.server.database, fleet!.id);
    expect((await api.get('zones')).body.content).toEqual([]);
  });

  it('creates the two demo accounts, active, in French, with DEMO_PASSWORD', async () => {
    const admin = await login(t, { email: 'admin@vfm.demo', password: DEMO_PASSWORD });
    const manager = await login(t, { email: 'manager@vfm.demo', password: DEMO_PASSWORD });
    expect([admin.status, manager.status]).toEqual([200, 200]);
    const me = await t.api({ token: admin.body.jwtToken }).get('accounts/me');
    expect(me.body).toMatchObject({
      roles: ['ROLE_VFM', 'ROLE_VFM_ADMIN'],
      fleet: { name: 'Demo Fleet' },
    });
    expect(me.body.fullName).toBeTruthy();
    const [row] = await t.server.database.query<{ language: string; roles: string[] }>(
      `SELECT language, roles FROM account WHERE email = 'manager@vfm.demo'`,
    );
    expect(row).toEqual({ language: 'fr', roles: ['ROLE_VFM'] });
  });

  it('gives the demo manager the default theft rule: the bell lights at a module alarm (docs/notifications.md)', async () => {
    const rules = await t.server.database.query<{
      name: string;
      kinds: string[];
      channels: string[];
    }>(
      `SELECT r.name, r.kinds, r.channels FROM notification_rule r JOIN account a ON a.id = r.account_id
        WHERE a.email = 'manager@vfm.demo' AND r.is_default`,
    );
    expect(rules).toEqual([
      { name: 'Vols', kinds: ['SUSPECTED_THEFT', 'REPORTED_THEFT'], channels: ['IN_APP', 'EMAIL'] },
    ]);
  });

  it('has a field technician who reads the demo tasks (docs/tasks.md), seeded once', async () => {
    const technician = await login(t, { email: 'technician@vfm.demo', password: DEMO_PASSWORD });
    expect(technician.status).toBe(200);
    const api = t.api({ token: technician.body.jwtToken });
    expect((await api.get('accounts/me')).body.roles).toEqual(['ROLE_VFM', 'ROLE_VFM_TECHNICIAN']);
    const [fleet] = await t.server.database.query<{ id: string; name: string }>(
      `SELECT id, name FROM fleet WHERE name = 'Demo Fleet'`,
    );
    const bikes = await createBikes(t, fleet!, 4);
    const ids = bikes.map((b) => b.id);
    expect(await seedDemoTasks(t.server.database, fleet!.id, ids, new Date())).toBe(4);
    expect(await seedDemoTasks(t.server.database, fleet!.id, ids, new Date())).toBe(0);
    const mine = await api.get('tasks', { query: { mine: true, status: 'all' } });
    expect(mine.body.content.map((task: { kind: string }) => task.kind).sort()).toEqual([
      'BATTERY_SWAP',
      'REBALANCE',
      'REPAIR',
    ]);
    // the repair done yesterday is in the bike's service book with its parts and cost, its life
    // in order (asked, started, done)
    const repair = mine.body.content.find((task: { kind: string }) => task.kind === 'REPAIR');
    expect(repair).toMatchObject({
      status: 'DONE',
      parts: 'Brake pads (front and rear)',
      cost: { amount: 38.9, currency: 'EUR' },
    });
    expect(Date.parse(repair.createdAt)).toBeLessThan(Date.parse(repair.startedAt));
    expect(Date.parse(repair.startedAt)).toBeLessThan(Date.parse(repair.closedAt));
    const history = (await api.get(`tasks/${repair.id}`)).body.history;
    expect(history.map((entry: { action: string }) => entry.action)).toEqual([
      'CREATED',
      'STARTED',
      'DONE',
    ]);
    // the move says where to leave its bike
    const move = mine.body.content.find((task: { kind: string }) => task.kind === 'REBALANCE');
    expect(move.dropOff).toEqual({ latitude: 45.75787, longitude: 4.83207 });
    expect((await api.get('fleet/settings')).status).toBe(403);
  });

  it('serves application settings rows with the privacy page', async () => {
    const res = await t.api().get('application/settings/VFM', { query: { language: 'de' } });
    expect(res.body.privacyPolicyUrl).toBe('http://vfm.test/privacy.html#de');
    const es = await t.api().get('application/settings/VFM', { query: { language: 'es' } });
    expect(es.body.privacyPolicyUrl).toBe('http://vfm.test/privacy.html');
  });

  it('publishes the demo fleet as GBFS open data (docs/open-data.md), once', async () => {
    const manifest = (await (await fetch(`${t.url}/gbfs/v3/manifest.json`)).json()) as any;
    expect(manifest.data.datasets).toEqual([
      {
        system_id: 'vfm-demo',
        versions: [{ version: '3.0', url: 'http://vfm.test/gbfs/v3/vfm-demo/gbfs.json' }],
      },
    ]);
    const info = await fetch(`${t.url}/gbfs/v3/vfm-demo/system_information.json`);
    expect(info.status).toBe(200);
    // an administrator's unpublishing survives the next start's seed
    await t.server.database.query('UPDATE open_data_publication SET published = false');
    await seedDemo(t.server.database, t.config);
    expect((await fetch(`${t.url}/gbfs/v3/vfm-demo/gbfs.json`)).status).toBe(404);
    await t.server.database.query('UPDATE open_data_publication SET published = true');
  });

  it('has the MDS city client demo-city whose secret is the demo password (docs/open-data.md)', async () => {
    const res = await fetch(`${t.url}/mds/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=demo-city&client_secret=${encodeURIComponent(DEMO_PASSWORD)}`,
    });
    expect(res.status).toBe(200);
    const { access_token: token } = (await res.json()) as { access_token: string };
    const vehicles = await fetch(`${t.url}/mds/v2/vehicles`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.mds+json;version=2.0' },
    });
    expect(vehicles.status).toBe(200);
  });

  it('is idempotent, and re-aligns the demo passwords with DEMO_PASSWORD', async () => {
    const before = await counts();
    await seedDemo(t.server.database, t.config);
    expect(await counts()).toEqual(before);
    await seedDemo(t.server.database, { ...t.config, demoPassword: 'Chang3d-demo!' });
    expect(await counts()).toEqual(before);
    const res = await login(t, { email: 'admin@vfm.demo', password: 'Chang3d-demo!' });
    expect(res.status).toBe(200);
  });
});

describe('production', () => {
  const productionConfig = () =>
    ({
      ...loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: t.dataDir,
        JWT_SECRET: 'p'.repeat(40),
        API_KEYS: 'production-key-1',
        PUBLIC_URL: 'https://fleet.example.com',
        LOG_LEVEL: 'silent',
      }),
    }) as ResolvedConfig;

  it('refuses to start while demo accounts exist, naming them', async () => {
    const attempt = createServer(productionConfig(), { database: t.server.database });
    await expect(attempt).rejects.toThrow(DemoAccountsInProductionError);
    await expect(attempt).rejects.toThrow(/admin@vfm\.demo, manager@vfm\.demo/);
  });

  it('starts on a database without demo accounts', async () => {
    const clean = await createTestDatabase();
    try {
      const server = await createServer(productionConfig(), { database: clean.database });
      await server.close();
    } finally {
      await clean.drop();
    }
  });
});

// Demo data (DESIGN §2): "Demo Fleet" in Lyon with a group tree (a root per
// district, depots as leaves — the simulator puts its bikes into the LEAF groups, so names
// are stable), the two demo accounts and the application settings. Idempotent: every start
// in demo mode runs it; it creates what is missing and re-aligns the demo passwords with
// DEMO_PASSWORD so that the README and the start-up log stay true.
import { ROLE_ADMIN, ROLE_TECHNICIAN, ROLE_USER, type OpenDataSettings } from '@vfm/contract';
import type { Database, Queryable } from '../db/client';
import { hashPassword, verifyPassword } from '../lib/password';
import { seedDemoZones } from './demo-zones';
import { giveDefaultRule } from '../modules/notifications/default-rule';
import {
  accountPasswordByEmail,
  cityClientSecretHash,
  ensureFleetRow,
  ensureGroupRow,
  insertOpenDataPublication,
  upsertApplicationSettings,
  upsertCityClient,
  upsertDemoAccount,
} from './queries/seed';

export const DEMO_FLEET_NAME = 'Demo Fleet';
export const DEMO_EMAIL_DOMAIN = 'vfm.demo';

export interface DemoDepot {
  name: string;
  /** approximate centre, for whoever places simulated bikes */
  latitude: number;
  longitude: number;
}

export const DEMO_GROUP_TREE: ReadonlyArray<{ name: string; depots: DemoDepot[] }> = [
  {
    name: 'Lyon Centre',
    depots: [
      { name: 'Bellecour', latitude: 45.7578, longitude: 4.832 },
      { name: 'Terreaux', latitude: 45.7674, longitude: 4.8336 },
      { name: 'Croix-Rousse', latitude: 45.7745, longitude: 4.832 },
    ],
  },
  {
    name: 'Lyon Est',
    depots: [
      { name: 'Part-Dieu', latitude: 45.7606, longitude: 4.8596 },
      { name: 'Brotteaux', latitude: 45.767, longitude: 4.854 },
      { name: 'Monplaisir', latitude: 45.745, longitude: 4.871 },
    ],
  },
  {
    name: 'Lyon Sud',
    depots: [
      { name: 'Confluence', latitude: 45.743, longitude: 4.818 },
      { name: 'Gerland', latitude: 45.727, longitude: 4.833 },
      { name: 'Guillotière', latitude: 45.753, longitude: 4.843 },
    ],
  },
  {
    name: 'Lyon Ouest',
    depots: [
      { name: 'Vieux Lyon', latitude: 45.762, longitude: 4.827 },
      { name: 'Vaise', latitude: 45.775, longitude: 4.805 },
    ],
  },
];

export const DEMO_ACCOUNTS = [
  {
    email: `admin@${DEMO_EMAIL_DOMAIN}`,
    fullName: 'Camille Martin',
    description: 'Administratrice de la flotte',
    roles: [ROLE_USER, ROLE_ADMIN],
  },
  {
    email: `manager@${DEMO_EMAIL_DOMAIN}`,
    fullName: 'Lucas Bernard',
    description: 'Gestionnaire de flotte',
    roles: [ROLE_USER],
  },
  // docs/tasks.md: the field technician ("My tasks" on a phone)
  {
    email: `technician@${DEMO_EMAIL_DOMAIN}`,
    fullName: 'Inès Moreau',
    description: 'Technicienne terrain',
    roles: [ROLE_USER, ROLE_TECHNICIAN],
  },
] as const;

export interface DemoSeedOptions {
  demoPassword: string;
  applicationKey: string;
  privacyPolicyUrl: string;
  helpUrl: string;
}

export async function seedDemo(database: Database, options: DemoSeedOptions): Promise<string> {
  const fleetId = await database.transaction(async (tx) => {
    const id = await ensureFleet(tx);
    for (const district of DEMO_GROUP_TREE) {
      const parentId = await ensureGroup(tx, id, null, district.name);
      for (const depot of district.depots) await ensureGroup(tx, id, parentId, depot.name);
    }
    await seedApplicationSettings(tx, options);
    await ensureOpenData(tx, id);
    await seedDemoZones(tx, id);
    return id;
  });
  const password = demoPassword(options.demoPassword);
  for (const account of DEMO_ACCOUNTS) await ensureAccount(database, fleetId, account, password);
  await ensureCityClient(database, fleetId, password);
  return fleetId;
}

/**
 * The demo password's hash, made once per start and shared by the demo accounts and the city
 * client, and each stored hash checked once: four argon2 runs were ≈ 1 s of a first start on two
 * busy cores (ADR 0102). The demo's password is printed in the log; one salt for its four
 * copies gives nothing away.
 */
function demoPassword(plain: string) {
  let hash: Promise<string> | null = null;
  const checked = new Map<string, Promise<boolean>>();
  return {
    hash: () => (hash ??= hashPassword(plain)),
    matches(stored: string) {
      let result = checked.get(stored);
      if (!result) checked.set(stored, (result = verifyPassword(stored, plain)));
      return result;
    },
  };
}
type DemoPassword = ReturnType<typeof demoPassword>;

/** The demo's MDS city client (docs/open-data.md): `demo-city`, whose secret is the demo password. */
export const DEMO_CITY_CLIENT_ID = 'demo-city';

/** Created once, its secret kept equal to the demo password; a revocation by an administrator
 *  stays (docs/open-data.md shows the token request and a pull with it). */
async function ensureCityClient(database: Database, fleetId: string, password: DemoPassword) {
  const existing = await cityClientSecretHash(database, DEMO_CITY_CLIENT_ID);
  if (existing && (await password.matches(existing))) return;
  const hash = await password.hash();
  await upsertCityClient(database, fleetId, DEMO_CITY_CLIENT_ID, hash);
}

async function ensureFleet(db: Queryable): Promise<string> {
  return ensureFleetRow(db, DEMO_FLEET_NAME);
}

/** The demo fleet's public system id: /gbfs/v3/vfm-demo/gbfs.json (docs/open-data.md). */
export const DEMO_GBFS_SYSTEM_ID = 'vfm-demo';

/** The demo fleet's open-data feed, published at its first start (docs/open-data.md: a newcomer opens
 *  /gbfs/v3/manifest.json at once). Only created: an administrator's later change stays. */
async function ensureOpenData(db: Queryable, fleetId: string) {
  const settings: OpenDataSettings = {
    published: true,
    name: 'VFM Demo Lyon',
    operator: 'VFM',
    contactEmail: `open-data@${DEMO_EMAIL_DOMAIN}`,
    timezone: 'Europe/Paris',
    languages: ['fr', 'en'],
    license: 'CC0-1.0',
    openingHours: '24/7',
    rentalApps: {},
    vehicleTypes: [
      { model: 'City 28', maxRangeMeters: 70_000 },
      { model: 'Urban 26', maxRangeMeters: 60_000 },
      { model: 'Cargo Long', maxRangeMeters: 45_000 },
      { model: 'Step-through 28', maxRangeMeters: 65_000 },
    ],
    defaultRangeMeters: 50_000,
  };
  await insertOpenDataPublication(db, fleetId, DEMO_GBFS_SYSTEM_ID, settings);
}

async function ensureGroup(db: Queryable, fleetId: string, parentId: string | null, name: string) {
  return ensureGroupRow(db, fleetId, parentId, name);
}

/** '*' points to the configured page; fr, en and de to their section of the built-in page. */
async function seedApplicationSettings(db: Queryable, options: DemoSeedOptions) {
  const builtIn = options.privacyPolicyUrl.endsWith('/privacy.html');
  const rows: Array<[string, string]> = [['*', options.privacyPolicyUrl]];
  if (builtIn) {
    for (const lang of ['fr', 'en', 'de']) rows.push([lang, `${options.privacyPolicyUrl}#${lang}`]);
  }
  for (const [language, url] of rows) {
    await upsertApplicationSettings(db, options.applicationKey, language, url, options.helpUrl);
  }
}

async function ensureAccount(
  database: Database,
  fleetId: string,
  account: (typeof DEMO_ACCOUNTS)[number],
  password: DemoPassword,
) {
  const existing = await accountPasswordByEmail(database, account.email);
  if (existing?.password_hash && (await password.matches(existing.password_hash))) return;
  const hash = await password.hash();
  await database.transaction(async (tx) => {
    const row = await upsertDemoAccount(tx, {
      fleetId,
      email: account.email,
      passwordHash: hash,
      roles: [...account.roles],
      fullName: account.fullName,
      description: account.description,
    });
    // docs/notifications.md: the demo manager's bell lights up when a simulated module raises its alarm
    if (row?.created)
      await giveDefaultRule(tx, { id: row.id, fleetId, roles: account.roles, language: 'fr' });
  });
}

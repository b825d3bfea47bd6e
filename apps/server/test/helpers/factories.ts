// Test-data factories with overrides. They write through the real database; `tokenFor`
// opens a real session (as a login would) and signs its access token.
import { randomBytes } from 'node:crypto';
import { ROLE_ADMIN, ROLE_TECHNICIAN, ROLE_USER } from '@vfm/contract';
import { hashPassword } from '../../src/lib/password';
import { startTestServer, type TestServer } from './server';

export const DEFAULT_PASSWORD = 'Passw0rd!x';
const unique = () => randomBytes(4).toString('hex');

export interface FleetRow {
  id: string;
  name: string;
}

export async function createFleet(
  t: TestServer,
  overrides: { name?: string } = {},
): Promise<FleetRow> {
  const [row] = await t.server.database.query<FleetRow>(
    'INSERT INTO fleet (name) VALUES ($1) RETURNING id, name',
    [overrides.name ?? `Fleet ${unique()}`],
  );
  return row!;
}

export interface AccountRow {
  id: string;
  email: string;
  fleetId: string;
  roles: string[];
  password: string;
}

export interface AccountOverrides {
  email?: string;
  password?: string;
  roles?: string[];
  /** shorthand for roles [ROLE_VFM, ROLE_VFM_ADMIN] */
  admin?: boolean;
  /** shorthand for roles [ROLE_VFM, ROLE_VFM_TECHNICIAN] (docs/tasks.md) */
  technician?: boolean;
  status?: 'PENDING' | 'ACTIVE';
  fullName?: string;
  language?: string;
}

export async function createAccount(
  t: TestServer,
  fleet: FleetRow,
  overrides: AccountOverrides = {},
): Promise<AccountRow> {
  const email = (overrides.email ?? `user-${unique()}@example.com`).toLowerCase();
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const roles =
    overrides.roles ??
    (overrides.admin
      ? [ROLE_USER, ROLE_ADMIN]
      : overrides.technician
        ? [ROLE_USER, ROLE_TECHNICIAN]
        : [ROLE_USER]);
  const status = overrides.status ?? 'ACTIVE';
  const [row] = await t.server.database.query<{ id: string }>(
    `INSERT INTO account (fleet_id, email, password_hash, roles, status, full_name, language)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      fleet.id,
      email,
      status === 'ACTIVE' ? await hashPassword(password) : null,
      roles,
      status,
      overrides.fullName ?? 'Test User',
      overrides.language ?? 'en',
    ],
  );
  return { id: row!.id, email, fleetId: fleet.id, roles, password };
}

/** An access token for the account, backed by a real session row. */
export async function tokenFor(t: TestServer, account: AccountRow): Promise<string> {
  const [session] = await t.server.database.query<{ id: string }>(
    'INSERT INTO auth_session (account_id) VALUES ($1) RETURNING id',
    [account.id],
  );
  // signed on the server's clock, which tests may have moved forward
  return t.server.app.accessTokens.sign(
    {
      accountId: account.id,
      email: account.email,
      roles: account.roles,
      fleetId: account.fleetId,
      sessionId: session!.id,
    },
    t.clock.now(),
  );
}

/** A fleet with an admin and a manager, each with a token: the usual cast of a test. */
export async function createFleetWithUsers(t: TestServer, name?: string) {
  const fleet = await createFleet(t, name ? { name } : {});
  const admin = await createAccount(t, fleet, { admin: true, fullName: 'Alice Admin' });
  const manager = await createAccount(t, fleet, { fullName: 'Marc Manager' });
  return {
    fleet,
    admin,
    manager,
    adminToken: await tokenFor(t, admin),
    managerToken: await tokenFor(t, manager),
  };
}

/** The usual cast plus a field technician (docs/tasks.md). */
export async function createFleetWithTechnician(t: TestServer, name?: string) {
  const cast = await createFleetWithUsers(t, name);
  const technician = await createAccount(t, cast.fleet, {
    technician: true,
    fullName: 'Tess Technician',
  });
  return { ...cast, technician, technicianToken: await tokenFor(t, technician) };
}

export type FleetCast = Awaited<ReturnType<typeof createFleetWithUsers>>;
export type TechnicianCast = Awaited<ReturnType<typeof createFleetWithTechnician>>;

/** A server and the fleet under test made by `make`; `start` makes the server (an IoT one, say). */
export async function oneFleet<C>(
  make: (t: TestServer) => Promise<C>,
  start: () => Promise<TestServer> = () => startTestServer(),
): Promise<{ t: TestServer; cast: C }> {
  const t = await start();
  return { t, cast: await make(t) };
}

/**
 * A server and two fleets made alike by `make`: the fleet under test (`cast`) and another
 * (`other`) that must never see it nor be seen. `start` makes the server (an IoT one, say).
 */
export async function twoFleets<C>(
  make: (t: TestServer) => Promise<C>,
  start: () => Promise<TestServer> = () => startTestServer(),
): Promise<{ t: TestServer; cast: C; other: C }> {
  const { t, cast } = await oneFleet(make, start);
  return { t, cast, other: await make(t) };
}

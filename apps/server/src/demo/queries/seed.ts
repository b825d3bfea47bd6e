// The demo seed's SQL (demo/seed.ts, demo-tasks.ts, demo-zones.ts, production-guard.ts): the
// fleet, its groups, application settings, open data, accounts and city client, the hand-made
// tasks, the zones, and the production guard's look for demo credentials. Idempotent writes:
// every start in demo mode runs them.
import type { Database, Queryable } from '../../db/client';
import type { ActiveAccountInput } from '../../modules/accounts/queries';

// ---- fleet, groups, settings, open data (seed.ts) -------------------------------------------

export async function ensureFleetRow(db: Queryable, name: string): Promise<string> {
  await db.query('INSERT INTO fleet (name) VALUES ($1) ON CONFLICT DO NOTHING', [name]);
  const [row] = await db.query<{ id: string }>(
    'SELECT id FROM fleet WHERE lower(name) = lower($1)',
    [name],
  );
  return row!.id;
}

export async function ensureGroupRow(
  db: Queryable,
  fleetId: string,
  parentId: string | null,
  name: string,
): Promise<string> {
  await db.query(
    'INSERT INTO fleet_group (fleet_id, parent_id, name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [fleetId, parentId, name],
  );
  const [row] = await db.query<{ id: string }>(
    `SELECT id FROM fleet_group
      WHERE fleet_id = $1 AND parent_id IS NOT DISTINCT FROM $2 AND lower(name) = lower($3)`,
    [fleetId, parentId, name],
  );
  return row!.id;
}

/** Only created: an administrator's later change stays. */
export async function insertOpenDataPublication(
  db: Queryable,
  fleetId: string,
  systemId: string,
  settings: object,
) {
  await db.query(
    `INSERT INTO open_data_publication (fleet_id, system_id, published, settings)
     VALUES ($1, $2, true, $3::jsonb) ON CONFLICT DO NOTHING`,
    [fleetId, systemId, JSON.stringify(settings)],
  );
}

export async function upsertApplicationSettings(
  db: Queryable,
  applicationKey: string,
  language: string,
  privacyPolicyUrl: string,
  helpUrl: string,
) {
  await db.query(
    `INSERT INTO application_settings (application_key, language, privacy_policy_url, help_url)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (application_key, language)
       DO UPDATE SET privacy_policy_url = $3, help_url = $4`,
    [applicationKey, language, privacyPolicyUrl, helpUrl],
  );
}

// ---- accounts and the city client (seed.ts) --------------------------------------------------

export async function accountPasswordByEmail(database: Database, email: string) {
  const [existing] = await database.query<{ id: string; password_hash: string | null }>(
    'SELECT id, password_hash FROM account WHERE email = $1',
    [email],
  );
  return existing;
}

/** Creates the account, or makes it ACTIVE with this password; whether it was created. */
export async function upsertDemoAccount(
  tx: Queryable,
  account: ActiveAccountInput & { description: string },
) {
  const [row] = await tx.query<{ id: string; created: boolean }>(
    `INSERT INTO account (fleet_id, email, password_hash, roles, status, full_name, description,
                            language, password_changed_at)
       VALUES ($1, $2, $3, $4, 'ACTIVE', $5, $6, 'fr', now())
       ON CONFLICT (email) DO UPDATE SET password_hash = $3, status = 'ACTIVE',
         password_changed_at = now()
       RETURNING id, xmax = 0 AS created`,
    [
      account.fleetId,
      account.email,
      account.passwordHash,
      account.roles,
      account.fullName,
      account.description,
    ],
  );
  return row;
}

export async function cityClientSecretHash(database: Database, clientId: string) {
  const [existing] = await database.query<{ secret_hash: string }>(
    'SELECT secret_hash FROM mds_client WHERE client_id = $1',
    [clientId],
  );
  return existing?.secret_hash;
}

export async function upsertCityClient(
  database: Database,
  fleetId: string,
  clientId: string,
  secretHash: string,
) {
  await database.query(
    `INSERT INTO mds_client (fleet_id, name, client_id, secret_hash)
     VALUES ($1, 'Demo city', $2, $3)
     ON CONFLICT (client_id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash`,
    [fleetId, clientId, secretHash],
  );
}

// ---- tasks (demo-tasks.ts) -----------------------------------------------------------------

/** Tasks made by hand (no cause) in the fleet. */
export async function countManualTasks(tx: Queryable, fleetId: string): Promise<number> {
  const [existing] = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM task WHERE fleet_id = $1 AND cause IS NULL',
    [fleetId],
  );
  return existing!.n;
}

export async function accountsByEmail(tx: Queryable, fleetId: string, emails: string[]) {
  return tx.query<{ id: string; email: string }>(
    `SELECT id, email FROM account WHERE fleet_id = $1 AND email = ANY($2::text[])`,
    [fleetId, emails],
  );
}

/** These tasks done by the technician at `at`: the demo's one closed task. */
export async function closeDemoTasks(
  tx: Queryable,
  taskIds: string[],
  at: { created: Date; started: Date; closed: Date },
  technicianId: string | null,
) {
  await tx.query(
    `UPDATE task SET status = 'DONE', created_at = $2, started_at = $3, started_by = $5,
                closed_at = $4, closed_by = $5, updated_at = $4,
                checked = '{diagnose,replaceParts,testRide}',
                parts = 'Brake pads (front and rear)', cost_amount = 38.90, cost_currency = 'EUR'
          WHERE id = ANY($1::uuid[])`,
    [taskIds, at.created, at.started, at.closed, technicianId],
  );
}

// ---- zones (demo-zones.ts) -----------------------------------------------------------------

/** Whether the fleet ever had a zone (one now, or a zone event). */
export async function fleetEverHadZones(db: Queryable, fleetId: string): Promise<boolean> {
  const [seen] = await db.query(
    `SELECT 1 FROM zone WHERE fleet_id = $1
     UNION ALL
     SELECT 1 FROM event WHERE fleet_id = $1 AND name LIKE 'ZONE\\_%'
     LIMIT 1`,
    [fleetId],
  );
  return Boolean(seen);
}

export async function insertDemoZone(db: Queryable, values: unknown[]) {
  await db.query(
    `INSERT INTO zone (fleet_id, name, type, geometry, min_lon, min_lat, max_lon, max_lat,
                         vertex_count, colour, created_by, updated_by)
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, 'demo', 'demo')`,
    values,
  );
}

// ---- the production guard (production-guard.ts) --------------------------------------------

/** What the operator runs to remove the demo accounts (the guard's message says it). */
export const deleteDemoAccountsSql = (emailDomain: string) =>
  `DELETE FROM account WHERE email LIKE '%@${emailDomain}';`;

/** Up to 10 accounts of the demo's e-mail domain. */
export async function demoAccountEmails(db: Queryable, emailDomain: string): Promise<string[]> {
  const rows = await db.query<{ email: string }>(
    'SELECT email FROM account WHERE email LIKE $1 ORDER BY email LIMIT 10',
    [`%@${emailDomain}`],
  );
  return rows.map((row) => row.email);
}

/** The city client of that id, unless revoked. */
export async function liveCityClientIds(db: Queryable, clientId: string): Promise<string[]> {
  const clients = await db.query<{ client_id: string }>(
    'SELECT client_id FROM mds_client WHERE client_id = $1 AND revoked_at IS NULL',
    [clientId],
  );
  return clients.map((row) => row.client_id);
}

// What the admin CLI does (DESIGN §2): create a fleet with its first administrator, another
// administrator, or an API key, list the ingest quarantine of every fleet — straight on the
// database, without the web app. Pure
// functions of an open database, so tests can call them as well as the CLI process.
import {
  ROLE_ADMIN,
  ROLE_USER,
  emailRegExp,
  isDisplayName,
  isLanguage,
  type Language,
} from '@vfm/contract';
import type { Database, TxQuery } from '../db/client';
import { JOBS_SCHEMA } from '../jobs/queues';
import { recordAccountEvent } from '../modules/events/account-events';
import { giveDefaultRule } from '../modules/notifications/default-rule';
import { randomToken, sha256 } from '../lib/crypto';
import { hashPassword } from '../lib/password';
import { generatePassword } from '../lib/password-policy';
import { CliError } from './cli-error';

export interface AdminInput {
  email: string;
  fullName?: string;
  language?: string;
}

export interface CreatedAdmin {
  fleetId: string;
  accountId: string;
  email: string;
  /** shown once; the administrator changes it after signing in */
  password: string;
}

function checkAdminInput(input: AdminInput): { email: string; language: Language } {
  const email = input.email.trim().toLowerCase();
  if (!emailRegExp.test(email)) throw new CliError(`"${input.email}" is not a valid e-mail.`);
  const language = input.language ?? 'fr';
  if (!isLanguage(language)) throw new CliError(`"${language}" is not a supported language.`);
  // the API's rule for names (issue 27 §6b); the CLI may leave the name empty
  if (input.fullName && !isDisplayName(input.fullName)) {
    throw new CliError('The full name must have a visible character and no invisible ones.');
  }
  return { email, language };
}

async function insertAdmin(tx: TxQuery, fleetId: string, input: AdminInput, password: string) {
  const { email, language } = checkAdminInput(input);
  if ((await tx.query('SELECT 1 FROM account WHERE email = $1', [email])).length) {
    throw new CliError(`An account with the e-mail ${email} already exists.`);
  }
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO account (fleet_id, email, password_hash, roles, status, full_name, language,
                          password_changed_at)
     VALUES ($1, $2, $3, $4, 'ACTIVE', $5, $6, now()) RETURNING id`,
    [
      fleetId,
      email,
      await hashPassword(password),
      [ROLE_USER, ROLE_ADMIN],
      input.fullName ?? '',
      language,
    ],
  );
  await recordAccountEvent(tx, {
    fleetId,
    name: 'ACCOUNT_CREATED',
    actorEmail: null,
    account: { id: row!.id, email },
    data: { admin: true, via: 'admin-cli' },
    at: new Date(),
  });
  await giveDefaultRule(tx, {
    id: row!.id,
    fleetId,
    roles: [ROLE_USER, ROLE_ADMIN],
    language,
  });
  return { accountId: row!.id, email };
}

export async function createFleetWithAdmin(
  database: Database,
  fleetName: string,
  admin: AdminInput,
): Promise<CreatedAdmin & { fleetName: string }> {
  const name = fleetName.trim();
  if (!name || name.length > 255)
    throw new CliError('The fleet name must have 1 to 255 characters.');
  if (!isDisplayName(name)) {
    throw new CliError('The fleet name must have no invisible or direction-changing characters.');
  }
  checkAdminInput(admin);
  const password = generatePassword();
  return database.transaction(async (tx) => {
    const [fleet] = await tx.query<{ id: string }>(
      'INSERT INTO fleet (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id',
      [name],
    );
    if (!fleet) throw new CliError(`A fleet named "${name}" already exists.`);
    const created = await insertAdmin(tx, fleet.id, admin, password);
    return { fleetId: fleet.id, fleetName: name, ...created, password };
  });
}

export async function createAdmin(
  database: Database,
  fleetName: string,
  admin: AdminInput,
): Promise<CreatedAdmin> {
  const password = generatePassword();
  return database.transaction(async (tx) => {
    const [fleet] = await tx.query<{ id: string }>(
      'SELECT id FROM fleet WHERE lower(name) = lower($1)',
      [fleetName.trim()],
    );
    if (!fleet) throw new CliError(`No fleet named "${fleetName}".`);
    const created = await insertAdmin(tx, fleet.id, admin, password);
    return { fleetId: fleet.id, ...created, password };
  });
}

/** A new x-api-key value: returned once, stored as its SHA-256 (api-key plugin). */
export async function createApiKey(database: Database, name: string) {
  const label = name.trim();
  if (!label || label.length > 255)
    throw new CliError('The key name must have 1 to 255 characters.');
  const key = `vfm_${randomToken(24)}`;
  const [row] = await database.query<{ id: string }>(
    'INSERT INTO api_key (name, key_hash) VALUES ($1, $2) RETURNING id',
    [label, sha256(key)],
  );
  return { id: row!.id, name: label, key };
}

/** Quarantined module messages listed at most (the newest): the operator's overview. */
export const QUARANTINE_LIST_LIMIT = 200;

/**
 * The ingest quarantine across fleets (issue 27), newest first, for the operator: a count line,
 * then one tab-separated line per message. A fleet name narrows it to that fleet.
 */
export async function listQuarantine(database: Database, fleetName?: string): Promise<string[]> {
  let fleetId: string | null = null;
  if (fleetName !== undefined) {
    const [fleet] = await database.query<{ id: string }>('SELECT id FROM fleet WHERE name = $1', [
      fleetName.trim(),
    ]);
    if (!fleet) throw new CliError(`No fleet is named "${fleetName.trim()}".`);
    fleetId = fleet.id;
  }
  const rows = await database.query<{
    id: number;
    fleet: string | null;
    module_id: string;
    kind: string;
    received_at: Date;
    attempts: number;
    reason: string;
    total: number;
  }>(
    `SELECT q.id, f.name AS fleet, q.module_id, q.kind, q.received_at, q.attempts, q.reason,
            count(*) OVER ()::int AS total
       FROM ingest_quarantine q LEFT JOIN fleet f ON f.id = q.fleet_id
      WHERE $1::uuid IS NULL OR q.fleet_id = $1
      ORDER BY q.id DESC LIMIT $2`,
    [fleetId, QUARANTINE_LIST_LIMIT],
  );
  const total = rows[0]?.total ?? 0;
  const shown = total > rows.length ? ` (the newest ${rows.length} shown)` : '';
  return [
    `quarantined messages: ${total}${shown}`,
    ...rows.map((row) =>
      [
        row.id,
        row.fleet ?? '(no fleet)',
        row.module_id,
        row.kind,
        row.received_at.toISOString(),
        `attempts ${row.attempts}`,
        row.reason,
      ].join('\t'),
    ),
  ];
}

/** Failed jobs listed at most (the newest). */
export const FAILED_JOBS_LIST_LIMIT = 200;

/** The jobs home for the operator (ADR 0081): counts per queue and state, then the dead letters. */
export async function listJobs(database: Database): Promise<string[]> {
  const counts = await database.query<{ name: string; state: string; count: number }>(
    `SELECT name, state::text AS state, count(*)::int AS count FROM ${JOBS_SCHEMA}.job
      WHERE name NOT LIKE '\\_\\_pgboss%' GROUP BY name, state ORDER BY name, state`,
  );
  const failed = await database.query<{
    id: string;
    name: string;
    event: string | null;
    completed_on: Date | null;
    output: { message?: string } | null;
    retry_count: number;
  }>(
    `SELECT id, name, data->>'name' AS event, completed_on, output, retry_count
       FROM ${JOBS_SCHEMA}.job WHERE state = 'failed'
      ORDER BY completed_on DESC NULLS LAST LIMIT $1`,
    [FAILED_JOBS_LIST_LIMIT],
  );
  return [
    `jobs: ${counts.length ? '' : 'none'}`,
    ...counts.map((row) => `  ${row.name}\t${row.state}\t${row.count}`),
    `failed (dead letters): ${failed.length}`,
    ...failed.map((row) =>
      [
        row.id,
        row.name,
        row.event ?? '-',
        row.completed_on?.toISOString() ?? '-',
        `attempts ${row.retry_count + 1}`,
        String(row.output?.message ?? 'unknown error').slice(0, 200),
      ].join('\t'),
    ),
  ];
}

/** Sends a failed job again: one more attempt, taken by the next worker. */
export async function retryFailedJob(database: Database, id: string): Promise<string[]> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new CliError(`"${id}" is not a job id.`);
  const rows = await database.query<{ name: string }>(
    `UPDATE ${JOBS_SCHEMA}.job SET state = 'retry', retry_limit = retry_limit + 1
      WHERE id = $1 AND state = 'failed' RETURNING name`,
    [id],
  );
  if (!rows.length) throw new CliError(`No failed job has the id ${id}.`);
  return [`job ${id} (${rows[0]!.name}) sent again`];
}

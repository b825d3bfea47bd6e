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
import { recordAccountEvent } from '../modules/events/account-events';
import { insertApiKey } from '../modules/auth/queries/api-keys';
import { giveDefaultRule } from '../modules/notifications/default-rule';
import { randomToken, sha256 } from '../lib/crypto';
import { hashPassword } from '../lib/password';
import { generatePassword } from '../lib/password-policy';
import { CliError } from './cli-error';
import {
  accountEmailTaken,
  fleetIdByName,
  fleetIdByNameAnyCase,
  insertAdminAccount,
  insertFleet,
  retryFailedJobRow,
  selectFailedJobs,
  selectQuarantine,
  selectQueueStates,
} from './queries';

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
  // the API's rule for names (docs/operations.md); the CLI may leave the name empty
  if (input.fullName && !isDisplayName(input.fullName)) {
    throw new CliError('The full name must have a visible character and no invisible ones.');
  }
  return { email, language };
}

async function insertAdmin(tx: TxQuery, fleetId: string, input: AdminInput, password: string) {
  const { email, language } = checkAdminInput(input);
  if (await accountEmailTaken(tx, email)) {
    throw new CliError(`An account with the e-mail ${email} already exists.`);
  }
  const accountId = await insertAdminAccount(tx, {
    fleetId,
    email,
    passwordHash: await hashPassword(password),
    roles: [ROLE_USER, ROLE_ADMIN],
    fullName: input.fullName ?? '',
    language,
  });
  await recordAccountEvent(tx, {
    fleetId,
    name: 'ACCOUNT_CREATED',
    actorEmail: null,
    account: { id: accountId, email },
    data: { admin: true, via: 'admin-cli' },
    at: new Date(),
  });
  await giveDefaultRule(tx, {
    id: accountId,
    fleetId,
    roles: [ROLE_USER, ROLE_ADMIN],
    language,
  });
  return { accountId, email };
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
    const fleetId = await insertFleet(tx, name);
    if (!fleetId) throw new CliError(`A fleet named "${name}" already exists.`);
    const created = await insertAdmin(tx, fleetId, admin, password);
    return { fleetId, fleetName: name, ...created, password };
  });
}

export async function createAdmin(
  database: Database,
  fleetName: string,
  admin: AdminInput,
): Promise<CreatedAdmin> {
  const password = generatePassword();
  return database.transaction(async (tx) => {
    const fleetId = await fleetIdByNameAnyCase(tx, fleetName.trim());
    if (!fleetId) throw new CliError(`No fleet named "${fleetName}".`);
    const created = await insertAdmin(tx, fleetId, admin, password);
    return { fleetId, ...created, password };
  });
}

/** A new x-api-key value: returned once, stored as its SHA-256 (api-key plugin). */
export async function createApiKey(database: Database, name: string) {
  const label = name.trim();
  if (!label || label.length > 255)
    throw new CliError('The key name must have 1 to 255 characters.');
  const key = `vfm_${randomToken(24)}`;
  const id = await insertApiKey(database, label, sha256(key));
  return { id, name: label, key };
}

/** Quarantined module messages listed at most (the newest): the operator's overview. */
export const QUARANTINE_LIST_LIMIT = 200;

/**
 * The ingest quarantine across fleets (docs/operations.md), newest first, for the operator: a count line,
 * then one tab-separated line per message. A fleet name narrows it to that fleet.
 */
export async function listQuarantine(database: Database, fleetName?: string): Promise<string[]> {
  let fleetId: string | null = null;
  if (fleetName !== undefined) {
    fleetId = await fleetIdByName(database, fleetName.trim());
    if (!fleetId) throw new CliError(`No fleet is named "${fleetName.trim()}".`);
  }
  const rows = await selectQuarantine(database, fleetId, QUARANTINE_LIST_LIMIT);
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

/** The jobs home for the operator (ADR 0081): counts per queue and state, then the dead letters
 *  of every fleet and the operator's own (ADR 0120: only this CLI shows and retries those). */
export async function listJobs(database: Database): Promise<string[]> {
  const counts = await selectQueueStates(database);
  const failed = await selectFailedJobs(database, FAILED_JOBS_LIST_LIMIT);
  return [
    `jobs: ${counts.length ? '' : 'none'}`,
    ...counts.map((row) => `  ${row.name}\t${row.state}\t${row.count}`),
    `failed (dead letters): ${failed.length}`,
    ...failed.map((row) =>
      [
        row.id,
        row.name,
        row.fleet === null ? '(operator)' : `fleet ${row.fleet}`,
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
  const name = await retryFailedJobRow(database, id);
  if (name === null) throw new CliError(`No failed job has the id ${id}.`);
  return [`job ${id} (${name}) sent again`];
}

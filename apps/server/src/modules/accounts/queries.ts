// SQL of the accounts module; every read and write is scoped to one fleet.
import {
  ROLE_ADMIN,
  languageOf,
  type Account,
  type AccountSortField,
  type Me,
} from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { SqlParams } from '../bikes/sql';
import { announceSessionEnds } from '../auth/queries/sessions';

/** An account made active at once, with its password (the operator's CLI, the demo). */
export interface ActiveAccountInput {
  fleetId: string;
  email: string;
  passwordHash: string;
  roles: string[];
  fullName: string;
}

interface AccountRowDb {
  id: string;
  email: string;
  full_name: string;
  description: string;
  photo_version: string | null;
  phone: string | null;
  roles: string[];
  status: 'PENDING' | 'ACTIVE';
  language: string;
  created_at: Date;
  last_login_at: Date | null;
}

/** the photo's version, never the photo: it is served on its own (ADR 0079) */
const PHOTO_VERSION = (photo: string) => `md5(${photo}) AS photo_version`;

const COLUMNS = `id, email, full_name, description, ${PHOTO_VERSION('photo')}, phone, roles, status,
  language, created_at, last_login_at`;

export function toAccount(row: AccountRowDb): Account {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    description: row.description,
    photoVersion: row.photo_version,
    phone: row.phone,
    roles: row.roles,
    admin: row.roles.includes(ROLE_ADMIN),
    status: row.status,
    language: languageOf(row.language),
    createdAt: row.created_at.toISOString(),
    lastLoginAt: row.last_login_at?.toISOString() ?? null,
  };
}

/** ORDER BY of each sort field of the list; the e-mail (unique) breaks ties. */
const ORDER_OF: Record<AccountSortField, string> = {
  name: 'lower(full_name)',
  email: 'email',
  // administrators first when ascending
  role: `(roles @> ARRAY['${ROLE_ADMIN}']::text[])`,
  status: 'status',
  lastLogin: 'last_login_at',
};

export interface AccountListRequest {
  /** the full name or e-mail contains this (case-insensitive) */
  text: string | null;
  sort: AccountSortField;
  descending: boolean;
  offset: number;
  limit: number;
}

/** A page of the fleet's accounts, searched and sorted (nulls as the smallest value). */
export async function listAccounts(
  db: Queryable,
  fleetId: string,
  request: AccountListRequest,
): Promise<{ content: Account[]; total: number }> {
  const params = new SqlParams();
  const where = [`fleet_id = ${params.add(fleetId)}`];
  if (request.text) {
    const like = params.add(`%${request.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(full_name ILIKE ${like} OR email ILIKE ${like})`);
  }
  const countValues = [...params.values];
  let order = ORDER_OF[request.sort];
  if (request.sort === 'role') order = `${order} ${request.descending ? 'ASC' : 'DESC'}`;
  else order = `${order} ${request.descending ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`;
  const [rows, [total]] = await Promise.all([
    db.query<AccountRowDb>(
      `SELECT ${COLUMNS} FROM account WHERE ${where.join(' AND ')}
        ORDER BY ${order}, email
        LIMIT ${params.add(request.limit)} OFFSET ${params.add(request.offset)}`,
      params.values,
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM account WHERE ${where.join(' AND ')}`,
      countValues,
    ),
  ]);
  return { content: rows.map(toAccount), total: Number(total?.n ?? 0) };
}

export interface StoredPhoto {
  /** the data URL as stored (PUT accounts/me) */
  photo: string;
  version: string;
}

/** The photo of an account of the fleet, null without one (or without such an account). */
export async function findPhoto(
  db: Queryable,
  fleetId: string,
  id: string,
): Promise<StoredPhoto | null> {
  const [row] = await db.query<{ photo: string; photo_version: string }>(
    `SELECT photo, ${PHOTO_VERSION('photo')} FROM account
      WHERE fleet_id = $1 AND id = $2 AND photo IS NOT NULL`,
    [fleetId, id],
  );
  return row ? { photo: row.photo, version: row.photo_version } : null;
}

/** The fleet's accounts among `ids` (which must all be UUIDs). */
export async function findAccounts(db: Queryable, fleetId: string, ids: string[]) {
  const rows = await db.query<AccountRowDb>(
    `SELECT ${COLUMNS} FROM account WHERE fleet_id = $1 AND id = ANY($2::uuid[])`,
    [fleetId, ids],
  );
  return rows.map(toAccount);
}

export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM account WHERE email = $1', [email])).length > 0;
}

export interface NewAccount {
  fleetId: string;
  email: string;
  fullName: string;
  description: string;
  roles: string[];
  language: string;
}

export async function insertPendingAccount(db: Queryable, account: NewAccount, now: Date) {
  const [row] = await db.query<AccountRowDb>(
    `INSERT INTO account (fleet_id, email, full_name, description, roles, language, status,
                          created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'PENDING', $7, $7) RETURNING ${COLUMNS}`,
    [
      account.fleetId,
      account.email,
      account.fullName,
      account.description,
      account.roles,
      account.language,
      now,
    ],
  );
  return toAccount(row!);
}

export interface AccountChanges {
  fullName?: string;
  description?: string;
  photo?: string | null;
  roles?: string[];
  language?: string;
  /** E.164 (ADR 0124); null removes it */
  phone?: string | null;
}

const CHANGE_COLUMNS: Record<keyof AccountChanges, string> = {
  fullName: 'full_name',
  description: 'description',
  photo: 'photo',
  roles: 'roles',
  language: 'language',
  phone: 'phone',
};

export async function updateAccount(
  db: Queryable,
  id: string,
  changes: AccountChanges,
  now: Date,
): Promise<Account | null> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined) as Array<
    [keyof AccountChanges, unknown]
  >;
  const sets = entries.map(([key], index) => `${CHANGE_COLUMNS[key]} = $${index + 3}`);
  const [row] = await db.query<AccountRowDb>(
    `UPDATE account SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1
     RETURNING ${COLUMNS}`,
    [id, now, ...entries.map(([, value]) => value)],
  );
  return row ? toAccount(row) : null;
}

export async function deleteAccounts(db: Queryable, fleetId: string, ids: string[]) {
  // their sessions go with them (cascade): their live streams close at once (ADR 0042)
  const sessions = await db.query<{ id: string }>(
    `SELECT s.id FROM auth_session s JOIN account a ON a.id = s.account_id
      WHERE a.fleet_id = $1 AND a.id = ANY($2::uuid[]) AND s.revoked_at IS NULL`,
    [fleetId, ids],
  );
  await db.query('DELETE FROM account WHERE fleet_id = $1 AND id = ANY($2::uuid[])', [
    fleetId,
    ids,
  ]);
  await announceSessionEnds(
    db,
    sessions.map((row) => row.id),
  );
}

export async function findMe(db: Queryable, accountId: string): Promise<Me | null> {
  const [row] = await db.query<AccountRowDb & { fleet_id: string; fleet_name: string }>(
    `SELECT a.id, a.email, a.full_name, a.description, ${PHOTO_VERSION('a.photo')}, a.phone, a.roles,
            a.status, a.language, a.created_at, a.last_login_at, f.id AS fleet_id,
            f.name AS fleet_name
       FROM account a JOIN fleet f ON f.id = a.fleet_id WHERE a.id = $1`,
    [accountId],
  );
  if (!row) return null;
  const { id, email, fullName, description, photoVersion, phone, roles } = toAccount(row);
  return {
    id,
    email,
    fullName,
    description,
    photoVersion,
    phone,
    roles,
    fleet: { id: row.fleet_id, name: row.fleet_name },
  };
}

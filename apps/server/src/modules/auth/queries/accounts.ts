// The auth module's SQL on accounts as sign-in sees them (ADR 0003), and the single way a
// password is set.
import type { Queryable } from '../../../db/client';
import { revokeSessions, type RevokeReason } from './sessions';

export interface CredentialAccount {
  id: string;
  fleetId: string;
  email: string;
  passwordHash: string | null;
  roles: string[];
  status: 'PENDING' | 'ACTIVE';
  language: string;
  fullName: string;
}

interface CredentialRow {
  id: string;
  fleet_id: string;
  email: string;
  password_hash: string | null;
  roles: string[];
  status: 'PENDING' | 'ACTIVE';
  language: string;
  full_name: string;
}

const toAccount = (row: CredentialRow): CredentialAccount => ({
  id: row.id,
  fleetId: row.fleet_id,
  email: row.email,
  passwordHash: row.password_hash,
  roles: row.roles,
  status: row.status,
  language: row.language,
  fullName: row.full_name,
});

const ACCOUNT_COLUMNS = 'id, fleet_id, email, password_hash, roles, status, language, full_name';

/** E-mails are stored lower-cased; the lookup lower-cases too. */
export async function findAccountByEmail(db: Queryable, email: string) {
  const [row] = await db.query<CredentialRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM account WHERE email = $1`,
    [email.toLowerCase()],
  );
  return row ? toAccount(row) : null;
}

export async function findAccountById(db: Queryable, id: string) {
  const [row] = await db.query<CredentialRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM account WHERE id = $1`,
    [id],
  );
  return row ? toAccount(row) : null;
}

export async function markLastLogin(db: Queryable, accountId: string, now: Date) {
  await db.query('UPDATE account SET last_login_at = $2 WHERE id = $1', [accountId, now]);
}

/**
 * The one way a password is ever set: whoever sets it (the owner, a reset or validation link,
 * an administrator), the account becomes ACTIVE, its outstanding one-time tokens die and its
 * sessions end (DESIGN §5 "Auth", ADR 0003).
 */
export async function setAccountPassword(
  db: Queryable,
  accountId: string,
  passwordHash: string,
  reason: RevokeReason,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE account SET password_hash = $2, password_changed_at = $3, updated_at = $3,
            status = 'ACTIVE'
      WHERE id = $1`,
    [accountId, passwordHash, now],
  );
  await db.query(
    'UPDATE one_time_token SET used_at = $2 WHERE account_id = $1 AND used_at IS NULL',
    [accountId, now],
  );
  await revokeSessions(db, { accountId }, reason, now);
}

// Production refuses to start while demo accounts exist (DESIGN §2): their
// password is public (README), so a database that went from demo to production must be
// cleaned first.
import type { Queryable } from '../db/client';
import { DEMO_CITY_CLIENT_ID, DEMO_EMAIL_DOMAIN } from './seed';

export class DemoAccountsInProductionError extends Error {
  constructor(emails: string[]) {
    super(
      `Refusing to start in production: the database holds demo accounts (${emails.join(', ')}), ` +
        `whose password is public. Delete them first, e.g. ` +
        `DELETE FROM account WHERE email LIKE '%@${DEMO_EMAIL_DOMAIN}'; ` +
        `or start from a fresh database.`,
    );
    this.name = 'DemoAccountsInProductionError';
  }
}

export async function assertNoDemoAccounts(db: Queryable): Promise<void> {
  const rows = await db.query<{ email: string }>(
    'SELECT email FROM account WHERE email LIKE $1 ORDER BY email LIMIT 10',
    [`%@${DEMO_EMAIL_DOMAIN}`],
  );
  // the demo's MDS city client has the same public secret (issue 24)
  const clients = await db.query<{ client_id: string }>(
    'SELECT client_id FROM mds_client WHERE client_id = $1 AND revoked_at IS NULL',
    [DEMO_CITY_CLIENT_ID],
  );
  const names = [
    ...rows.map((row) => row.email),
    ...clients.map((row) => `MDS client ${row.client_id}`),
  ];
  if (names.length) throw new DemoAccountsInProductionError(names);
}

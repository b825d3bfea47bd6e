// Production refuses to start while demo accounts exist (DESIGN §2): their
// password is public (README), so a database that went from demo to production must be
// cleaned first.
import type { Queryable } from '../db/client';
import { DEMO_CITY_CLIENT_ID, DEMO_EMAIL_DOMAIN } from './seed';
import { deleteDemoAccountsSql, demoAccountEmails, liveCityClientIds } from './queries/seed';

export class DemoAccountsInProductionError extends Error {
  constructor(emails: string[]) {
    super(
      `Refusing to start in production: the database holds demo accounts (${emails.join(', ')}), ` +
        `whose password is public. Delete them first, e.g. ` +
        `${deleteDemoAccountsSql(DEMO_EMAIL_DOMAIN)} ` +
        `or start from a fresh database.`,
    );
    this.name = 'DemoAccountsInProductionError';
  }
}

export async function assertNoDemoAccounts(db: Queryable): Promise<void> {
  const emails = await demoAccountEmails(db, DEMO_EMAIL_DOMAIN);
  // the demo's MDS city client has the same public secret (docs/open-data.md)
  const clients = await liveCityClientIds(db, DEMO_CITY_CLIENT_ID);
  const names = [...emails, ...clients.map((clientId) => `MDS client ${clientId}`)];
  if (names.length) throw new DemoAccountsInProductionError(names);
}

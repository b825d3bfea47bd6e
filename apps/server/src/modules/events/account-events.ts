// Audit trail of account changes (DESIGN §7): an `event` row without a bike, type OTHER,
// source MANAGER, with the e-mail of whoever acted (null when the admin CLI acted).
import type { Queryable } from '../../db/client';
import { recordEvents } from './queries';

export type AccountEventName =
  | 'ACCOUNT_CREATED'
  | 'ACCOUNT_UPDATED'
  | 'ACCOUNT_DELETED'
  | 'ACCOUNT_PASSWORD_SET'
  | 'ACCOUNT_PASSWORD_CHANGED'
  | 'ACCOUNT_PASSWORD_RESET'
  | 'ACCOUNT_VALIDATED';

export interface AccountEvent {
  fleetId: string;
  name: AccountEventName;
  actorEmail: string | null;
  /** the account concerned */
  account: { id: string; email: string };
  /** extra facts, never a secret (e.g. the names of the changed fields) */
  data?: Record<string, unknown>;
  at: Date;
}

export async function recordAccountEvent(db: Queryable, event: AccountEvent): Promise<void> {
  await recordEvents(db, [
    {
      fleetId: event.fleetId,
      bikeId: null,
      type: 'OTHER',
      name: event.name,
      source: 'MANAGER',
      userEmail: event.actorEmail,
      data: { accountId: event.account.id, email: event.account.email, ...event.data },
      occurredAt: event.at,
    },
  ]);
}

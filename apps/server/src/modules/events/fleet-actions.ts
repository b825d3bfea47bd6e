// The audit trail of a user's action on the fleet itself (DESIGN §7): an `event` row without a
// bike, type OTHER, source MANAGER, with who acted and when — settings, city clients, alert
// rules, push browsers, maintenance schedules, open data, webhooks. `data` names what changed,
// never a secret.
import type { Queryable } from '../../db/client';
import type { RequestScope } from '../../plugins/request-scope';
import { recordEvents } from './queries';

export function recordFleetAction(
  db: Queryable,
  scope: Pick<RequestScope, 'fleetId' | 'principal' | 'now'>,
  name: string,
  data: Record<string, unknown>,
): Promise<unknown> {
  return recordEvents(db, [
    {
      fleetId: scope.fleetId,
      bikeId: null,
      type: 'OTHER',
      name,
      source: 'MANAGER',
      userEmail: scope.principal.email,
      data,
      occurredAt: scope.now,
    },
  ]);
}

// The caller's own profile (DESIGN §5 accounts/me): full name, description, photo.
import type { Me, MeUpdate } from '@vfm/contract';
import type { RequestScope } from '../../plugins/request-scope';
import { unauthorized } from '../../lib/problem';
import { recordAccountEvent } from '../events/account-events';
import { findMe, updateAccount } from './queries';

export async function getMe(scope: RequestScope): Promise<Me> {
  const me = await findMe(scope.database, scope.principal.accountId);
  // deleted between the session check and here
  if (!me) throw unauthorized();
  return me;
}

export async function updateMe(scope: RequestScope, input: MeUpdate): Promise<Me> {
  const { principal } = scope;
  const now = scope.ctx.now();
  await scope.database.transaction(async (tx) => {
    const updated = await updateAccount(tx, principal.accountId, input, now);
    if (!updated) throw unauthorized();
    await recordAccountEvent(tx, {
      fleetId: principal.fleetId,
      name: 'ACCOUNT_UPDATED',
      actorEmail: principal.email,
      account: updated,
      data: { fields: Object.keys(input) },
      at: now,
    });
  });
  return getMe(scope);
}

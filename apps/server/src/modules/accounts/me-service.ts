// The caller's own profile (DESIGN §5 accounts/me): full name, description, photo.
import type { Me, MeUpdate } from '@vfm/contract';
import type { AppContext } from '../../plugins/context';
import type { Principal } from '../../plugins/auth';
import { recordAccountEvent } from './account-events';
import { unauthorized } from '../../lib/problem';
import { findMe, updateAccount } from './queries';

export class MeService {
  constructor(private readonly ctx: AppContext) {}

  async get(principal: Principal): Promise<Me> {
    const me = await findMe(this.ctx.database, principal.accountId);
    // deleted between the session check and here
    if (!me) throw unauthorized();
    return me;
  }

  async update(principal: Principal, input: MeUpdate): Promise<Me> {
    const now = this.ctx.now();
    await this.ctx.database.transaction(async (tx) => {
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
    return this.get(principal);
  }
}

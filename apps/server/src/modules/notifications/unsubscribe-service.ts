// The one-click unsubscribe of a notification e-mail (RFC 8058, docs/notifications.md): the signed token
// of the link names a rule and its reader; a POST turns the rule's e-mails off for that reader
// — their own rule loses its EMAIL channel, a fleet-wide rule keeps sending to the others. No
// sign-in: the token is the proof. Audited like any change of a rule.
import type { PublicScope } from '../../plugins/request-scope';
import { recordEvents } from '../events/queries';
import { readUnsubscribeToken } from './unsubscribe-token';
import {
  dropEmailChannel,
  insertUnsubscribe,
  selectUnsubscribeTarget,
} from './queries/unsubscribe';

/** The rule's name when the token is valid and the rule still reaches its reader, else null. */
export async function unsubscribeTarget(scope: PublicScope, token: string) {
  const claims = readUnsubscribeToken(scope.ctx.config.jwtSecret, token);
  if (!claims) return null;
  const target = await selectUnsubscribeTarget(scope.database, claims.ruleId, claims.accountId);
  return target ? { ...claims, ...target } : null;
}

/** Unsubscribes; false when the token is not valid (any more). Again: no change. */
export async function unsubscribe(scope: PublicScope, token: string): Promise<boolean> {
  const claims = readUnsubscribeToken(scope.ctx.config.jwtSecret, token);
  if (!claims) return false;
  return scope.database.transaction(async (tx) => {
    const target = await selectUnsubscribeTarget(tx, claims.ruleId, claims.accountId);
    if (!target) return false;
    // their own rule loses its EMAIL channel; either way the unsubscription is kept, so that My
    // account says so and offers to turn the e-mails on again
    if (target.ownerId === claims.accountId)
      await dropEmailChannel(tx, claims.ruleId, target.email);
    await insertUnsubscribe(tx, claims.ruleId, claims.accountId);
    await recordEvents(tx, [
      {
        fleetId: target.fleetId,
        bikeId: null,
        type: 'OTHER',
        name: 'NOTIFICATION_RULE_UNSUBSCRIBED',
        source: 'MANAGER',
        userEmail: target.email,
        data: { id: claims.ruleId, name: target.name, fleetWide: target.ownerId === null },
        occurredAt: scope.now,
      },
    ]);
    return true;
  });
}

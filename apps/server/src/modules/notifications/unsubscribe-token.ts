// The one-click unsubscribe token of a notification e-mail (RFC 8058): which rule, for whom,
// signed with the server's secret — no sign-in, no stored token, and it works as long as the
// rule exists. HMAC-SHA256 under its own purpose, so it is never a valid token of anything else.
import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto';

const PURPOSE = 'vfm-notification-unsubscribe:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signatureOf = (secret: string, payload: string) =>
  createHmac('sha256', secret)
    .update(PURPOSE + payload)
    .digest('base64url');

export function unsubscribeToken(secret: string, ruleId: string, accountId: string): string {
  const payload = Buffer.from(`${ruleId}.${accountId}`).toString('base64url');
  return `${payload}.${signatureOf(secret, payload)}`;
}

/** The rule and account of a token signed by this server, or null. */
export function readUnsubscribeToken(secret: string, token: string) {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return null;
  if (!safeEqual(signature, signatureOf(secret, payload))) return null;
  const [ruleId, accountId] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
  if (!ruleId || !accountId || !UUID.test(ruleId) || !UUID.test(accountId)) return null;
  return { ruleId, accountId };
}

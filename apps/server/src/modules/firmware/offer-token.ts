// A module's download token (ADR 0129): HMAC of the offer id, its attempt and deadline with a
// key derived from the JWT secret — nothing stored, valid for one offer and module until the
// offer's deadline (at most OFFER_TIMEOUT_MS), a new one at every retry.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function offerToken(key: Buffer, offer: { id: string; attempts: number; deadline: Date }) {
  return createHmac('sha256', key)
    .update(`${offer.id}.${offer.attempts}.${offer.deadline.getTime()}`)
    .digest('base64url');
}

export function tokenMatches(
  key: Buffer,
  offer: { id: string; attempts: number; deadline: Date },
  token: string,
): boolean {
  const expected = Buffer.from(offerToken(key, offer));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// Per-address rate limits (ADR 0041, ADR 0078) on every public auth call: reset-password (sends
// e-mails), refresh and validation (guess tokens), and sign-in, change-password and logout,
// whose bodies anyone with the public API key may send — the limit is checked onRequest, before
// the body is parsed and validated, so a flood of 1 MB bodies costs a counter each. Sign-in
// also has its own counted throttle of failures (modules/auth/throttle.ts). Only routes whose
// config names a `rateLimit` are limited; the 429 is problem+json with Retry-After like the
// throttle's.
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { tooManyRequests } from '../lib/problem';

export const RATE_LIMIT_WINDOW_MS = 60_000;
/** calls per address per minute */
export const RATE_LIMITS = {
  resetPassword: 30,
  refresh: 60,
  validation: 30,
  /** an office behind one address signs in at nine: well above the throttle's 30 failures */
  login: 60,
  changePassword: 30,
  logout: 60,
  /** every file of the public GBFS feed (docs/open-data.md): a reader polls each file once per ttl */
  gbfs: 120,
  /** the MDS token endpoint, per address (a city asks for a token once an hour) */
  mdsToken: 30,
  /** MDS pulls, per city client (docs/open-data.md): a poll of every endpoint each minute is ~10 */
  mds: 300,
  /** the one-click unsubscribe of notification e-mails (docs/notifications.md), per address */
  unsubscribe: 30,
  /** the public read of a shared position (docs/manager-tools.md): the page asks every 15 s */
  sharedPosition: 60,
} as const;

/** The route config of a call limited to `max` per address per minute. */
export const perMinute = (max: number) => ({ max, timeWindow: RATE_LIMIT_WINDOW_MS });

export default fp(
  async function rateLimitPlugin(app) {
    await app.register(rateLimit, {
      global: false,
      // before parsing and validation (the default, said because it is the point)
      hook: 'onRequest',
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(Math.ceil(context.ttl / 1000), 'Too many requests. Try again later.'),
    });
  },
  { name: 'vfm-rate-limit', dependencies: ['vfm-errors'] },
);

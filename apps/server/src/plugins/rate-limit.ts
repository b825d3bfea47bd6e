// Per-address rate limits (ADR 0041) on the public auth calls that are not sign-ins but can be
// hammered: reset-password (sends e-mails), refresh and validation (guess tokens). Sign-in has
// its own counted throttle (modules/auth/throttle.ts). Only routes whose config names a
// `rateLimit` are limited; the 429 is problem+json with Retry-After like the throttle's.
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { tooManyRequests } from '../lib/problem';

export const RATE_LIMIT_WINDOW_MS = 60_000;
/** calls per address per minute */
export const RATE_LIMITS = {
  resetPassword: 30,
  refresh: 60,
  validation: 30,
} as const;

/** The route config of a call limited to `max` per address per minute. */
export const perMinute = (max: number) => ({ max, timeWindow: RATE_LIMIT_WINDOW_MS });

export default fp(
  async function rateLimitPlugin(app) {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(Math.ceil(context.ttl / 1000), 'Too many requests. Try again later.'),
    });
  },
  { name: 'vfm-rate-limit', dependencies: ['vfm-errors'] },
);

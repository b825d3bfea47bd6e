// What a module's service receives for one request: the caller (whose fleet bounds every read
// and write — DESIGN §5), the application context (configuration, database, mailer), the request
// time, language and logger. Routes build it (`scopeOf(request)`), services take it first.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Language } from '@vfm/contract';
import type { Database } from '../db/client';
import { principalOf, type Principal } from './auth';
import type { AppContext } from './context';

/** The scope of a public call (sign-in, password reset, settings read before sign-in). */
export interface PublicScope {
  ctx: AppContext;
  database: Database;
  /** the request time from the injectable clock (tests move it) */
  now: Date;
  /** the request's language (Accept-Language): messages, e-mails, CSV headers */
  language: Language;
  log: FastifyBaseLogger;
}

/** The scope of a signed-in call: the user, their role and their fleet. */
export interface RequestScope extends PublicScope {
  principal: Principal;
  fleetId: string;
}

export function publicScopeOf(request: FastifyRequest): PublicScope {
  const { ctx } = request.server;
  return {
    ctx,
    database: ctx.database,
    now: ctx.now(),
    language: request.language,
    log: request.log,
  };
}

export function scopeOf(request: FastifyRequest): RequestScope {
  const principal = principalOf(request);
  return { ...publicScopeOf(request), principal, fleetId: principal.fleetId };
}

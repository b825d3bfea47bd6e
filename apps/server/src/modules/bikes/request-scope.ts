// What a fleet or product service needs to answer one request: the caller (whose fleet bounds
// every read and write), the database, the request time and a logger.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { principalOf, type Principal } from '../../plugins/auth';

export interface RequestScope {
  database: Database;
  principal: Principal;
  fleetId: string;
  /** the request time from the injectable clock (tests move it) */
  now: Date;
  log: FastifyBaseLogger;
}

export function scopeOf(request: FastifyRequest): RequestScope {
  const principal = principalOf(request);
  const { database, now } = request.server.ctx;
  return { database, principal, fleetId: principal.fleetId, now: now(), log: request.log };
}

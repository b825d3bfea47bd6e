// Who is calling (DESIGN §5, ADR 0003). API routes need a signed-in user unless their route
// config says `auth: 'public'`; `auth: 'admin'` needs the administrator role. A field
// technician (ROLE_TECHNICIAN beside ROLE_USER, ADR 0090) calls only the routes
// marked `auth: 'field'` or listed in field-routes.ts: any other stays closed to technicians. Every request
// re-checks the session, so logout, password change and account deletion take effect at once.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ROLE_ADMIN, ROLE_TECHNICIAN, ROLE_USER, isLanguage, type Language } from '@vfm/contract';
import type { Queryable } from '../db/client';
import { AccessTokens } from '../lib/access-token';
import { isApiRequest } from '../lib/api-scope';
import { forbidden, unauthorized } from '../lib/problem';
import { isFieldRoute } from './field-routes';

/** public: anyone; field: technicians, managers, administrators; user: managers and
 *  administrators; admin: administrators */
export type RouteAuth = 'public' | 'field' | 'user' | 'admin';

export interface Principal {
  accountId: string;
  email: string;
  fleetId: string;
  roles: string[];
  sessionId: string;
  isAdmin: boolean;
  /** a field technician (never also an administrator: the administrator role wins) */
  isTechnician: boolean;
  language: Language;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** who may call this route; API routes default to 'user' */
    auth?: RouteAuth;
  }
  interface FastifyInstance {
    accessTokens: AccessTokens;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The caller of a route that requires a user. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** The account behind a live session (its id, e-mail, fleet, roles, language), or undefined
 *  once the session is revoked or the account is not ACTIVE. */
export type SessionLookup = (
  db: Queryable,
  sessionId: string,
  accountId: string,
) => Promise<
  | { account_id: string; email: string; fleet_id: string; roles: string[]; language: string }
  | undefined
>;

export interface AuthOptions {
  /** the auth module's read (app.ts gives it: plugins rank below modules) */
  findSessionAccount: SessionLookup;
}

export default fp<AuthOptions>(
  async function authPlugin(app, { findSessionAccount }) {
    const { config, database } = app.ctx;
    const tokens = new AccessTokens(config.jwtSecret, config.applicationKey);
    app.decorate('accessTokens', tokens);
    app.decorateRequest('principal', null);

    const authenticate = async (request: FastifyRequest): Promise<Principal | null> => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return null;
      const claims = await tokens.verify(header.slice(7).trim(), app.ctx.now());
      if (!claims) return null;
      const row = await findSessionAccount(database, claims.sid, claims.ID);
      if (!row) return null;
      return {
        accountId: row.account_id,
        email: row.email,
        fleetId: row.fleet_id,
        // roles are read fresh: a demoted administrator loses the role at once
        roles: row.roles,
        sessionId: claims.sid,
        isAdmin: row.roles.includes(ROLE_ADMIN),
        isTechnician: !row.roles.includes(ROLE_ADMIN) && row.roles.includes(ROLE_TECHNICIAN),
        language: isLanguage(row.language) ? row.language : 'fr',
      };
    };

    // onRequest, before body validation: an anonymous caller learns nothing about inputs.
    app.addHook('onRequest', async (request) => {
      if (request.is404 || !isApiRequest(request, config.apiPrefix)) return;
      const required: RouteAuth = request.routeOptions.config.auth ?? 'user';
      if (required === 'public') {
        // public routes still learn who calls when a valid token is sent
        if (request.headers.authorization) request.principal = await authenticate(request);
        return;
      }
      const principal = await authenticate(request);
      if (!principal) throw unauthorized('A valid access token is required.', 'TOKEN_INVALID');
      if (!principal.roles.includes(ROLE_USER) && !principal.isAdmin) {
        throw forbidden('This account has no role for this application.', 'ROLE_MISSING');
      }
      if (required === 'admin' && !principal.isAdmin) {
        throw forbidden('This call is reserved to administrators.', 'ADMIN_ONLY');
      }
      const { url } = request.routeOptions;
      if (
        principal.isTechnician &&
        !isFieldRoute(request.method, url ?? '', required, config.apiPrefix)
      ) {
        throw forbidden('This call is not open to field technicians.', 'TECHNICIAN_FORBIDDEN');
      }
      request.principal = principal;
    });
  },
  { name: 'vfm-auth', dependencies: ['vfm-context', 'vfm-errors'] },
);

// The OAuth 2.0 client-credentials grant of the MDS API (RFC 6749 §4.4, docs/open-data.md) and the
// check of a city's bearer token on every pull: the client is read at each request, so a
// revoked or expired client's tokens stop working at once.
import type { Queryable } from '../../db/client';
import { decoyHash, verifyPassword } from '../../lib/password';
import type { CityTokens } from './city-token';
import {
  insertAccess,
  selectClient,
  selectClientByClientId,
  selectProviderId,
  touchClient,
} from './queries';
import { grantState } from '../../lib/grant';

/** RFC 6749 §5.2 errors of the token endpoint */
export type TokenError = 'invalid_request' | 'invalid_client' | 'unsupported_grant_type';

export interface TokenRequest {
  grantType: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
}

export type TokenAnswer =
  | { ok: true; accessToken: string; expiresIn: number }
  | { ok: false; error: TokenError; status: 400 | 401 };

/** The credentials of an `Authorization: Basic` header (RFC 6749 §2.3.1: form-encoded parts). */
export function basicCredentials(
  header: string | undefined,
): { id: string; secret: string } | null {
  if (!header || !/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    return null;
  }
}

export async function issueToken(
  database: Queryable,
  tokens: CityTokens,
  request: TokenRequest,
  now: Date,
): Promise<TokenAnswer> {
  if (!request.clientId || !request.clientSecret) {
    return { ok: false, error: 'invalid_client', status: 401 };
  }
  if (request.grantType !== 'client_credentials') {
    return {
      ok: false,
      error: request.grantType ? 'unsupported_grant_type' : 'invalid_request',
      status: 400,
    };
  }
  const client =
    request.clientId.length <= 64 ? await selectClientByClientId(database, request.clientId) : null;
  // the same work whether or not the client exists (no client enumeration by timing)
  const secretOk = await verifyPassword(
    client?.secret_hash ?? (await decoyHash()),
    request.clientSecret.slice(0, 1024),
  );
  const providerId = client ? await selectProviderId(database, client.fleet_id) : null;
  const ok = client && secretOk && providerId && grantState(client, now) === 'ACTIVE';
  if (client) {
    await insertAccess(database, {
      fleetId: client.fleet_id,
      clientId: client.id,
      path: '/token',
      status: ok ? 200 : 401,
      rows: null,
      at: now,
    });
  }
  if (!ok) return { ok: false, error: 'invalid_client', status: 401 };
  await touchClient(database, client.id, now);
  return {
    ok: true,
    accessToken: await tokens.sign(client.id, providerId, now),
    expiresIn: tokens.ttlSeconds,
  };
}

export interface CityCaller {
  id: string;
  fleetId: string;
  providerId: string;
}

/** The active client behind a bearer token, or null (bad, expired, revoked or of a client
 *  whose fleet's provider id is not the token's). */
export async function authenticateCity(
  database: Queryable,
  tokens: CityTokens,
  header: string | undefined,
  now: Date,
): Promise<CityCaller | null> {
  if (!header || !/^bearer /i.test(header)) return null;
  const claims = await tokens.verify(header.slice(7).trim(), now);
  if (!claims || !/^[0-9a-f-]{36}$/.test(claims.sub)) return null;
  const client = await selectClient(database, claims.sub);
  if (!client || grantState(client, now) !== 'ACTIVE') return null;
  const providerId = await selectProviderId(database, client.fleet_id);
  if (providerId !== claims.provider_id) return null;
  return { id: client.id, fleetId: client.fleet_id, providerId };
}

export async function logPull(
  database: Queryable,
  caller: CityCaller,
  entry: { path: string; status: number; rows: number | null; at: Date },
): Promise<void> {
  await insertAccess(database, { fleetId: caller.fleetId, clientId: caller.id, ...entry });
  await touchClient(database, caller.id, entry.at);
}

// City clients of the MDS Provider API (ADR 0085), administrators only: created
// per fleet with a secret shown once (stored as an argon2id hash), an optional expiry, revocable
// at once; both are audited (DESIGN §7). The access log of their pulls is read here too.
import {
  MDS_BASE_PATH,
  MDS_CLIENT_CREATED,
  MDS_CLIENT_REVOKED,
  type CityClient,
  type CityClientCreate,
  type CityClientCreated,
  type CityClients,
  type MdsAccessLog,
} from '@vfm/contract';
import { randomToken } from '../../lib/crypto';
import { hashPassword } from '../../lib/password';
import { badRequest, conflict, notFound } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import {
  clientIdTaken,
  insertClient,
  revokeClient,
  selectAccess,
  selectClients,
  selectProviderId,
  type CityClientRow,
} from './queries';
import { readablePublicId } from '../../lib/public-id';
import { recordFleetAction } from '../events/fleet-actions';
import { iso } from '../../lib/iso';
import { grantFields } from '../../lib/grant';

function toCityClient(row: CityClientRow, now: Date): CityClient {
  return {
    id: row.id,
    name: row.name,
    clientId: row.client_id,
    expiresAt: iso(row.expires_at),
    lastUsedAt: iso(row.last_used_at),
    ...grantFields(row, now),
  };
}

export function mdsAddresses(publicUrl: string) {
  const baseUrl = `${publicUrl.replace(/\/+$/, '')}${MDS_BASE_PATH}`;
  return { baseUrl, tokenUrl: `${baseUrl}/token` };
}

export async function listCityClients(scope: RequestScope): Promise<CityClients> {
  const [rows, providerId] = await Promise.all([
    selectClients(scope.database, scope.fleetId),
    selectProviderId(scope.database, scope.fleetId),
  ]);
  if (!providerId) throw notFound('This fleet does not exist.');
  return {
    clients: rows.map((row) => toCityClient(row, scope.now)),
    ...mdsAddresses(scope.ctx.config.publicUrl),
    providerId,
  };
}

/** A readable client id from the name, with a random part. */
function newClientId(name: string): string {
  return readablePublicId(name, 'city', 3);
}

/** Creates a client; `secret` is given only by the demo seed (its secret is the demo password). */
export async function createCityClient(
  scope: RequestScope,
  input: CityClientCreate,
  options: { secret?: string } = {},
): Promise<CityClientCreated> {
  const name = input.name.trim();
  if (!name)
    throw badRequest('The name is blank.', [{ field: 'name', message: 'must not be blank' }]);
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= scope.now.getTime()) {
    throw badRequest('The expiry is in the past.', [
      { field: 'expiresAt', message: 'must be in the future' },
    ]);
  }
  const secret = options.secret ?? randomToken(32);
  const secretHash = await hashPassword(secret);
  const row = await scope.database.transaction(async (tx) => {
    let clientId = input.clientId ?? newClientId(name);
    if (input.clientId && (await clientIdTaken(tx, clientId))) {
      throw conflict(`The client id ${clientId} is taken.`, 'CLIENT_ID_TAKEN');
    }
    while (await clientIdTaken(tx, clientId)) clientId = newClientId(name);
    const created = await insertClient(tx, {
      fleetId: scope.fleetId,
      name,
      clientId,
      secretHash,
      createdBy: scope.principal.email || null,
      expiresAt,
      now: scope.now,
    });
    await recordFleetAction(tx, scope, MDS_CLIENT_CREATED, {
      clientId,
      name,
      expiresAt: iso(expiresAt),
    });
    return created;
  });
  return { client: toCityClient(row, scope.now), clientSecret: secret };
}

export async function revokeCityClient(scope: RequestScope, id: string): Promise<CityClient> {
  const row = await scope.database.transaction(async (tx) => {
    const revoked = await revokeClient(tx, scope.fleetId, id, scope.now);
    if (!revoked) throw notFound('No such city client in this fleet.');
    if (revoked.revoked_at!.getTime() === scope.now.getTime()) {
      await recordFleetAction(tx, scope, MDS_CLIENT_REVOKED, {
        clientId: revoked.client_id,
        name: revoked.name,
      });
    }
    return revoked;
  });
  return toCityClient(row, scope.now);
}

export async function readAccessLog(
  scope: RequestScope,
  query: { limit?: number; client?: string },
): Promise<MdsAccessLog> {
  const rows = await selectAccess(scope.database, scope.fleetId, query.limit ?? 50, query.client);
  return {
    entries: rows.map((row) => ({
      at: new Date(row.at).toISOString(),
      clientId: row.client_id,
      clientName: row.client_name,
      path: row.path,
      status: row.status,
      rows: row.row_count,
    })),
  };
}

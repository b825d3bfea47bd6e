// Shared live positions (ADR 0094): a fleet's managers (and administrators) make a
// link to one bike's live position, valid 1 hour to 7 days, list the bike's links and revoke
// them; whoever has the link reads that bike's last position and the manager's label, nothing
// else. The token (256 random bits) is in the link only; the row keeps its SHA-256. Creation,
// revocation and every opening are audited events of the bike (DESIGN §7).
import {
  ROLE_USER,
  SHARE_CREATED,
  SHARE_OPENED,
  SHARE_PAGE_PATH,
  SHARE_REVOKED,
  type Share,
  type ShareCreate,
  type ShareCreated,
  type ShareList,
  type SharedPosition,
  type SharedPositionQuery,
} from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { HttpProblem, forbidden, notFound } from '../../lib/problem';
import type { PublicScope, RequestScope } from '../../plugins/request-scope';
import { requireBike } from '../bikes/bike-lookup';
import { recordEvents } from '../events/queries';
import {
  countOpening,
  insertShare,
  revokeShare as revokeShareRow,
  selectSharedPosition,
  selectShares,
  type ShareRow,
} from './queries';
import { iso } from '../../lib/iso';
import { grantFields, grantState } from '../../lib/grant';

const LISTED = 50;
const HOUR_MS = 3_600_000;

function toShare(row: ShareRow, now: Date): Share {
  return {
    id: row.id,
    vehicleNumber: row.vehicle_number,
    label: row.label,
    expiresAt: new Date(row.expires_at).toISOString(),
    revokedBy: row.revoked_by,
    openings: row.openings,
    lastOpenedAt: iso(row.last_opened_at),
    ...grantFields(row, now),
  };
}

/** SPEC §6: the fleet's managers and administrators share; any other role may not. */
function requireManager(scope: RequestScope) {
  const { principal } = scope;
  if (!principal.isAdmin && !principal.roles.includes(ROLE_USER)) {
    throw forbidden('Only the fleet managers may share a position.', 'SHARES_FORBIDDEN');
  }
}

function audit(
  db: Queryable,
  row: ShareRow,
  name: string,
  userEmail: string | null,
  occurredAt: Date,
) {
  return recordEvents(db, [
    {
      fleetId: row.fleet_id,
      bikeId: row.bike_id,
      vehicleNumber: row.vehicle_number,
      type: 'OTHER',
      name,
      // the events of a manager's link: a manager made it, its openings are on their account
      source: 'MANAGER',
      userEmail,
      data: { shareId: row.id, label: row.label, expiresAt: iso(row.expires_at) },
      occurredAt,
    },
  ]);
}

export async function listShares(scope: RequestScope, vehicleNumber: string): Promise<ShareList> {
  requireManager(scope);
  const bike = await requireBike(scope.database, scope.fleetId, vehicleNumber);
  const rows = await selectShares(scope.database, scope.fleetId, bike.id, LISTED);
  return { content: rows.map((row) => toShare(row, scope.now)) };
}

/** The public page's address: the token in the fragment stays out of server logs and Referer. */
export function shareUrl(publicUrl: string, language: string, token: string) {
  return `${publicUrl.replace(/\/+$/, '')}/${language}/${SHARE_PAGE_PATH}#${token}`;
}

export async function createShare(
  scope: RequestScope,
  vehicleNumber: string,
  input: ShareCreate,
): Promise<ShareCreated> {
  requireManager(scope);
  const label = input.label?.trim() || null;
  const token = randomToken(32);
  const row = await scope.database.transaction(async (tx) => {
    const bike = await requireBike(tx, scope.fleetId, vehicleNumber);
    const created = await insertShare(tx, {
      fleetId: scope.fleetId,
      bikeId: bike.id,
      tokenHash: sha256(token),
      label,
      createdBy: scope.principal.email || null,
      now: scope.now,
      expiresAt: new Date(scope.now.getTime() + input.validForHours * HOUR_MS),
    });
    await audit(tx, created, SHARE_CREATED, scope.principal.email, scope.now);
    return created;
  });
  return {
    share: toShare(row, scope.now),
    url: shareUrl(scope.ctx.config.publicUrl, scope.language, token),
  };
}

export async function revokeShare(
  scope: RequestScope,
  vehicleNumber: string,
  id: string,
): Promise<Share> {
  requireManager(scope);
  const row = await scope.database.transaction(async (tx) => {
    const bike = await requireBike(tx, scope.fleetId, vehicleNumber);
    const revoked = await revokeShareRow(
      tx,
      scope.fleetId,
      bike.id,
      id,
      scope.principal.email,
      scope.now,
    );
    if (!revoked) throw notFound('No such share of this bike.', undefined, 'SHARE_NOT_FOUND');
    if (new Date(revoked.revoked_at!).getTime() === scope.now.getTime()) {
      await audit(tx, revoked, SHARE_REVOKED, scope.principal.email, scope.now);
    }
    return revoked;
  });
  return toShare(row, scope.now);
}

const gone = (code: string, detail: string) => new HttpProblem(410, code, 'Gone', detail);

/**
 * The public read: the bike's last position and the label, nothing else. An unknown token is a
 * 404; an ended share a 410 saying whether it expired or was revoked (the opener had the link).
 */
export async function readSharedPosition(
  scope: PublicScope,
  query: SharedPositionQuery,
): Promise<SharedPosition> {
  const row = await selectSharedPosition(scope.database, sha256(query.token));
  if (!row) throw notFound('This link does not exist.', undefined, 'SHARE_NOT_FOUND');
  const state = grantState(row, scope.now);
  if (state === 'REVOKED') throw gone('SHARE_REVOKED', 'This link was revoked.');
  if (state === 'EXPIRED') throw gone('SHARE_EXPIRED', 'This link has expired.');
  if (query.opening) {
    await scope.database.transaction(async (tx) => {
      await countOpening(tx, row.id, scope.now);
      await audit(tx, row, SHARE_OPENED, null, scope.now);
    });
  }
  const located = row.latitude !== null && row.longitude !== null;
  return {
    label: row.label,
    position: located
      ? { latitude: row.latitude!, longitude: row.longitude!, at: iso(row.last_position_date) }
      : null,
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

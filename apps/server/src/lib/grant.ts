// A grant given for a time and revocable by hand — a city client's credentials (MDS), a shared
// link to a bike's position: its state at a moment, and the fields every such grant shows.
import { iso } from './iso';

export interface GrantRow {
  created_at: Date;
  created_by: string | null;
  /** null: it never expires */
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
}

export type GrantState = 'ACTIVE' | 'EXPIRED' | 'REVOKED';

/** Revoked first (whenever it would have expired), then expired, else active. */
export function grantState(
  row: Pick<GrantRow, 'expires_at' | 'revoked_at'>,
  now: Date,
): GrantState {
  if (row.revoked_at) return 'REVOKED';
  if (row.expires_at && new Date(row.expires_at).getTime() <= now.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}

/** What a grant shows of its life: made when and by whom, revoked when, its state now. */
export const grantFields = (row: GrantRow, now: Date) => ({
  createdAt: new Date(row.created_at).toISOString(),
  createdBy: row.created_by,
  revokedAt: iso(row.revoked_at),
  state: grantState(row, now),
});

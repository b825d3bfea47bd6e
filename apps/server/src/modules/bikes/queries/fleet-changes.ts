// The fleet change notice's statement (fleet-changes.ts holds the contract and who is told).
import type { TxQuery } from '../../../db/client';
import { LIVE_CHANNEL } from '../../../lib/live-channel';

/** the live stream's channel: a fleet's change notices are one of its three shapes */
export const FLEET_CHANNEL = LIVE_CHANNEL;

/**
 * Bumps the change sequence of the marker fleets and the task sequence of the task fleets
 * (`fleet_change`, ADR 0082) of `fleets` (in id order), then sends each notice on `vfm_fleet`.
 */
export async function bumpAndNotify(
  tx: Pick<TxQuery, 'query'>,
  notices: string[],
  fleets: string[],
  taskFleets: string[],
  markerFleets: string[],
): Promise<void> {
  await tx.query(
    `WITH bumped AS (
         INSERT INTO fleet_change AS c (fleet_id, seq, task_seq)
         SELECT f.id, CASE WHEN f.id = ANY($4::uuid[]) THEN 1 ELSE 0 END,
                CASE WHEN f.id = ANY($3::uuid[]) THEN 1 ELSE 0 END
           FROM fleet f WHERE f.id = ANY($2::uuid[]) ORDER BY f.id
         ON CONFLICT (fleet_id) DO UPDATE
           SET seq = c.seq + excluded.seq, task_seq = c.task_seq + excluded.task_seq
         RETURNING c.fleet_id)
       -- a data-modifying WITH runs to completion whether or not it is read
       SELECT pg_notify('${FLEET_CHANNEL}', payload) FROM unnest($1::text[]) AS payload`,
    [notices, fleets, taskFleets, markerFleets],
  );
}

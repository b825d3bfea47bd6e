// How often an endpoint may be tried (ADR 0099, ADR 0118): the per-minute rate of attempts, the
// manual attempts' slot, and a redelivery asked for again within seconds counted once.
import type { Queryable } from '../../../../db/client';

const FRESH_WINDOW = `(rate_window_start IS NULL
  OR rate_window_start <= $2::timestamptz - interval '1 minute'
  OR rate_window_start > $2::timestamptz + interval '1 minute')`;

/**
 * Takes one attempt of the endpoint's current minute (a window that starts at its first
 * attempt); answers how many the window has taken, this one included (the rate limit, ADR 0099).
 */
export async function takeRateSlot(db: Queryable, endpointId: string, now: Date) {
  const [row] = await db.query<{ count: number }>(
    // both SET expressions read the row as it was (after any concurrent update: row lock)
    `UPDATE webhook_endpoint
        SET rate_window_start = CASE WHEN ${FRESH_WINDOW} THEN $2 ELSE rate_window_start END,
            rate_window_count = CASE WHEN ${FRESH_WINDOW} THEN 1 ELSE rate_window_count + 1 END
      WHERE id = $1
      RETURNING rate_window_count AS count`,
    [endpointId, now],
  );
  return row?.count ?? 0;
}

const FRESH_MANUAL_WINDOW = FRESH_WINDOW.replaceAll('rate_window_start', 'manual_window_start');

/**
 * Takes one of the endpoint's administrator attempts (test, redeliver) of its current minute;
 * answers how many the window has taken, this one included, and when the window ends (ADR 0118).
 */
export async function takeManualSlot(db: Queryable, endpointId: string, now: Date) {
  const [row] = await db.query<{ count: number; endsAt: Date }>(
    `UPDATE webhook_endpoint
        SET manual_window_start = CASE WHEN ${FRESH_MANUAL_WINDOW} THEN $2
                                       ELSE manual_window_start END,
            manual_window_count = CASE WHEN ${FRESH_MANUAL_WINDOW} THEN 1
                                       ELSE manual_window_count + 1 END
      WHERE id = $1
      RETURNING manual_window_count AS count,
                manual_window_start + interval '1 minute' AS "endsAt"`,
    [endpointId, now],
  );
  return row ?? { count: 0, endsAt: now };
}

/** Asked again within this many seconds of the last ask, a redelivery is the same one. */
export const REDELIVER_SAME_SECONDS = 10;

/**
 * Marks a redelivery asked for (ADR 0118): true when it is a new one; false while the last one
 * asked is queued and not attempted, or was asked less than 10 seconds ago (a double click, ten
 * calls at once: one attempt). A mark older than 5 minutes is a lost job: asked again.
 */
export async function markRedeliveryQueued(db: Queryable, deliveryId: string, now: Date) {
  const rows = await db.query(
    `UPDATE webhook_delivery SET manual_queued_at = $2
      WHERE id = $1 AND (manual_queued_at IS NULL
             OR manual_queued_at < $2::timestamptz - interval '5 minutes'
             OR (manual_attempted_at >= manual_queued_at
                 AND manual_queued_at < $2::timestamptz - interval '${REDELIVER_SAME_SECONDS} seconds'))
      RETURNING id`,
    [deliveryId, now],
  );
  return rows.length > 0;
}

/** An administrator's attempt was made: the next redelivery may be asked (after 10 s). */
export async function markRedeliveryAttempted(db: Queryable, deliveryId: string, now: Date) {
  await db.query(`UPDATE webhook_delivery SET manual_attempted_at = $2 WHERE id = $1`, [
    deliveryId,
    now,
  ]);
}

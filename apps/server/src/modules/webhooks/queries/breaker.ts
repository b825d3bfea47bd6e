// An endpoint's failures as they reach its administrators (ADR 0118): who is told, the mails
// claimed once, and the circuit breaker that pauses a failing endpoint.
import { type Queryable, queryOne } from '../../../db/client';

export async function selectFleetAdmins(db: Queryable, fleetId: string, adminRole: string) {
  return db.query<{ email: string; full_name: string | null; language: string | null }>(
    `SELECT email, full_name, language FROM account
      WHERE fleet_id = $1 AND status = 'ACTIVE' AND $2 = ANY(roles) ORDER BY email`,
    [fleetId, adminRole],
  );
}

/** Claims the "told the administrators" mark; false when it was already claimed. */
export async function claimDisabledMail(db: Queryable, id: string, now: Date) {
  const [row] = await db.query<{ id: string }>(
    `UPDATE webhook_endpoint SET disabled_mail_sent_at = $2
      WHERE id = $1 AND NOT enabled AND disabled_reason = 'FAILING'
        AND disabled_mail_sent_at IS NULL RETURNING id`,
    [id, now],
  );
  return Boolean(row);
}

export async function releaseDisabledMail(db: Queryable, id: string) {
  await db.query('UPDATE webhook_endpoint SET disabled_mail_sent_at = NULL WHERE id = $1', [id]);
}

/** The circuit breaker's state after an attempt (ADR 0118). */
export interface BreakerState {
  consecutive_failures: number;
  paused_until: Date | null;
  /** it opened at this attempt (the administrators are told) */
  opened: boolean;
}

export interface BreakerPolicy {
  threshold: number;
  pauseSeconds: number;
  maxPauseSeconds: number;
  /** how long the other attempts wait while one probes the endpoint after a pause */
  probeSeconds: number;
}

/**
 * Counts the endpoint's failures in a row; a success closes the breaker. The `threshold`-th
 * opens it: paused `pauseSeconds`. A failure inside a probe's window (the probe failed) pauses
 * it again, twice as long each time (at most `maxPauseSeconds`); the failures of attempts that
 * were already running when it opened do not stretch the pause.
 */
export async function recordBreaker(
  db: Queryable,
  id: string,
  ok: boolean,
  at: Date,
  breaker: BreakerPolicy,
): Promise<BreakerState | null> {
  // a trip: the threshold reached with the breaker closed, or a failure in a probe's window
  const trips = `(NOT $2 AND e.consecutive_failures + 1 >= $4 AND (e.breaker_opened_at IS NULL
      OR e.paused_until IS NULL OR e.paused_until <= $3::timestamptz + make_interval(secs => $7::float8)))`;
  return queryOne<BreakerState>(
    db,
    `UPDATE webhook_endpoint e SET
        consecutive_failures = CASE WHEN $2 THEN 0 ELSE e.consecutive_failures + 1 END,
        breaker_trips = CASE WHEN $2 THEN 0 WHEN ${trips} THEN e.breaker_trips + 1
                             ELSE e.breaker_trips END,
        paused_until = CASE WHEN $2 THEN NULL
          WHEN ${trips} THEN $3::timestamptz + make_interval(secs => least($6::float8,
                 $5::float8 * power(2, e.breaker_trips)))
          ELSE e.paused_until END,
        breaker_opened_at = CASE WHEN $2 THEN NULL
          WHEN ${trips} THEN coalesce(e.breaker_opened_at, $3) ELSE e.breaker_opened_at END,
        breaker_mail_sent_at = CASE WHEN $2 THEN NULL ELSE e.breaker_mail_sent_at END
      WHERE e.id = $1
      RETURNING e.consecutive_failures, e.paused_until,
                (e.breaker_trips = 1 AND NOT $2 AND e.breaker_opened_at = $3) AS opened`,
    [
      id,
      ok,
      at,
      breaker.threshold,
      breaker.pauseSeconds,
      breaker.maxPauseSeconds,
      breaker.probeSeconds,
    ],
  );
}

/**
 * May an automatic attempt go now? Null: yes (the breaker closed, or this attempt probes the
 * endpoint after its pause — the others then wait `probeSeconds`); else until when it waits.
 */
export async function takeBreakerTurn(
  db: Queryable,
  id: string,
  now: Date,
  breaker: BreakerPolicy,
): Promise<Date | null> {
  const probe = await db.query(
    `UPDATE webhook_endpoint
        SET paused_until = $2::timestamptz + make_interval(secs => $3::float8)
      WHERE id = $1 AND paused_until IS NOT NULL AND paused_until <= $2
      RETURNING id`,
    [id, now, breaker.probeSeconds],
  );
  if (probe.length) return null;
  const [row] = await db.query<{ paused_until: Date | null }>(
    'SELECT paused_until FROM webhook_endpoint WHERE id = $1',
    [id],
  );
  return row?.paused_until && row.paused_until > now ? row.paused_until : null;
}

/** The breaker's mail, claimed once per opening (a replayed job sends nothing). */
export async function claimBreakerMail(db: Queryable, id: string, now: Date) {
  const rows = await db.query<{ breaker_opened_at: Date }>(
    `UPDATE webhook_endpoint SET breaker_mail_sent_at = $2
      WHERE id = $1 AND breaker_opened_at IS NOT NULL AND breaker_mail_sent_at IS NULL
      RETURNING breaker_opened_at`,
    [id, now],
  );
  return rows[0]?.breaker_opened_at ?? null;
}

export async function releaseBreakerMail(db: Queryable, id: string) {
  await db.query('UPDATE webhook_endpoint SET breaker_mail_sent_at = NULL WHERE id = $1', [id]);
}

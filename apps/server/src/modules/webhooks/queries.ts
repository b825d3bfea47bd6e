// The webhook endpoints' SQL (ADR 0088); deliveries and attempts are in
// delivery/queries.ts. Every read and write of an endpoint by the API names its fleet.
import type { AlertKind, Webhook, WebhookEventType } from '@vfm/contract';
import type { Queryable } from '../../db/client';

interface EndpointRow {
  id: string;
  fleet_id: string;
  url: string;
  kinds: AlertKind[];
  events: WebhookEventType[];
  description: string;
  secret_encrypted: string;
  secret_hint: string;
  enabled: boolean;
  disabled_reason: 'MANUAL' | 'FAILING' | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
  updated_by: string | null;
}

export type StoredEndpoint = Webhook & { fleetId: string; secretEncrypted: string };

const toEndpoint = (row: EndpointRow): StoredEndpoint => ({
  id: row.id,
  fleetId: row.fleet_id,
  url: row.url,
  kinds: row.kinds,
  events: row.events,
  description: row.description,
  enabled: row.enabled,
  disabledReason: row.disabled_reason,
  failingSince: row.failing_since?.toISOString() ?? null,
  secretHint: row.secret_hint,
  secretEncrypted: row.secret_encrypted,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  updatedBy: row.updated_by,
});

/** The API's view: never the stored secret. */
export const publicWebhook = ({ fleetId: _f, secretEncrypted: _s, ...webhook }: StoredEndpoint) =>
  webhook satisfies Webhook;

export async function selectEndpoints(db: Queryable, fleetId: string) {
  const rows = await db.query<EndpointRow>(
    'SELECT * FROM webhook_endpoint WHERE fleet_id = $1 ORDER BY created_at, id',
    [fleetId],
  );
  return rows.map(toEndpoint);
}

export async function selectEndpoint(db: Queryable, fleetId: string, id: string, lock = false) {
  const [row] = await db.query<EndpointRow>(
    `SELECT * FROM webhook_endpoint WHERE fleet_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [fleetId, id],
  );
  return row ? toEndpoint(row) : null;
}

export async function selectEndpointById(db: Queryable, id: string, lock = false) {
  const [row] = await db.query<EndpointRow>(
    `SELECT * FROM webhook_endpoint WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row ? toEndpoint(row) : null;
}

export async function countEndpoints(db: Queryable, fleetId: string) {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM webhook_endpoint WHERE fleet_id = $1',
    [fleetId],
  );
  return row!.n;
}

export interface EndpointValues {
  url: string;
  kinds: string[];
  events: string[];
  description: string;
}

export async function insertEndpoint(
  db: Queryable,
  id: string,
  fleetId: string,
  values: EndpointValues,
  secret: { encrypted: string; hint: string },
  by: string,
  now: Date,
) {
  const [row] = await db.query<EndpointRow>(
    `INSERT INTO webhook_endpoint (id, fleet_id, url, kinds, events, description,
                                   secret_encrypted, secret_hint, created_at, updated_at, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10) RETURNING *`,
    [
      id,
      fleetId,
      values.url,
      values.kinds,
      values.events,
      values.description,
      secret.encrypted,
      secret.hint,
      now,
      by,
    ],
  );
  return toEndpoint(row!);
}

export async function updateEndpoint(
  db: Queryable,
  fleetId: string,
  id: string,
  values: EndpointValues & { enabled: boolean },
  wasEnabled: boolean,
  by: string,
  now: Date,
) {
  // turned on again: it starts afresh (no failure counted from before)
  const [row] = await db.query<EndpointRow>(
    `UPDATE webhook_endpoint
        SET url = $3, kinds = $4, events = $5, description = $6, enabled = $7,
            disabled_reason = CASE WHEN $7 THEN NULL
                                   WHEN enabled THEN 'MANUAL' ELSE disabled_reason END,
            failing_since = CASE WHEN $7 AND NOT $8 THEN NULL ELSE failing_since END,
            disabled_mail_sent_at = CASE WHEN $7 THEN NULL ELSE disabled_mail_sent_at END,
            updated_at = $9, updated_by = $10
      WHERE fleet_id = $1 AND id = $2 RETURNING *`,
    [
      fleetId,
      id,
      values.url,
      values.kinds,
      values.events,
      values.description,
      values.enabled,
      wasEnabled,
      now,
      by,
    ],
  );
  return toEndpoint(row!);
}

export async function updateSecret(
  db: Queryable,
  id: string,
  secret: { encrypted: string; hint: string },
  by: string,
  now: Date,
) {
  const [row] = await db.query<EndpointRow>(
    `UPDATE webhook_endpoint SET secret_encrypted = $2, secret_hint = $3, updated_at = $4,
            updated_by = $5 WHERE id = $1 RETURNING *`,
    [id, secret.encrypted, secret.hint, now, by],
  );
  return toEndpoint(row!);
}

export async function deleteEndpoint(db: Queryable, fleetId: string, id: string) {
  await db.query('DELETE FROM webhook_endpoint WHERE fleet_id = $1 AND id = $2', [fleetId, id]);
}

/** A success clears the failing mark; a failure sets it (from its first one). */
export async function markEndpointOutcome(db: Queryable, id: string, ok: boolean, at: Date) {
  const [row] = await db.query<{ failing_since: Date | null; enabled: boolean }>(
    `UPDATE webhook_endpoint
        SET failing_since = CASE WHEN $2 THEN NULL ELSE coalesce(failing_since, $3) END
      WHERE id = $1 RETURNING failing_since, enabled`,
    [id, ok, at],
  );
  return row ?? null;
}

export async function disableFailingEndpoint(db: Queryable, id: string, now: Date) {
  const [row] = await db.query<{ id: string }>(
    `UPDATE webhook_endpoint SET enabled = false, disabled_reason = 'FAILING', updated_at = $2,
            updated_by = NULL
      WHERE id = $1 AND enabled RETURNING id`,
    [id, now],
  );
  return Boolean(row);
}

/** The enabled endpoints of these fleets. */
export async function selectEnabledEndpoints(db: Queryable, fleetIds: string[]) {
  if (!fleetIds.length) return [];
  const rows = await db.query<EndpointRow>(
    'SELECT * FROM webhook_endpoint WHERE fleet_id = ANY($1::uuid[]) AND enabled',
    [fleetIds],
  );
  return rows.map(toEndpoint);
}

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
  const [row] = await db.query<BreakerState>(
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
  return row ?? null;
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

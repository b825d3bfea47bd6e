// The webhooks' SQL (issue 22 §4, ADR 0088): endpoints, deliveries, attempts. Every read and
// write of an endpoint names its fleet.
import type {
  AlertKind,
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryState,
  WebhookEventType,
} from '@vfm/contract';
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

// ---- deliveries ------------------------------------------------------------------------

export interface NewDelivery {
  endpointId: string;
  fleetId: string;
  idempotencyKey: string;
  event: string;
  alertId: string | null;
  vehicleNumber: string | null;
  kind: string | null;
  body: string;
}

/** The deliveries inserted (a key already there is left out: a replayed fan-out). */
export async function insertDeliveries(db: Queryable, deliveries: NewDelivery[], now: Date) {
  if (!deliveries.length) return [];
  return db.query<{ id: string }>(
    `INSERT INTO webhook_delivery (endpoint_id, fleet_id, idempotency_key, event, alert_id,
                                   vehicle_number, kind, body, next_attempt_at, created_at)
     SELECT endpoint_id, fleet_id, idempotency_key, event, alert_id, vehicle_number, kind, body,
            $2, $2
       FROM json_to_recordset($1::json) AS d(endpoint_id uuid, fleet_id uuid,
            idempotency_key text, event text, alert_id uuid, vehicle_number text, kind text,
            body text)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id`,
    [
      JSON.stringify(
        deliveries.map((d) => ({
          endpoint_id: d.endpointId,
          fleet_id: d.fleetId,
          idempotency_key: d.idempotencyKey,
          event: d.event,
          alert_id: d.alertId,
          vehicle_number: d.vehicleNumber,
          kind: d.kind,
          body: d.body,
        })),
      ),
      now,
    ],
  );
}

export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  fleet_id: string;
  event: string;
  body: string;
  state: WebhookDeliveryState;
  attempts: number;
  scheduled_attempts: number;
}

export async function selectDelivery(db: Queryable, id: string, lock = false) {
  const [row] = await db.query<DeliveryRow>(
    `SELECT id, endpoint_id, fleet_id, event, body, state, attempts, scheduled_attempts
       FROM webhook_delivery WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row ?? null;
}

export async function selectFleetDelivery(
  db: Queryable,
  fleetId: string,
  endpointId: string,
  id: string,
) {
  const [row] = await db.query<DeliveryRow>(
    `SELECT id, endpoint_id, fleet_id, event, body, state, attempts, scheduled_attempts
       FROM webhook_delivery WHERE fleet_id = $1 AND endpoint_id = $2 AND id = $3`,
    [fleetId, endpointId, id],
  );
  return row ?? null;
}

export interface AttemptRecord {
  at: Date;
  status: number | null;
  latencyMs: number;
  response: string;
  error: string | null;
  manual: boolean;
}

export async function insertAttempt(db: Queryable, deliveryId: string, attempt: AttemptRecord) {
  await db.query(
    `INSERT INTO webhook_attempt (delivery_id, attempted_at, status, latency_ms, response, error,
                                  manual)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      deliveryId,
      attempt.at,
      attempt.status,
      attempt.latencyMs,
      // a NUL byte is no text for PostgreSQL
      attempt.response.replaceAll('\u0000', ''),
      attempt.error,
      attempt.manual,
    ],
  );
}

export async function updateDelivery(
  db: Queryable,
  id: string,
  values: {
    state: WebhookDeliveryState;
    attempts: number;
    scheduledAttempts: number;
    nextAttemptAt: Date | null;
  },
) {
  await db.query(
    `UPDATE webhook_delivery SET state = $2, attempts = $3, scheduled_attempts = $4,
            next_attempt_at = $5 WHERE id = $1`,
    [id, values.state, values.attempts, values.scheduledAttempts, values.nextAttemptAt],
  );
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

interface DeliveryListRow {
  id: string;
  event: string;
  vehicle_number: string | null;
  kind: AlertKind | null;
  state: WebhookDeliveryState;
  created_at: Date;
  next_attempt_at: Date | null;
  attempts_log: Array<{
    at: string;
    status: number | null;
    latency_ms: number;
    response: string;
    error: string | null;
    manual: boolean;
  }>;
}

export async function selectDeliveryPage(
  db: Queryable,
  fleetId: string,
  endpointId: string,
  page: number,
  size: number,
): Promise<{ content: WebhookDelivery[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.query<DeliveryListRow>(
      `SELECT d.id, d.event, d.vehicle_number, d.kind, d.state, d.created_at, d.next_attempt_at,
              coalesce((SELECT json_agg(json_build_object(
                         'at', a.attempted_at, 'status', a.status, 'latency_ms', a.latency_ms,
                         'response', a.response, 'error', a.error, 'manual', a.manual)
                         ORDER BY a.attempted_at DESC, a.id DESC)
                          FROM webhook_attempt a WHERE a.delivery_id = d.id), '[]'::json)
                AS attempts_log
         FROM webhook_delivery d
        WHERE d.fleet_id = $1 AND d.endpoint_id = $2
        ORDER BY d.created_at DESC, d.id DESC
        LIMIT $3 OFFSET $4`,
      [fleetId, endpointId, size, page * size],
    ),
    db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_delivery WHERE fleet_id = $1 AND endpoint_id = $2',
      [fleetId, endpointId],
    ),
  ]);
  return {
    total: total!.n,
    content: rows.map((row) => ({
      id: row.id,
      event: row.event,
      vehicleNumber: row.vehicle_number,
      kind: row.kind,
      state: row.state,
      createdAt: row.created_at.toISOString(),
      nextAttemptAt: row.state === 'PENDING' ? (row.next_attempt_at?.toISOString() ?? null) : null,
      attempts: row.attempts_log.map((a): WebhookAttempt => ({
        at: new Date(a.at).toISOString(),
        status: a.status,
        latencyMs: a.latency_ms,
        response: a.response,
        error: a.error,
        manual: a.manual,
      })),
    })),
  };
}

/** The alerts named by the events, with their bike (the payload's facts). */
export async function selectAlertFacts(db: Queryable, alertIds: string[]) {
  if (!alertIds.length) return [];
  return db.query<{
    id: string;
    fleet_id: string;
    kind: AlertKind;
    opened_at: Date;
    cleared_at: Date | null;
    clear_cause: 'CONDITION_ENDED' | 'MANUAL' | null;
    vehicle_number: string;
    latitude: number | null;
    longitude: number | null;
  }>(
    `SELECT a.id, a.fleet_id, a.kind, a.opened_at, a.cleared_at, a.clear_cause,
            b.vehicle_number, b.latitude, b.longitude
       FROM alert a JOIN bike b ON b.id = a.bike_id
      WHERE a.id = ANY($1::uuid[])`,
    [alertIds],
  );
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

// The webhooks' deliveries and attempts (ADR 0088): one delivery per event and
// endpoint (its id is the webhook-id), every attempt kept; and the alerts' facts a payload
// carries.
import type {
  AlertKind,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryState,
} from '@vfm/contract';
import { jsonRecords, type Queryable, queryOne } from '../../../../db/client';

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
  return db.query<{ id: string; fleetId: string }>(
    `INSERT INTO webhook_delivery (endpoint_id, fleet_id, idempotency_key, event, alert_id,
                                   vehicle_number, kind, body, next_attempt_at, created_at)
     SELECT endpoint_id, fleet_id, idempotency_key, event, alert_id, vehicle_number, kind, body,
            $2, $2
       FROM json_to_recordset($1::json) AS d(endpoint_id uuid, fleet_id uuid,
            idempotency_key text, event text, alert_id uuid, vehicle_number text, kind text,
            body text)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id, fleet_id AS "fleetId"`,
    [
      jsonRecords(deliveries, (d) => ({
        endpoint_id: d.endpointId,
        fleet_id: d.fleetId,
        idempotency_key: d.idempotencyKey,
        event: d.event,
        alert_id: d.alertId,
        vehicle_number: d.vehicleNumber,
        kind: d.kind,
        body: d.body,
      })),
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
  return queryOne<DeliveryRow>(
    db,
    `SELECT id, endpoint_id, fleet_id, event, body, state, attempts, scheduled_attempts
       FROM webhook_delivery WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
}

export async function selectFleetDelivery(
  db: Queryable,
  fleetId: string,
  endpointId: string,
  id: string,
  lock = false,
) {
  return queryOne<DeliveryRow>(
    db,
    `SELECT id, endpoint_id, fleet_id, event, body, state, attempts, scheduled_attempts
       FROM webhook_delivery WHERE fleet_id = $1 AND endpoint_id = $2 AND id = $3
       ${lock ? 'FOR UPDATE' : ''}`,
    [fleetId, endpointId, id],
  );
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

/** The delivery log's housekeeping (maintenance.ts): deliveries older than `before` and done. */
export async function deleteDeliveriesBefore(db: Queryable, before: Date): Promise<void> {
  await db.query(`DELETE FROM webhook_delivery WHERE created_at < $1 AND state <> 'PENDING'`, [
    before,
  ]);
}

/**
 * A new window: none yet, the last one a minute old, or one started more than a minute ahead of
 * this attempt's clock (a clock set back). An attempt whose time was read a moment before a
 * concurrent one's (two workers) counts in that window: it used to open a new one, and under load
 * attempts over the limit went out.
 */

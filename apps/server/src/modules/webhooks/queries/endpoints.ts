// The webhook endpoints' SQL (ADR 0088); deliveries and attempts are in
// delivery/queries/. Every read and write of an endpoint by the API names its fleet.
import type { AlertKind, Webhook, WebhookEventType } from '@vfm/contract';
import { type Queryable, queryOne } from '../../../db/client';

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
  return queryOne<{ failing_since: Date | null; enabled: boolean }>(
    db,
    `UPDATE webhook_endpoint
        SET failing_since = CASE WHEN $2 THEN NULL ELSE coalesce(failing_since, $3) END
      WHERE id = $1 RETURNING failing_since, enabled`,
    [id, ok, at],
  );
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

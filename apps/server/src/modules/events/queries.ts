// THE writer of the `event` table (DESIGN §7): a bike's history and the audit trail of every
// user action — module events (ingest), the manager's commands, availability and theft changes,
// imports and removals, account changes, the demo history. One statement per call, whatever the
// number of events; a module event (moduleSeq set) is stored once (idempotent on module + seq).
import type { EventSource } from '@vfm/contract';
import { jsonRecords, type Queryable } from '../../db/client';

export interface EventRecord {
  fleetId: string;
  /** null for an event without a bike (accounts) or of a removed bike */
  bikeId: number | null;
  vehicleNumber?: string | null;
  /** PRODUCT: the bike's history; OTHER: administration (availability, imports, accounts) */
  type: 'PRODUCT' | 'OTHER';
  name: string;
  source: EventSource;
  /** who acted (MANAGER), null for a module or a rider */
  userEmail?: string | null;
  data?: Record<string, unknown> | null;
  /** default: the transaction's time (`now()`) */
  occurredAt?: Date | null;
  /** the module's message seq (idempotency of module events) */
  moduleSeq?: number | null;
  acknowledgedAt?: Date | null;
  acknowledgedBy?: string | null;
}

/** What one event of a bike says beside its fleet and its bike (recordBikeEvents). */
export type BikeEventRecord = Omit<EventRecord, 'fleetId' | 'bikeId' | 'vehicleNumber'>;

/** One action on several bikes of a fleet: an event for each bike, in one statement. */
export async function recordBikeEvents<
  B extends { bikeId: number | null; vehicleNumber?: string | null },
>(
  db: Queryable,
  fleetId: string,
  bikes: readonly B[],
  event: (bike: B) => BikeEventRecord,
): Promise<void> {
  await recordEvents(
    db,
    bikes.map((bike) => ({
      fleetId,
      bikeId: bike.bikeId,
      vehicleNumber: bike.vehicleNumber,
      ...event(bike),
    })),
  );
}

/** The module events actually stored (a redelivered module event is left out). */
export interface StoredModuleEvent {
  bike_id: number;
  module_seq: number;
}

const INSERT_EVENTS = `
  INSERT INTO event (fleet_id, bike_id, vehicle_number, type, name, source, user_email, data,
                     occurred_at, module_seq, acknowledged_at, acknowledged_by)
  SELECT fleet_id, bike_id, vehicle_number, type, name, source, user_email, data,
         coalesce(occurred_at, now()), module_seq, acknowledged_at, acknowledged_by
    FROM json_to_recordset($1::json) AS e(fleet_id uuid, bike_id bigint, vehicle_number text,
         type text, name text, source text, user_email text, data jsonb, occurred_at timestamptz,
         module_seq bigint, acknowledged_at timestamptz, acknowledged_by text)
  ON CONFLICT (bike_id, module_seq) WHERE module_seq IS NOT NULL DO NOTHING
  RETURNING bike_id, module_seq`;

/** Records the events in one statement; answers the module events stored (not duplicates). */
export async function recordEvents(
  db: Queryable,
  events: readonly EventRecord[],
): Promise<StoredModuleEvent[]> {
  if (!events.length) return [];
  const rows = await db.query<StoredModuleEvent>(INSERT_EVENTS, [
    jsonRecords(events, (e) => ({
      fleet_id: e.fleetId,
      bike_id: e.bikeId,
      vehicle_number: e.vehicleNumber ?? null,
      type: e.type,
      name: e.name,
      source: e.source,
      user_email: e.userEmail ?? null,
      data: e.data ?? null,
      occurred_at: e.occurredAt ?? null,
      module_seq: e.moduleSeq ?? null,
      acknowledged_at: e.acknowledgedAt ?? null,
      acknowledged_by: e.acknowledgedBy ?? null,
    })),
  ]);
  return rows.filter((row) => row.module_seq !== null);
}

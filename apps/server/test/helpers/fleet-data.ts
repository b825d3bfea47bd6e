// Factories for the rest of a fleet's data (groups, history, commands, trips), written straight
// to the database like bikes.ts, with snake_case column overrides.
import type { AlertKind } from '@vfm/contract';
import { domainEvent } from '../../src/jobs/domain-events';
import type { BikeRow } from './bikes';
import type { FleetRow } from './factories';
import type { TestServer } from './server';

async function insert<T = Record<string, unknown>>(
  t: TestServer,
  table: string,
  values: Record<string, unknown>,
  returning = 'id',
): Promise<T> {
  const names = Object.keys(values);
  const [row] = await t.server.database.query<T>(
    `INSERT INTO ${table} (${names.join(', ')})
     VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${returning}`,
    Object.values(values),
  );
  return row!;
}

export interface GroupRow {
  id: string;
  name: string;
}

export async function createGroup(
  t: TestServer,
  fleet: FleetRow,
  name: string,
  parent?: GroupRow,
): Promise<GroupRow> {
  return insert<GroupRow>(
    t,
    'fleet_group',
    { fleet_id: fleet.id, name, parent_id: parent?.id ?? null },
    'id, name',
  );
}

export async function createEvent(
  t: TestServer,
  bike: BikeRow,
  columns: Record<string, unknown> = {},
): Promise<{ id: number }> {
  return insert(t, 'event', {
    fleet_id: bike.fleetId,
    bike_id: bike.id,
    vehicle_number: bike.vehicleNumber,
    name: 'ALARM_TRIGGERED',
    source: 'MODULE',
    ...columns,
  });
}

export async function createCommand(
  t: TestServer,
  bike: BikeRow,
  columns: Record<string, unknown> = {},
): Promise<{ id: string }> {
  return insert(t, 'command', {
    fleet_id: bike.fleetId,
    bike_id: bike.id,
    type: 'LOCK_CONTROL',
    value: 'true',
    requested_by: 'someone@example.com',
    expires_at: new Date(Date.now() + 24 * 3_600_000),
    ...columns,
  });
}

export async function createAutotest(
  t: TestServer,
  bike: BikeRow,
  columns: Record<string, unknown> = {},
): Promise<{ id: number }> {
  return insert(t, 'autotest', {
    bike_id: bike.id,
    seq: Math.floor(Math.random() * 1e9),
    ts: new Date(),
    results: JSON.stringify([{ code: 'GPS', status: 'OK', value: 9 }]),
    ...columns,
  });
}

export async function createTrip(
  t: TestServer,
  bike: BikeRow,
  startedAt: Date,
  columns: Record<string, unknown> = {},
): Promise<{ id: number }> {
  return insert(t, 'trip', {
    fleet_id: bike.fleetId,
    bike_id: bike.id,
    started_at: startedAt,
    ended_at: new Date(startedAt.getTime() + 20 * 60_000),
    distance_km: 5,
    duration_minutes: 20,
    ...columns,
  });
}

/** Change fleet settings (thresholds, CO2 factor), snake_case columns of the fleet table. */
export async function updateFleet(
  t: TestServer,
  fleet: FleetRow,
  columns: Record<string, unknown>,
) {
  const names = Object.keys(columns);
  await t.server.database.query(
    `UPDATE fleet SET ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')} WHERE id = $1`,
    [fleet.id, ...Object.values(columns)],
  );
}

let quarantined = 0;

/** A module message in the fleet's ingest quarantine (a valid telemetry by default), kept
 *  under the bike carrying its module, as the ingest keeps it. */
export async function createQuarantined(
  t: TestServer,
  bike: BikeRow,
  columns: Record<string, unknown> = {},
): Promise<{ id: number }> {
  quarantined += 1; // each payload its own: a message is kept once (module, kind, payload)
  const seq = Date.now() * 1000 + quarantined;
  return insert(t, 'ingest_quarantine', {
    fleet_id: bike.fleetId,
    bike_id: bike.id,
    module_id: bike.moduleId,
    kind: 'telemetry',
    payload: JSON.stringify({ seq, ts: new Date().toISOString(), bikeBattery: 55 }),
    reason: 'RangeError: Invalid time value',
    received_at: new Date(),
    ...columns,
  });
}

/** An active alert of the bike (one per kind: a fresh bike for each, as the samples do). */
export async function createAlert(
  t: TestServer,
  bike: BikeRow,
  kind = 'REPORTED_THEFT',
): Promise<{ id: string }> {
  const [row] = await t.server.database.query<{ id: string }>(
    `INSERT INTO alert (fleet_id, bike_id, kind, opened_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (bike_id, kind) WHERE cleared_at IS NULL DO UPDATE SET updated_at = now()
     RETURNING id`,
    [bike.fleetId, bike.id, kind],
  );
  return row!;
}

/**
 * An alert opened as the reconciliation opens it: its row and its `alert.opened` event in one
 * transaction (the notifications' and webhooks' fan-outs hear the event).
 */
export async function openAlertWithEvent(
  t: TestServer,
  bike: BikeRow,
  kind: AlertKind = 'REPORTED_THEFT',
): Promise<{ id: string }> {
  return t.server.database.transaction(async (tx) => {
    const [alert] = await tx.query<{ id: string }>(
      `INSERT INTO alert (fleet_id, bike_id, kind, opened_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (bike_id, kind) WHERE cleared_at IS NULL DO UPDATE SET updated_at = now()
       RETURNING id`,
      [bike.fleetId, bike.id, kind],
    );
    const { fleetId, id: bikeId, vehicleNumber } = bike;
    await t.server.jobs.publish(tx, [
      domainEvent('alert.opened', { fleetId, bikeId, vehicleNumber, alertId: alert!.id, kind }),
    ]);
    return alert!;
  });
}

/** A job of the fleet that failed after its retries (a dead letter of the jobs home). */
export async function createFailedJob(t: TestServer, bike: BikeRow): Promise<{ id: string }> {
  const [row] = await t.server.database.query<{ id: string }>(
    `INSERT INTO pgboss.job (name, data, state, retry_limit, retry_count, completed_on, output)
     VALUES ('alerts.reconcile', $1, 'failed', 8, 8, now(), '{"message":"boom"}')
     RETURNING id`,
    [
      {
        name: 'battery.low',
        data: { fleetId: bike.fleetId, bikeId: bike.id, vehicleNumber: bike.vehicleNumber },
      },
    ],
  );
  return row!;
}

/** A square zone of the fleet (docs/zones.md), 1 km around Lyon's centre by default. */
export const SAMPLE_ZONE_GEOMETRY = {
  type: 'Polygon',
  coordinates: [
    [
      [4.83, 45.75],
      [4.845, 45.75],
      [4.845, 45.76],
      [4.83, 45.76],
      [4.83, 45.75],
    ],
  ],
};

export async function createZone(
  t: TestServer,
  fleetId: string,
  type = 'SERVICE_AREA',
): Promise<{ id: string }> {
  const [row] = await t.server.database.query<{ id: string }>(
    `INSERT INTO zone (fleet_id, name, type, geometry, min_lon, min_lat, max_lon, max_lat,
                       vertex_count, colour)
     VALUES ($1, 'Sample zone', $2, $3::jsonb, 4.83, 45.75, 4.845, 45.76, 5, '#2563eb')
     RETURNING id`,
    [fleetId, type, JSON.stringify(SAMPLE_ZONE_GEOMETRY)],
  );
  return row!;
}

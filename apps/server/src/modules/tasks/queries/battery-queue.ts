// The swap queue: the bikes whose battery is low, nearest first.
import type { Queryable } from '../../../db/client';
import { distanceSql, userRef, type UserRefRow } from './columns';

export interface BatteryQueueRow {
  vehicle_number: string;
  bike_battery_level: number | null;
  autonomy_km: number | null;
  battery_number: string | null;
  last_battery_change_date: Date | null;
  latitude: number | null;
  longitude: number | null;
  last_position_date: Date | null;
  distance_m: number | null;
  task_id: string | null;
  task_status: 'OPEN' | 'IN_PROGRESS' | null;
  task_assignee: UserRefRow | null;
  total: number;
}

/** The fleet's low battery threshold (percent): the queue's default. */
export async function selectLowBatteryPercent(db: Queryable, fleetId: string) {
  const [row] = await db.query<{ percent: number }>(
    'SELECT low_vehicle_battery_percent AS percent FROM fleet WHERE id = $1',
    [fleetId],
  );
  return row?.percent ?? null;
}

/**
 * The bikes that need a battery: charge at `maxLevel` or under, or an active battery swap task
 * (a task opened by hand, whatever the charge says). Lowest charge first, then least range.
 */
export async function selectBatteryQueue(
  db: Queryable,
  fleetId: string,
  maxLevel: number,
  near: { latitude: number; longitude: number } | null,
  limit: number,
  /** more bikes that need one (the battery health's reasons, docs/battery.md) */
  also: string[] = [],
): Promise<BatteryQueueRow[]> {
  const values: unknown[] = [fleetId, maxLevel, limit, also];
  let distance = 'NULL::float8';
  if (near) {
    values.push(near.latitude, near.longitude);
    distance = distanceSql(5);
  }
  return db.query<BatteryQueueRow>(
    `WITH needing AS (
       SELECT id FROM bike WHERE fleet_id = $1 AND bike_battery_level <= $2
       UNION
       SELECT bike_id FROM task WHERE fleet_id = $1 AND kind = 'BATTERY_SWAP'
          AND status IN ('OPEN', 'IN_PROGRESS')
       UNION
       SELECT id FROM bike WHERE fleet_id = $1 AND vehicle_number = ANY($4::text[]))
     SELECT b.vehicle_number, b.bike_battery_level, b.autonomy_km, b.battery_number,
            b.last_battery_change_date, b.latitude, b.longitude, b.last_position_date,
            ${distance} AS distance_m, t.id AS task_id, t.status AS task_status,
            ${userRef('ua')} AS task_assignee, count(*) OVER ()::int AS total
       FROM needing n JOIN bike b ON b.id = n.id
       LEFT JOIN LATERAL (
         SELECT id, status, assignee_id FROM task
          WHERE bike_id = b.id AND kind = 'BATTERY_SWAP' AND status IN ('OPEN', 'IN_PROGRESS')
          ORDER BY created_at LIMIT 1) t ON true
       LEFT JOIN account ua ON ua.id = t.assignee_id
      ORDER BY b.bike_battery_level ASC NULLS LAST, b.autonomy_km ASC NULLS LAST,
               b.vehicle_number
      LIMIT $3`,
    values,
  );
}

// SQL of the public GBFS feed (ADR 0083): published fleets and the bikes a feed may
// show. Everything is read by the fleet of a published system id, never across fleets.
import type { OpenDataSettings } from '@vfm/contract';
import { type Queryable, queryOne } from '../../db/client';

export interface PublishedRow {
  fleet_id: string;
  system_id: string;
  settings: OpenDataSettings;
  updated_at: Date;
}

/** The publication of a system id, if that fleet is published. */
export async function selectPublished(
  db: Queryable,
  systemId: string,
): Promise<PublishedRow | null> {
  return queryOne<PublishedRow>(
    db,
    `SELECT fleet_id, system_id, settings, updated_at FROM open_data_publication
      WHERE system_id = $1 AND published`,
    [systemId],
  );
}

/** Every published system, for the manifest. */
export async function selectAllPublished(
  db: Queryable,
): Promise<Array<{ system_id: string; updated_at: Date }>> {
  return db.query<{ system_id: string; updated_at: Date }>(
    'SELECT system_id, updated_at FROM open_data_publication WHERE published ORDER BY system_id',
  );
}

/** The distinct models of the fleet's bikes (one vehicle type each). */
export async function selectModels(db: Queryable, fleetId: string): Promise<string[]> {
  const rows = await db.query<{ model: string }>(
    'SELECT DISTINCT model FROM bike WHERE fleet_id = $1 ORDER BY model',
    [fleetId],
  );
  return rows.map((row) => row.model);
}

export interface FeedVehicleRow {
  vehicle_id: string;
  latitude: number;
  longitude: number;
  model: string;
  battery: number | null;
  last_reported: Date | null;
  disabled: boolean;
}

/**
 * The bikes of vehicle_status, in one query (docs/open-data.md "Which bikes are listed"):
 * listed when AVAILABLE or IN_OPERATION, parked (not in a ride), with no theft reported or
 * suspected, a known position and a module heard within the fleet's silence threshold;
 * disabled unless AVAILABLE with its assistance unlocked and its battery above the fleet's
 * low-battery threshold. TRANSIT, OUT, riding, stolen and silent bikes are not listed.
 */
export async function selectFeedVehicles(
  db: Queryable,
  fleetId: string,
  now: Date,
): Promise<FeedVehicleRow[]> {
  return db.query<FeedVehicleRow>(
    `SELECT b.gbfs_vehicle_id::text AS vehicle_id, b.latitude, b.longitude, b.model,
            b.bike_battery_level AS battery, b.last_communication_date AS last_reported,
            (b.availability <> 'AVAILABLE' OR b.assistance_locked
              OR b.bike_battery_level IS NULL
              OR b.bike_battery_level <= f.low_vehicle_battery_percent) AS disabled
       FROM bike b JOIN fleet f ON f.id = b.fleet_id
      WHERE b.fleet_id = $1
        AND b.availability IN ('AVAILABLE', 'IN_OPERATION')
        AND b.status = 'PARKED'
        AND b.theft_state = 'NONE'
        AND b.latitude IS NOT NULL AND b.longitude IS NOT NULL
        AND b.last_communication_date >= $2::timestamptz
                                         - f.lack_of_communication_hours * interval '1 hour'`,
    [fleetId, now],
  );
}

// What the rules' sweep reads (ADR 0126): the enabled rules of every fleet, the (rule, bike) pairs
// that have something to watch over time, and those bikes — locked as the ingest locks them, so a
// sweep and a batch never write one bike's rule states from two different readings.
import type { Queryable } from '../../../db/client';
import type { LiveRule } from './rules';
import type { BikeContext } from './state';
import type { ViewedState } from '../engine';
import { BIKE_CONTEXT_COLUMNS } from './bike-columns';

export async function selectAllEnabledRules(db: Queryable): Promise<LiveRule[]> {
  return db.query<LiveRule>(
    `SELECT id, fleet_id AS "fleetId", name, version, condition, scope, actions, latch,
            alert_kind AS "alertKind"
       FROM rule WHERE enabled ORDER BY id`,
  );
}

/** The pairs with a state: a condition holding, firing, or a window being remembered. */
export async function selectStatePairs(db: Queryable) {
  return db.query<{ ruleId: string; bikeId: number }>(
    `SELECT s.rule_id AS "ruleId", s.bike_id AS "bikeId"
       FROM rule_state s JOIN rule r ON r.id = s.rule_id AND r.enabled`,
  );
}

/** The bikes of a fleet silent since `before` (a silence rule's candidates). */
export async function selectSilentBikes(db: Queryable, fleetId: string, before: Date) {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM bike WHERE fleet_id = $1 AND last_communication_date <= $2`,
    [fleetId, before],
  );
  return rows.map((row) => row.id);
}

export type SweepBike = BikeContext & ViewedState;

/** These bikes, locked in id order (as the ingest's batch locks its bikes). */
export async function lockSweepBikes(db: Queryable, bikeIds: number[]): Promise<SweepBike[]> {
  if (!bikeIds.length) return [];
  return db.query<SweepBike>(
    `SELECT ${BIKE_CONTEXT_COLUMNS}, b.status,
            b.assistance_locked AS "assistanceLocked", b.latitude, b.longitude,
            b.bike_battery_level AS "bikeBatteryLevel", b.iot_battery_level AS "iotBatteryLevel",
            b.odometer_km AS "odometerKm", b.battery_state_of_health AS "batteryStateOfHealth",
            b.battery_charge_cycles AS "batteryChargeCycles",
            b.battery_plugged AS "batteryPlugged",
            b.last_communication_date AS "lastCommunicationDate",
            (SELECT r.trail FROM rule_trail r WHERE r.bike_id = b.id) AS trail
       FROM bike b WHERE b.id = ANY($1::bigint[]) ORDER BY b.id FOR UPDATE OF b`,
    [bikeIds],
  );
}

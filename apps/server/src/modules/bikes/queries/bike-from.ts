// The FROM clause of every bike read (the shared bike read model, docs/architecture.md).
import { thresholdColumnsSql } from './warnings';

/**
 * FROM clause of every bike read: the fleet's bikes `b`, the fleet's thresholds `f` (computed
 * once per query for the request time, not per row) and the bike's group `g`.
 * `fleet` and `now` are placeholders of the fleet id and the request time.
 */
export function bikeFrom(fleet: string, now: string): string {
  return `bike b
  JOIN (SELECT ${thresholdColumnsSql(now)}, name, co2_kg_per_km
          FROM fleet WHERE id = ${fleet} OFFSET 0) f ON f.id = b.fleet_id
  LEFT JOIN fleet_group g ON g.id = b.group_id`;
}

// The filters of the fleet list and its CSV exports (DESIGN §5): text search, availability,
// status, mode, warning, zone, group (with descendants), assistance lock. Values of one filter are OR-ed, filters
// AND-ed. Every value is a parameter; the schema has already checked each against its enum.
import type { FleetFilter } from '@vfm/contract';
import { groupScopeCondition } from '../bikes/group-scope';
import { containsPattern, type SqlParams } from '../bikes/sql';
import { warningConditions } from '../bikes/warnings-sql';

/** WHERE conditions over bikeFrom(); the first one scopes to the fleet. */
export function filterConditions(
  params: SqlParams,
  fleet: string,
  fleetId: string,
  filter: FleetFilter,
): string {
  const where = [`b.fleet_id = ${fleet}`];
  if (filter.q) {
    const text = params.add(containsPattern(filter.q));
    where.push(`(b.vehicle_number ILIKE ${text} OR b.bike_code ILIKE ${text}
      OR b.module_id ILIKE ${text} OR b.model ILIKE ${text})`);
  }
  const anyOf = (column: string, values: string[] | undefined) => {
    if (values?.length) where.push(`${column} = ANY(${params.add(values)}::text[])`);
  };
  anyOf('b.availability', filter.availability);
  anyOf('b.status', filter.status);
  anyOf('b.iot_mode', filter.mode);
  if (filter.warning?.length) {
    const conditions = warningConditions();
    where.push(`(${filter.warning.map((type) => conditions[type]).join(' OR ')})`);
  }
  if (filter.zone?.length) {
    // the marks the zones' conditions keep (modules/zones/zone-conditions.ts)
    const marks = {
      OUTSIDE_SERVICE_AREA: 'b.outside_service_area_since',
      IN_NO_RIDE_ZONE: 'b.no_ride_zone_since',
      PARKED_IN_NO_PARKING: 'b.no_parking_since',
    };
    where.push(`(${filter.zone.map((zone) => `${marks[zone]} IS NOT NULL`).join(' OR ')})`);
  }
  // the zones the placement put each bike in (modules/zones/zone-conditions.ts)
  if (filter.zoneId?.length) where.push(`b.zone_ids && ${params.add(filter.zoneId)}::uuid[]`);
  if (filter.groupId?.length) where.push(groupScopeCondition(params, fleetId, filter.groupId));
  if (filter.locked !== undefined) {
    where.push(`b.assistance_locked = ${params.add(filter.locked)}`);
  }
  return where.join('\n    AND ');
}

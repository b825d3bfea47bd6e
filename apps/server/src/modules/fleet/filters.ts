// The filters of the fleet list, its CSV exports and the markers (DESIGN §5) as SQL: the
// contract's FLEET_FILTER_RULES (the one definition, which the map's worker runs on live changes)
// turned into WHERE conditions over the list item's columns (bikes/bike-view.ts
// LIST_ITEM_COLUMNS), one per filter set, in the rules' order. Values of one filter are
// OR-ed, filters AND-ed. Every value is a parameter; the schema has already checked each
// against its enum.
import {
  FLEET_FILTER_RULES,
  type FleetFilter,
  type FleetFilterRule,
  type FleetListItem,
} from '@vfm/contract';
import { LIST_ITEM_COLUMNS } from '../bikes/bike-view';
import { groupScopeCondition } from '../bikes/queries/group-scope';
import { containsPattern, type SqlParams } from '../bikes/sql';
import { warningConditions } from '../bikes/queries/warnings';

/** The marks the zones' conditions keep (modules/zones/zone-conditions.ts). */
const ZONE_MARKS = {
  OUTSIDE_SERVICE_AREA: 'b.outside_service_area_since',
  IN_NO_RIDE_ZONE: 'b.no_ride_zone_since',
  PARKED_IN_NO_PARKING: 'b.no_parking_since',
};

const column = (field: keyof FleetListItem) => {
  const sql = (LIST_ITEM_COLUMNS as Partial<Record<keyof FleetListItem, string>>)[field];
  if (!sql) throw new Error(`No SQL column for the list item's ${field}`);
  return sql;
};

/**
 * Whether the conditions read the fleet's thresholds (`f` of bikeFrom()): only the warnings do.
 * Every other condition reads the bike `b` alone (a count needs no join then).
 */
export const filterReadsThresholds = (filter: FleetFilter) => Boolean(filter.warning?.length);

/** WHERE conditions over bikeFrom(); the first one scopes to the fleet. */
export function filterConditions(
  params: SqlParams,
  fleet: string,
  fleetId: string,
  filter: FleetFilter,
): string {
  const where = [`b.fleet_id = ${fleet}`];
  for (const [name, rule] of Object.entries(FLEET_FILTER_RULES) as Array<
    [keyof FleetFilter, FleetFilterRule]
  >) {
    const condition = conditionOf(params, fleetId, filter, name, rule);
    if (condition) where.push(condition);
  }
  return where.join('\n    AND ');
}

function conditionOf(
  params: SqlParams,
  fleetId: string,
  filter: FleetFilter,
  name: keyof FleetFilter,
  rule: FleetFilterRule,
): string | null {
  switch (rule.kind) {
    case 'text': {
      if (!filter.q) return null;
      const text = params.add(containsPattern(filter.q));
      return `(${rule.fields.map((field) => `${column(field)} ILIKE ${text}`).join(' OR ')})`;
    }
    case 'oneOf': {
      const values = filter[name] as string[] | undefined;
      return values?.length ? `${column(rule.field)} = ANY(${params.add(values)}::text[])` : null;
    }
    case 'anyOf': {
      // the one list field: the warnings, derived when read (bikes/warnings-sql.ts)
      if (!filter.warning?.length) return null;
      const conditions = warningConditions();
      return `(${filter.warning.map((type) => conditions[type]).join(' OR ')})`;
    }
    case 'equals': {
      const value = filter[name];
      return value === undefined ? null : `${column(rule.field)} = ${params.add(value)}`;
    }
    case 'server':
      return serverCondition(params, fleetId, filter, name);
  }
}

/** The filters the list item cannot answer: the zones' marks and placement, the group tree. */
function serverCondition(
  params: SqlParams,
  fleetId: string,
  filter: FleetFilter,
  name: keyof FleetFilter,
): string | null {
  if (name === 'zone' && filter.zone?.length)
    return `(${filter.zone.map((zone) => `${ZONE_MARKS[zone]} IS NOT NULL`).join(' OR ')})`;
  // the zones the placement put each bike in (modules/zones/zone-conditions.ts)
  if (name === 'zoneId' && filter.zoneId?.length)
    return `b.zone_ids && ${params.add(filter.zoneId)}::uuid[]`;
  if (name === 'groupId' && filter.groupId?.length)
    return groupScopeCondition(params, fleetId, filter.groupId);
  return null;
}

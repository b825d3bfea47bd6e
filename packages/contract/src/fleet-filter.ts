// The filters of the fleet screen (DESIGN §5), shared by the list, its CSV, the vehicles CSV,
// the markers and the statistics of a group.
import { Type, type Static } from '@sinclair/typebox';
import {
  ActivityStatusSchema,
  AvailabilitySchema,
  IotModeSchema,
  WarningTypeSchema,
  type FleetListItem,
} from './bike';

const strict = { additionalProperties: false } as const;
export const GroupIdSchema = Type.String({ format: 'uuid' });
const GroupId = GroupIdSchema;

/** Filters shared by the list, its CSV and the vehicles CSV. Values of one filter are OR-ed. */
export const fleetFilterProperties = {
  /** text search in frame no., bike code, IoT code and model (case-insensitive) */
  q: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001F\\u007F]+$' }),
  ),
  availability: Type.Optional(Type.Array(AvailabilitySchema, { maxItems: 10 })),
  status: Type.Optional(Type.Array(ActivityStatusSchema, { maxItems: 10 })),
  mode: Type.Optional(Type.Array(IotModeSchema, { maxItems: 10 })),
  warning: Type.Optional(Type.Array(WarningTypeSchema, { maxItems: 10 })),
  /** bikes of these groups and of their descendants */
  groupId: Type.Optional(Type.Array(GroupId, { maxItems: 100 })),
  /** where the bike stands among its fleet's zones (docs/zones.md): outside the service area,
   *  in a no-ride zone, parked in a no-parking zone (as the zones' alerts see it) */
  zone: Type.Optional(
    Type.Array(
      Type.Unsafe<'OUTSIDE_SERVICE_AREA' | 'IN_NO_RIDE_ZONE' | 'PARKED_IN_NO_PARKING'>({
        type: 'string',
        enum: ['OUTSIDE_SERVICE_AREA', 'IN_NO_RIDE_ZONE', 'PARKED_IN_NO_PARKING'],
      }),
      { maxItems: 3 },
    ),
  ),
  /** bikes standing in these zones (by their last position; ids of the fleet's zones) */
  zoneId: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 20 })),
  /** only bikes whose assistance is locked (true) or not locked (false) */
  locked: Type.Optional(Type.Boolean()),
};
export const FleetFilterSchema = Type.Object(fleetFilterProperties, strict);
export type FleetFilter = Static<typeof FleetFilterSchema>;

/**
 * THE fleet filter (DESIGN §5), written once: how each filter selects a bike of the list. The
 * server's query builder turns each rule into SQL (apps/server/src/modules/fleet/filters.ts:
 * one SQL column per field of the list item), the map's worker runs matchesFleetFilter() on the
 * bikes the stream changes (apps/web/src/map/markers/marker-index.ts). Values of one filter
 * are OR-ed, filters AND-ed.
 *   text    the value is contained, case-insensitive, in one of the fields (null: never)
 *   oneOf   the field's value is one of the values
 *   anyOf   the field (a list) holds one of the values
 *   equals  the field equals the value
 *   server  only the server can tell (a group's descendants; the zones' marks and placement,
 *           which the list item does not carry)
 * The order of the rules is the order of the SQL conditions.
 */
export const FLEET_FILTER_RULES = {
  q: { kind: 'text', fields: ['vehicleNumber', 'bikeCode', 'moduleId', 'model'] },
  availability: { kind: 'oneOf', field: 'availability' },
  status: { kind: 'oneOf', field: 'status' },
  mode: { kind: 'oneOf', field: 'iotMode' },
  warning: { kind: 'anyOf', field: 'warnings' },
  zone: { kind: 'server' },
  zoneId: { kind: 'server' },
  groupId: { kind: 'server' },
  locked: { kind: 'equals', field: 'assistanceLocked' },
} as const satisfies Record<keyof FleetFilter, FleetFilterRule>;

type FieldOf<T> = {
  [K in keyof FleetListItem]: FleetListItem[K] extends T ? K : never;
}[keyof FleetListItem];
export type FleetFilterRule =
  | { kind: 'text'; fields: ReadonlyArray<FieldOf<string | null>> }
  | { kind: 'oneOf'; field: FieldOf<string | null> }
  | { kind: 'anyOf'; field: FieldOf<readonly string[]> }
  | { kind: 'equals'; field: FieldOf<boolean> }
  | { kind: 'server' };

/** A filter's values: undefined, an empty list and an empty text select every bike. */
function isSet(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '';
}

/**
 * Whether a list item passes the filter: 'no', 'yes', or 'server' when every rule the item can
 * answer passes but a server-only one (group, zones) is set.
 */
export function matchesFleetFilter(
  bike: FleetListItem,
  filter: FleetFilter,
): 'yes' | 'no' | 'server' {
  let answer: 'yes' | 'server' = 'yes';
  for (const [name, rule] of Object.entries(FLEET_FILTER_RULES) as Array<
    [keyof FleetFilter, FleetFilterRule]
  >) {
    const value = filter[name];
    if (!isSet(value)) continue;
    switch (rule.kind) {
      case 'text': {
        const text = (value as string).toLowerCase();
        const found = rule.fields.some((field) => (bike[field] ?? '').toLowerCase().includes(text));
        if (!found) return 'no';
        break;
      }
      case 'oneOf': {
        const own = bike[rule.field];
        if (own === null || !(value as readonly string[]).includes(own)) return 'no';
        break;
      }
      case 'anyOf':
        if (!bike[rule.field].some((own) => (value as readonly string[]).includes(own)))
          return 'no';
        break;
      case 'equals':
        if (bike[rule.field] !== value) return 'no';
        break;
      case 'server':
        answer = 'server';
        break;
    }
  }
  return answer;
}

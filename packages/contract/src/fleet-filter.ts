// The filters of the fleet screen (DESIGN §5), shared by the list, its CSV, the vehicles CSV,
// the markers and the statistics of a group.
import { Type, type Static } from '@sinclair/typebox';
import { ActivityStatusSchema, AvailabilitySchema, IotModeSchema, WarningTypeSchema } from './bike';

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
  /** where the bike stands among its fleet's zones (issue 23 §3): outside the service area,
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

// Shapes of the fleet calls (DESIGN §5): group tree, information and statistics, list and CSV
// here; the filters, markers, traffic and chart, and the live stream in the fleet-*.ts files
// this module re-exports.
import { Type, type Static } from '@sinclair/typebox';
import { ACTIVITY_STATUSES, AVAILABILITIES, IOT_MODES } from './enums';
import { EnumCounts, Page } from './schema-helpers';
import { FleetListItemSchema, FLEET_LIST_SORT_FIELDS } from './bike';
import { WarningCountsSchema, pagingProperties } from './bike-records';
import { GroupIdSchema, fleetFilterProperties } from './fleet-filter';

const strict = { additionalProperties: false } as const;
const Count = Type.Integer({ minimum: 0 });

// ---- group tree -------------------------------------------------------------------------

export const FleetGroupNodeSchema = Type.Recursive(
  (Node) =>
    Type.Object(
      {
        id: Type.String(),
        name: Type.String(),
        /** bikes of this group and of all its descendants */
        bikeCount: Count,
        /** bikes directly in this group */
        ownBikeCount: Count,
        children: Type.Array(Node),
      },
      strict,
    ),
  { $id: 'FleetGroupNode' },
);
export type FleetGroupNode = Static<typeof FleetGroupNodeSchema>;
/** roots of the group tree, sorted by name (children too) */
export const FleetGroupTreeSchema = Type.Array(FleetGroupNodeSchema);
export type FleetGroupTree = Static<typeof FleetGroupTreeSchema>;

// ---- counts -----------------------------------------------------------------------------

/** IoT modes plus UNKNOWN for modules that never reported one. */
export const MODE_COUNT_KEYS = [...IOT_MODES, 'UNKNOWN'] as const;

export const FleetInformationSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    totalBikes: Count,
    availability: EnumCounts(AVAILABILITIES),
    status: EnumCounts(ACTIVITY_STATUSES),
    modes: EnumCounts(MODE_COUNT_KEYS),
    warnings: WarningCountsSchema,
    /** DESIGN §7: warning thresholds and the CO2 factor are fleet settings */
    settings: Type.Object(
      {
        lowVehicleBatteryPercent: Count,
        lowModuleBatteryPercent: Count,
        lackOfCommunicationHours: Count,
        co2KgPerKm: Type.Number(),
        noParkingGraceMinutes: Count,
      },
      strict,
    ),
  },
  strict,
);
export type FleetInformation = Static<typeof FleetInformationSchema>;

/** SPEC §4 battery quarters; unknown = the level was never reported. */
export const BatteryQuartersSchema = Type.Object(
  { from0To25: Count, from26To50: Count, from51To75: Count, from76To100: Count, unknown: Count },
  strict,
);
export type BatteryQuarters = Static<typeof BatteryQuartersSchema>;

/** fleet/statistics: the whole fleet, or the groups given and their descendants. */
export const StatisticsQuerySchema = Type.Object(
  { groupId: Type.Optional(Type.Array(GroupIdSchema, { maxItems: 100 })) },
  strict,
);
export type StatisticsQuery = Static<typeof StatisticsQuerySchema>;

export const FleetStatisticsSchema = Type.Object(
  {
    totalBikes: Count,
    /** SPEC §4: up to 7 days, 8 to 14 days, 15 days or more (whole days since the last data) */
    lastCommunication: Type.Object(
      { upTo7Days: Count, from8To14Days: Count, from15Days: Count, never: Count },
      strict,
    ),
    bikeBattery: BatteryQuartersSchema,
    iotBattery: BatteryQuartersSchema,
    availability: EnumCounts(AVAILABILITIES),
    status: EnumCounts(ACTIVITY_STATUSES),
    modes: EnumCounts(MODE_COUNT_KEYS),
    warnings: WarningCountsSchema,
    totals: Type.Object({ km: Type.Number(), co2AvoidedKg: Type.Number(), trips: Count }, strict),
  },
  strict,
);
export type FleetStatistics = Static<typeof FleetStatisticsSchema>;

// ---- list -------------------------------------------------------------------------------

export const FLEET_LIST_SORT_PATTERN = `^(${FLEET_LIST_SORT_FIELDS.join('|')})(,(asc|desc))?$`;

export const FleetListQuerySchema = Type.Object(
  {
    ...fleetFilterProperties,
    ...pagingProperties(50),
    /** `column` or `column,asc|desc`; unknown values never reach the database */
    sort: Type.Optional(
      Type.String({ pattern: FLEET_LIST_SORT_PATTERN, default: 'vehicleNumber,asc' }),
    ),
  },
  strict,
);
export type FleetListQuery = Static<typeof FleetListQuerySchema>;

export const FleetListPageSchema = Page(FleetListItemSchema);
export type FleetListPage = Static<typeof FleetListPageSchema>;

export * from './fleet-filter';
export * from './fleet-markers';
export * from './fleet-traffic';
export * from './fleet-stream';

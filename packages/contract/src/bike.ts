import { Type, type Static } from '@sinclair/typebox';
import { ACTIVITY_STATUSES, AVAILABILITIES, IOT_MODES, THEFT_STATES, WARNING_TYPES } from './enums';
import { VEHICLE_NUMBER_PATTERN } from './patterns';
import { DateTime, Nullable, StringEnum } from './schema-helpers';

const strict = { additionalProperties: false } as const;

export const VehicleNumberSchema = Type.String({
  pattern: VEHICLE_NUMBER_PATTERN,
  description: 'frame number (SPEC §5 pattern)',
});
/** `/{vehicleNumber}` path parameters of the products/… and commands/… calls */
export const VehicleNumberParamsSchema = Type.Object(
  { vehicleNumber: VehicleNumberSchema },
  strict,
);
export type VehicleNumberParams = Static<typeof VehicleNumberParamsSchema>;

export const AvailabilitySchema = StringEnum(AVAILABILITIES);
export const ActivityStatusSchema = StringEnum(ACTIVITY_STATUSES);
export const IotModeSchema = StringEnum(IOT_MODES);
export const WarningTypeSchema = StringEnum(WARNING_TYPES);
export const TheftStateSchema = StringEnum(THEFT_STATES);

export const TheftSchema = Type.Object(
  {
    state: TheftStateSchema,
    since: Nullable(DateTime()),
    /** e-mail of the manager, or RIDER / MODULE */
    by: Nullable(Type.String()),
  },
  strict,
);

export const BikeGroupSchema = Type.Object({ id: Type.String(), name: Type.String() }, strict);

const NullableNumber = Nullable(Type.Number());
const NullableLevel = Nullable(Type.Integer({ minimum: 0, maximum: 100 }));

/** Every field of a bike (DESIGN §5 "Field names"); lists and markers use subsets. */
export const BikeSchema = Type.Object(
  {
    vehicleNumber: Type.String(),
    bikeCode: Type.String(),
    moduleId: Nullable(Type.String()),
    model: Type.String(),
    group: Nullable(BikeGroupSchema),
    availability: AvailabilitySchema,
    status: ActivityStatusSchema,
    iotMode: Nullable(IotModeSchema),
    assistanceLocked: Type.Boolean(),
    alarmActive: Type.Boolean(),
    batteryPlugged: Type.Boolean(),
    lockControlPending: Type.Boolean(),
    alarmPending: Type.Boolean(),
    /** a MODE command waits for the module's acknowledgement */
    modePending: Type.Boolean(),
    firmwareVersion: Nullable(Type.String()),
    hardwareVersion: Nullable(Type.String()),
    lastCommunicationDate: Nullable(DateTime()),
    lastPositionDate: Nullable(DateTime()),
    latitude: NullableNumber,
    longitude: NullableNumber,
    iotBatteryLevel: NullableLevel,
    bikeBatteryLevel: NullableLevel,
    batteryStateOfHealth: NullableLevel,
    batteryChargeCycles: Nullable(Type.Integer({ minimum: 0 })),
    batteryNumber: Nullable(Type.String()),
    lastBatteryChangeDate: Nullable(DateTime()),
    totalKm: Type.Number(),
    autonomyKm: NullableNumber,
    lastTripKm: NullableNumber,
    averageDistancePerDayKm: NullableNumber,
    averageTimePerDayMinutes: NullableNumber,
    totalTripMinutes: Type.Number(),
    co2AvoidedKg: Type.Number(),
    speedLimit: Nullable(Type.Integer()),
    warnings: Type.Array(WarningTypeSchema),
    theft: TheftSchema,
  },
  strict,
);
export type Bike = Static<typeof BikeSchema>;

/**
 * What names a bike and its state, the first columns of every view of the fleet list: its
 * screen, its sorts and its CSV.
 */
export const BIKE_IDENTITY_FIELDS = [
  'vehicleNumber',
  'bikeCode',
  'moduleId',
  'model',
  'group',
  'availability',
  'status',
  'iotMode',
] as const;

/** What the bike's module last told: its batteries, when it last spoke and last gave its position. */
export const BIKE_LAST_REPORT_FIELDS = [
  'bikeBatteryLevel',
  'iotBatteryLevel',
  'lastCommunicationDate',
  'lastPositionDate',
] as const;

/** A row of the fleet list (and of the stream's bike changes): the columns the list shows. */
export const FleetListItemSchema = Type.Composite(
  [
    Type.Pick(BikeSchema, [
      ...BIKE_IDENTITY_FIELDS,
      'assistanceLocked',
      'lockControlPending',
      'alarmPending',
      'modePending',
      ...BIKE_LAST_REPORT_FIELDS,
      'latitude',
      'longitude',
      'totalKm',
      'warnings',
    ]),
    Type.Object({ theft: TheftStateSchema }),
  ],
  strict,
);
export type FleetListItem = Static<typeof FleetListItemSchema>;

/** Columns of the list a user may sort by (an allow-list, DESIGN §5). */
export const FLEET_LIST_SORT_FIELDS = [
  ...BIKE_IDENTITY_FIELDS,
  ...BIKE_LAST_REPORT_FIELDS,
  'totalKm',
  'theft',
] as const;
export type FleetListSortField = (typeof FLEET_LIST_SORT_FIELDS)[number];

/**
 * The fleet screen's list columns (DESIGN §5), in their order, each with the sort it stands for
 * (the warnings column sorts by the theft state, the gravest first). The server sorts each
 * field by its column (apps/server/src/modules/bikes/bike-view.ts LIST_ITEM_COLUMNS).
 */
export const FLEET_LIST_COLUMNS = {
  vehicleNumber: 'vehicleNumber',
  bikeCode: 'bikeCode',
  model: 'model',
  group: 'group',
  availability: 'availability',
  status: 'status',
  iotMode: 'iotMode',
  bikeBatteryLevel: 'bikeBatteryLevel',
  iotBatteryLevel: 'iotBatteryLevel',
  lastCommunicationDate: 'lastCommunicationDate',
  warnings: 'theft',
} as const satisfies Record<string, FleetListSortField>;
export type FleetListColumn = keyof typeof FLEET_LIST_COLUMNS;

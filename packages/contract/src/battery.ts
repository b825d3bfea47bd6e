// Battery health (ADR 0130, docs/battery.md): each pack's state of health estimated from its
// telemetry (usable capacity from discharge against energy and distance, its trend, equivalent
// full cycles, Wh/km, temperature exposure), each bike's predicted time to 20 %, the swap
// queue's reasons and the fleet's battery settings.
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum } from './schema-helpers';

const strict = { additionalProperties: false } as const;

/** Why a pack is alerted (the BATTERY_HEALTH alert): under the fleet's threshold, or its state
 *  of health dropping faster than the fleet's fastDropPoints per 30 days. */
export const BATTERY_ALERT_REASONS = ['LOW_STATE_OF_HEALTH', 'FAST_DROP'] as const;
export type BatteryAlertReason = (typeof BATTERY_ALERT_REASONS)[number];

/** Why a bike is in the swap queue: its charge is low now, it will be short before the next
 *  peak of demand, or its pack is due for rotation (state of health under the threshold). */
export const SWAP_REASONS = ['LOW_NOW', 'SHORT_BEFORE_PEAK', 'STATE_OF_HEALTH_ROTATION'] as const;
export type SwapReason = (typeof SWAP_REASONS)[number];

/** The level the prediction counts down to. */
export const BATTERY_TARGET_LEVEL = 20;

export const BATTERY_SETTINGS_DEFAULTS = {
  nominalCapacityWh: 500,
  sohThreshold: 80,
  fastDropPoints: 4,
} as const;

export const BatterySettingsSchema = Type.Object(
  {
    /** the capacity of a new pack, Wh: a state of health of 100 % */
    nominalCapacityWh: Type.Number({ minimum: 50, maximum: 10_000 }),
    /** under this state of health (%), a pack is alerted and due for rotation */
    sohThreshold: Type.Integer({ minimum: 1, maximum: 100 }),
    /** a drop of this many points per 30 days or more is abnormally fast */
    fastDropPoints: Type.Number({ minimum: 0.5, maximum: 50 }),
  },
  { ...strict, title: 'BatterySettings' },
);
export type BatterySettings = Static<typeof BatterySettingsSchema>;

export const BatteryPackSchema = Type.Object(
  {
    /** the module's battery number, or "bike:<vehicle number>" where it reports none */
    packId: Type.String(),
    /** the bike it was last seen on */
    vehicleNumber: Nullable(Type.String()),
    model: Type.String(),
    /** %, against the fleet's nominal capacity; null before the first estimate */
    stateOfHealth: Nullable(Type.Number()),
    capacityWh: Nullable(Type.Number()),
    /** points per 30 days (negative: losing) */
    trendPer30Days: Nullable(Type.Number()),
    equivalentCycles: Type.Number(),
    /** the charge cycles the module counts, where it reports them */
    cyclesReported: Nullable(Type.Integer()),
    whPerKm: Nullable(Type.Number()),
    temperature: Type.Object(
      {
        maxC: Nullable(Type.Number()),
        /** hours at 35 °C or more */
        hotHours: Type.Number(),
        /** hours at 0 °C or less */
        coldHours: Type.Number(),
      },
      strict,
    ),
    alert: Nullable(StringEnum(BATTERY_ALERT_REASONS)),
    updatedAt: DateTime(),
  },
  { ...strict, title: 'BatteryPack' },
);
export type BatteryPack = Static<typeof BatteryPackSchema>;

export const BatteryHistoryPointSchema = Type.Object(
  {
    day: Type.String({ format: 'date' }),
    stateOfHealth: Type.Number(),
    equivalentCycles: Type.Number(),
  },
  strict,
);

export const BikeBatterySchema = Type.Object(
  {
    vehicleNumber: Type.String(),
    level: Nullable(Type.Integer()),
    /** "reaches 20 % in about N hours": 0 at or under, null when not within 7 days or unknown */
    hoursTo20: Nullable(Type.Number()),
    predictedAt: Nullable(DateTime()),
    /** the pack in the bike now; null before the estimation has seen it */
    pack: Nullable(BatteryPackSchema),
    /** the pack's state of health, a point a day, oldest first */
    history: Type.Array(BatteryHistoryPointSchema),
    swapReasons: Type.Array(StringEnum(SWAP_REASONS)),
    /** the fleet's state of health threshold (the chart's line) */
    sohThreshold: Type.Integer(),
  },
  { ...strict, title: 'BikeBattery' },
);
export type BikeBattery = Static<typeof BikeBatterySchema>;

export const FleetBatterySchema = Type.Object(
  {
    settings: BatterySettingsSchema,
    packs: Type.Integer(),
    /** packs with a state of health */
    estimated: Type.Integer(),
    alerted: Type.Integer(),
    medianStateOfHealth: Nullable(Type.Number()),
    /** packs by state of health, 5-point bins from `from` (inclusive) to `from + 5` */
    distribution: Type.Array(Type.Object({ from: Type.Integer(), packs: Type.Integer() }, strict)),
    /** Wh/km per bike model (packs that report energy and distance) */
    models: Type.Array(
      Type.Object(
        { model: Type.String(), whPerKm: Nullable(Type.Number()), packs: Type.Integer() },
        strict,
      ),
    ),
    /** the lowest states of health first, at most 20 */
    worst: Type.Array(BatteryPackSchema),
    /** the UTC hour of the fleet's peak of demand, when known */
    peakHour: Nullable(Type.Integer({ minimum: 0, maximum: 23 })),
  },
  { ...strict, title: 'FleetBattery' },
);
export type FleetBattery = Static<typeof FleetBatterySchema>;

/** The columns of the packs' CSV export. */
export const BATTERY_CSV_COLUMNS = [
  'packId',
  'vehicleNumber',
  'model',
  'stateOfHealth',
  'capacityWh',
  'trendPer30Days',
  'equivalentCycles',
  'cyclesReported',
  'whPerKm',
  'maxTemperatureC',
  'hotHours',
  'coldHours',
  'alert',
  'updatedAt',
] as const;

/** The audit event of a battery settings change; data: `{ from, to }` of the changed values. */
export const BATTERY_SETTINGS_CHANGED = 'BATTERY_SETTINGS_CHANGED';

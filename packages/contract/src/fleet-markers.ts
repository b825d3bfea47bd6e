// Shapes of GET fleet/markers (DESIGN §5, SPEC §7, ADR 0021): the map's columnar payload and the
// packed state of each bike.
import { Type, type Static } from '@sinclair/typebox';
import {
  ACTIVITY_STATUSES,
  AVAILABILITIES,
  IOT_MODES,
  THEFT_STATES,
  WARNING_TYPES,
  type ActivityStatus,
  type Availability,
  type IotMode,
  type TheftState,
  type WarningType,
} from './enums';
import { Nullable } from './schema-helpers';
import { fleetFilterProperties } from './fleet-filter';

const strict = { additionalProperties: false } as const;
const Count = Type.Integer({ minimum: 0 });

// ---- markers ----------------------------------------------------------------------------

const Flag = Type.Boolean({ default: true });
/**
 * SPEC §7 flags: each defaults to true; flags of one group are OR-ed, groups AND-ed. The list's
 * filters (text, availability, status, mode, warning, group) apply too, so that the map and
 * the list of the fleet screen always show the same set of bikes.
 */
export const MARKER_FLAG_GROUPS = {
  theft: ['isReportedTheft', 'isSuspectedTheft', 'isNotReportedOrSuspectedTheft'],
  status: ['isParked', 'isMoving'],
  availability: ['isAvailable', 'isInOperation', 'inTransit', 'out'],
} as const;
export const MarkersQuerySchema = Type.Object(
  {
    isReportedTheft: Type.Optional(Flag),
    isSuspectedTheft: Type.Optional(Flag),
    isNotReportedOrSuspectedTheft: Type.Optional(Flag),
    isParked: Type.Optional(Flag),
    isMoving: Type.Optional(Flag),
    isAvailable: Type.Optional(Flag),
    isInOperation: Type.Optional(Flag),
    inTransit: Type.Optional(Flag),
    out: Type.Optional(Flag),
    ...fleetFilterProperties,
  },
  strict,
);
export type MarkersQuery = Static<typeof MarkersQuerySchema>;

/**
 * Bit layout of a marker's `state` integer (ADR 0021): everything the map colours and filters
 * by, in one small number per bike. Decode with decodeMarkerState().
 *   bits 0-4   warnings, bit k = WARNING_TYPES[k]
 *   bit 5      status (ACTIVITY_STATUSES index)
 *   bits 6-7   availability (AVAILABILITIES index)
 *   bits 8-9   theft (THEFT_STATES index)
 *   bits 10-12 iotMode: 0 unknown, k + 1 = IOT_MODES[k]
 */
export const MARKER_STATE_SHIFT = {
  warnings: 0,
  status: 5,
  availability: 6,
  theft: 8,
  iotMode: 10,
} as const;

export interface MarkerState {
  warnings: WarningType[];
  status: ActivityStatus;
  availability: Availability;
  theft: TheftState;
  iotMode: IotMode | null;
}

export function decodeMarkerState(state: number): MarkerState {
  const field = (shift: number, bits: number) => (state >> shift) & ((1 << bits) - 1);
  const mode = field(MARKER_STATE_SHIFT.iotMode, 3);
  return {
    warnings: WARNING_TYPES.filter((_, bit) => (state & (1 << bit)) !== 0),
    status: ACTIVITY_STATUSES[field(MARKER_STATE_SHIFT.status, 1)] ?? 'PARKED',
    availability: AVAILABILITIES[field(MARKER_STATE_SHIFT.availability, 2)] ?? 'AVAILABLE',
    theft: THEFT_STATES[field(MARKER_STATE_SHIFT.theft, 2)] ?? 'NONE',
    iotMode: mode === 0 ? null : (IOT_MODES[mode - 1] ?? null),
  };
}

/** Coordinates of the markers are integers: degrees × 100,000 (about 1 m). */
export const MARKER_COORDINATE_SCALE = 100_000;

/**
 * Compact, columnar payload of the map (ADR 0021): one array per field, index i of every
 * array describes bike i. Bikes without a position are left out.
 */
export const MarkersSchema = Type.Object(
  {
    count: Count,
    /** the fleet's group ids; `group[i]` indexes this list (null: no group) */
    groups: Type.Array(Type.String()),
    vehicleNumber: Type.Array(Type.String()),
    /** degrees × MARKER_COORDINATE_SCALE */
    latitude: Type.Array(Type.Integer()),
    longitude: Type.Array(Type.Integer()),
    /** see MARKER_STATE_SHIFT and decodeMarkerState() */
    state: Type.Array(Type.Integer({ minimum: 0 })),
    group: Type.Array(Nullable(Type.Integer({ minimum: 0 }))),
  },
  strict,
);
export type Markers = Static<typeof MarkersSchema>;

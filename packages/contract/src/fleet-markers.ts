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

/** The value each flag stands for in its group's column (SPEC §7); the server's query builder
 * turns it into SQL (modules/fleet/queries.ts). */
export const MARKER_FLAG_VALUES = {
  isReportedTheft: 'REPORTED',
  isSuspectedTheft: 'SUSPECTED',
  isNotReportedOrSuspectedTheft: 'NONE',
  isParked: 'PARKED',
  isMoving: 'MOVING',
  isAvailable: 'AVAILABLE',
  isInOperation: 'IN_OPERATION',
  inTransit: 'TRANSIT',
  out: 'OUT',
} as const satisfies Record<
  (typeof MARKER_FLAG_GROUPS)[keyof typeof MARKER_FLAG_GROUPS][number],
  TheftState | ActivityStatus | Availability
>;

/**
 * THE marker state encoding (ADR 0021), written once: everything the map colours and filters by,
 * in one small number per bike. The server's query builder computes it in SQL from this table
 * (modules/fleet/queries.ts), the map's worker from a changed list item (encodeMarkerState),
 * and both read it back with decodeMarkerState().
 *   bits 0-4   warnings, bit k = WARNING_TYPES[k]
 *   bit 5      status (ACTIVITY_STATUSES index)
 *   bits 6-7   availability (AVAILABILITIES index)
 *   bits 8-9   theft (THEFT_STATES index)
 *   bits 10-12 iotMode: 0 unknown, k + 1 = IOT_MODES[k]
 * A field's code is its value's index + offset; a value outside the list (or null) is 0.
 */
export const MARKER_STATE_FIELDS = {
  status: { shift: 5, bits: 1, values: ACTIVITY_STATUSES, offset: 0 },
  availability: { shift: 6, bits: 2, values: AVAILABILITIES, offset: 0 },
  theft: { shift: 8, bits: 2, values: THEFT_STATES, offset: 0 },
  iotMode: { shift: 10, bits: 3, values: IOT_MODES, offset: 1 },
} as const;
export type MarkerStateField = keyof typeof MARKER_STATE_FIELDS;

/** The warnings' bits: bit k is WARNING_TYPES[k] (bits 0 to 4). */
export const MARKER_WARNING_TYPES = WARNING_TYPES;

/** Where each field starts in the state integer (warnings: bit 0). */
export const MARKER_STATE_SHIFT = {
  warnings: 0,
  status: MARKER_STATE_FIELDS.status.shift,
  availability: MARKER_STATE_FIELDS.availability.shift,
  theft: MARKER_STATE_FIELDS.theft.shift,
  iotMode: MARKER_STATE_FIELDS.iotMode.shift,
} as const;

export interface MarkerState {
  warnings: WarningType[];
  status: ActivityStatus;
  availability: Availability;
  theft: TheftState;
  iotMode: IotMode | null;
}

/** The code of a field's value: its index + offset, 0 when unknown. */
export function markerStateCode(field: MarkerStateField, value: string | null): number {
  const { values, offset } = MARKER_STATE_FIELDS[field];
  const index = value === null ? -1 : (values as readonly string[]).indexOf(value);
  return index < 0 ? 0 : index + offset;
}

export function encodeMarkerState(state: MarkerState): number {
  let encoded = 0;
  for (const warning of state.warnings) {
    const bit = MARKER_WARNING_TYPES.indexOf(warning);
    if (bit >= 0) encoded |= 1 << bit;
  }
  for (const field of Object.keys(MARKER_STATE_FIELDS) as MarkerStateField[]) {
    encoded |= markerStateCode(field, state[field]) << MARKER_STATE_FIELDS[field].shift;
  }
  return encoded;
}

export function decodeMarkerState(state: number): MarkerState {
  const code = (field: MarkerStateField) => {
    const { shift, bits, offset } = MARKER_STATE_FIELDS[field];
    return ((state >> shift) & ((1 << bits) - 1)) - offset;
  };
  const mode = code('iotMode');
  return {
    warnings: MARKER_WARNING_TYPES.filter((_, bit) => (state & (1 << bit)) !== 0),
    status: ACTIVITY_STATUSES[code('status')] ?? 'PARKED',
    availability: AVAILABILITIES[code('availability')] ?? 'AVAILABLE',
    theft: THEFT_STATES[code('theft')] ?? 'NONE',
    iotMode: mode < 0 ? null : (IOT_MODES[mode] ?? null),
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
    /** see MARKER_STATE_FIELDS and decodeMarkerState() */
    state: Type.Array(Type.Integer({ minimum: 0 })),
    group: Type.Array(Nullable(Type.Integer({ minimum: 0 }))),
  },
  strict,
);
export type Markers = Static<typeof MarkersSchema>;

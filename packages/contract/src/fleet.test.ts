import { describe, expect, it } from 'vitest';
import { MARKER_STATE_SHIFT, decodeMarkerState } from './fleet';

describe('marker state (ADR 0021)', () => {
  it('decodes every field of the packed state', () => {
    expect(decodeMarkerState(0)).toEqual({
      warnings: [],
      status: 'PARKED',
      availability: 'AVAILABLE',
      theft: 'NONE',
      iotMode: null,
    });
    const state =
      (1 | 8) +
      (1 << MARKER_STATE_SHIFT.status) +
      (3 << MARKER_STATE_SHIFT.availability) +
      (2 << MARKER_STATE_SHIFT.theft) +
      (2 << MARKER_STATE_SHIFT.iotMode);
    expect(decodeMarkerState(state)).toEqual({
      warnings: ['REPORTED_THEFT', 'LOW_VEHICLE_BATTERY'],
      status: 'MOVING',
      availability: 'OUT',
      theft: 'REPORTED',
      iotMode: 'PERMANENT',
    });
  });
});

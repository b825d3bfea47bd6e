import { describe, expect, it } from 'vitest';
import {
  MARKER_STATE_FIELDS,
  MARKER_STATE_SHIFT,
  decodeMarkerState,
  encodeMarkerState,
  matchesFleetFilter,
} from './fleet';
import type { FleetListItem } from './bike';
import { ACTIVITY_STATUSES, AVAILABILITIES, IOT_MODES, THEFT_STATES, WARNING_TYPES } from './enums';

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

describe('marker state encoding (one definition, ADR 0021)', () => {
  it('encodes what it decodes, for every value of every field', () => {
    for (const status of ACTIVITY_STATUSES)
      for (const availability of AVAILABILITIES)
        for (const theft of THEFT_STATES)
          for (const iotMode of [null, ...IOT_MODES]) {
            const state = {
              warnings: [WARNING_TYPES[0]!, WARNING_TYPES[WARNING_TYPES.length - 1]!],
              status,
              availability,
              theft,
              iotMode,
            };
            expect(decodeMarkerState(encodeMarkerState(state))).toEqual(state);
          }
  });

  it('keeps the layout of ADR 0021: warnings from bit 0, then status, availability, theft, mode', () => {
    expect(
      encodeMarkerState({
        warnings: ['REPORTED_THEFT', 'LOW_VEHICLE_BATTERY'],
        status: 'MOVING',
        availability: 'OUT',
        theft: 'REPORTED',
        iotMode: 'PERMANENT',
      }),
    ).toBe(
      (1 | 8) +
        (1 << MARKER_STATE_SHIFT.status) +
        (3 << MARKER_STATE_SHIFT.availability) +
        (2 << MARKER_STATE_SHIFT.theft) +
        (2 << MARKER_STATE_SHIFT.iotMode),
    );
    expect(MARKER_STATE_FIELDS.status.shift).toBe(WARNING_TYPES.length);
  });
});

describe('the fleet filter (one definition, DESIGN §5)', () => {
  const bike: FleetListItem = {
    vehicleNumber: 'FR-00042',
    bikeCode: 'BC-7',
    moduleId: null,
    model: 'Cargo L',
    group: null,
    availability: 'AVAILABLE',
    status: 'PARKED',
    iotMode: null,
    assistanceLocked: true,
    lockControlPending: false,
    alarmPending: false,
    modePending: false,
    bikeBatteryLevel: 50,
    iotBatteryLevel: 80,
    lastCommunicationDate: null,
    lastPositionDate: null,
    latitude: 45.7,
    longitude: 4.8,
    totalKm: 12,
    warnings: ['LOW_VEHICLE_BATTERY'],
    theft: 'NONE',
  };

  it('selects every bike without a filter, and with empty values', () => {
    expect(matchesFleetFilter(bike, {})).toBe('yes');
    expect(matchesFleetFilter(bike, { availability: [], warning: [], q: '' })).toBe('yes');
  });

  it('ORs the values of one filter and ANDs the filters', () => {
    expect(matchesFleetFilter(bike, { availability: ['OUT', 'AVAILABLE'] })).toBe('yes');
    expect(matchesFleetFilter(bike, { availability: ['AVAILABLE'], status: ['MOVING'] })).toBe(
      'no',
    );
    expect(matchesFleetFilter(bike, { warning: ['REPORTED_THEFT', 'LOW_VEHICLE_BATTERY'] })).toBe(
      'yes',
    );
    expect(matchesFleetFilter(bike, { warning: ['REPORTED_THEFT'] })).toBe('no');
  });

  it('searches the text in frame number, bike code, module and model, case-insensitive', () => {
    expect(matchesFleetFilter(bike, { q: 'cargo' })).toBe('yes');
    expect(matchesFleetFilter(bike, { q: 'bc-7' })).toBe('yes');
    expect(matchesFleetFilter(bike, { q: '00042' })).toBe('yes');
    expect(matchesFleetFilter(bike, { q: 'M-1' })).toBe('no');
  });

  it('never matches a mode filter without a mode; compares the lock', () => {
    expect(matchesFleetFilter(bike, { mode: ['PERMANENT'] })).toBe('no');
    expect(matchesFleetFilter(bike, { locked: true })).toBe('yes');
    expect(matchesFleetFilter(bike, { locked: false })).toBe('no');
  });

  it('leaves the group and the zones to the server', () => {
    const group = '00000000-0000-4000-8000-000000000001';
    expect(matchesFleetFilter(bike, { groupId: [group] })).toBe('server');
    expect(matchesFleetFilter(bike, { zone: ['IN_NO_RIDE_ZONE'] })).toBe('server');
    expect(matchesFleetFilter(bike, { zoneId: [group], status: ['MOVING'] })).toBe('no');
  });
});

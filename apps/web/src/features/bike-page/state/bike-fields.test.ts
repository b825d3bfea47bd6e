import { describe, expect, it } from 'vitest';
import { AUDIT_EVENT_NAMES, BikeSchema, EVENT_NAMES, type Bike } from '@vfm/contract';
import { createFormatters } from '../../../format/format';
import { makeBike } from '../../../testing/data-generators';
import en from '../i18n/en.json';
import {
  FIELD_GROUPS,
  eventLabel,
  expectedDelivery,
  fieldText,
  type FieldWords,
} from './bike-fields';

const words: FieldWords = {
  yes: 'Yes',
  no: 'No',
  locked: 'Locked',
  unlocked: 'Not locked',
  kg: (value) => `${value} kg`,
  speed: (value) => `${value} km/h`,
  availability: (value) => `A:${value}`,
  status: (value) => `S:${value}`,
  mode: (value) => `M:${value}`,
};

/** whether the contract lets a field be unknown (null) */
const mayBeUnknown = (schema: object | undefined) =>
  Boolean(
    (schema as { anyOf?: Array<{ type?: unknown }> } | undefined)?.anyOf?.some(
      (option) => option.type === 'null',
    ),
  );
/** a bike of which every field that may be unknown is (the contract says which), and no text */
const empty = {
  ...Object.fromEntries(
    Object.entries(makeBike()).map(([key, value]) => [
      key,
      mayBeUnknown(BikeSchema.properties[key as keyof Bike]) ? null : value,
    ]),
  ),
  hardwareVersion: '',
} as Bike;
const fields = Object.values(FIELD_GROUPS).flat();

describe('bike page fields', () => {
  it('shows a dash for every unknown value, never null or NaN', () => {
    const format = createFormatters('en', 'KM');
    for (const field of fields) {
      const text = fieldText(empty, field, format, words);
      expect(text, field).not.toMatch(/null|NaN|undefined/);
      expect(text.trim(), field).not.toBe('');
    }
    expect(fieldText(empty, 'moduleId', format, words)).toBe('—');
    expect(fieldText(empty, 'hardwareVersion', format, words)).toBe('—');
    expect(fieldText(empty, 'position', format, words)).toBe('—');
    expect(fieldText(empty, 'bikeBatteryLevel', format, words)).toBe('—');
    expect(fieldText(empty, 'averageTimePerDay', format, words)).toBe('—');
    expect(
      fieldText({ ...empty, latitude: Number.NaN, longitude: 2 }, 'position', format, words),
    ).toBe('—');
  });

  it('formats each kind of value in the language and the distance unit', () => {
    const bike: Bike = {
      ...empty,
      iotMode: 'STANDBY',
      assistanceLocked: true,
      batteryPlugged: true,
      latitude: 48.856613,
      longitude: 2.352222,
      bikeBatteryLevel: 84,
      totalKm: 1609.344,
      lastTripKm: 3.25,
      averageTimePerDayMinutes: 135,
      co2AvoidedKg: 193.1,
      speedLimit: 25,
      lastCommunicationDate: '2026-11-21T08:15:00.000Z',
    };
    const km = createFormatters('en', 'KM');
    const mi = createFormatters('fr', 'MI');
    expect(fieldText(bike, 'iotMode', km, words)).toBe('M:STANDBY');
    expect(fieldText(bike, 'assistance', km, words)).toBe('Locked');
    expect(fieldText(bike, 'batteryPlugged', km, words)).toBe('Yes');
    expect(fieldText(bike, 'position', km, words)).toBe('48.85661, 2.35222');
    expect(fieldText(bike, 'bikeBatteryLevel', km, words)).toBe('84 %');
    expect(fieldText(bike, 'totalKm', km, words)).toBe('1,609 km');
    expect(fieldText(bike, 'totalKm', mi, words)).toBe('1 000 mi'.replace(' ', '\u202f'));
    expect(fieldText(bike, 'lastTripKm', km, words)).toBe('3.3 km');
    expect(fieldText(bike, 'averageTimePerDay', km, words)).toBe('2 h 15 min');
    expect(fieldText(bike, 'co2Avoided', km, words)).toBe('193.1 kg');
    expect(fieldText(bike, 'speedLimit', km, words)).toBe('25 km/h');
    expect(fieldText(bike, 'lastCommunicationDate', km, words)).toMatch(/2026/);
  });
});

describe('history event labels', () => {
  const names = en.history.names as Record<string, string>;

  it('has a label for every event name of DESIGN §7 and the audit events', () => {
    for (const name of [...EVENT_NAMES, ...AUDIT_EVENT_NAMES]) {
      for (const source of ['MODULE', 'RIDER', 'MANAGER'] as const) {
        const key = eventLabel({ name, source });
        expect(names[key], `${name} ${source}`).toBeTruthy();
        expect(key).not.toBe('UNKNOWN');
      }
    }
  });

  it('tells a rider’s theft declaration from a manager’s, and says Unknown otherwise', () => {
    expect(eventLabel({ name: 'THEFT_DECLARED', source: 'RIDER' })).toBe('THEFT_DECLARED_RIDER');
    expect(eventLabel({ name: 'THEFT_DECLARED', source: 'MANAGER' })).toBe(
      'THEFT_DECLARED_MANAGER',
    );
    expect(eventLabel({ name: 'THEFT_CANCELLED', source: 'RIDER' })).toBe('THEFT_CANCELLED_RIDER');
    expect(eventLabel({ name: 'THEFT_CANCELLED', source: 'MANAGER' })).toBe(
      'THEFT_CANCELLED_MANAGER',
    );
    expect(eventLabel({ name: 'SELF_DESTRUCT', source: 'MODULE' })).toBe('UNKNOWN');
    expect(names.UNKNOWN).toBe('Unknown');
  });
});

describe('expected delivery of a pending command', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const command = (minutesAgo: number) => ({
    requestedAt: new Date(now - minutesAgo * 60_000).toISOString(),
    expiresAt: new Date(now + 24 * 3_600_000).toISOString(),
  });

  it('expects an answer within a minute of sending', () => {
    const bike = { iotMode: 'STORAGE' as const, lastCommunicationDate: null };
    expect(expectedDelivery(bike, command(0.5), now)).toEqual({ kind: 'soon' });
  });

  it('then expects it at the next report of the module’s mode', () => {
    const bike = {
      iotMode: 'STORAGE' as const,
      lastCommunicationDate: new Date(now - 2 * 3_600_000).toISOString(),
    };
    expect(expectedDelivery(bike, command(5), now)).toEqual({
      kind: 'at',
      time: new Date(now + 22 * 3_600_000).toISOString(),
    });
    const standby = { ...bike, iotMode: 'STANDBY' as const };
    expect(expectedDelivery(standby, command(5), now)).toMatchObject({
      kind: 'late',
      since: new Date(now - 3_600_000).toISOString(),
    });
  });

  it('says late when the mode or the last data is unknown', () => {
    const bike = { iotMode: null, lastCommunicationDate: null };
    expect(expectedDelivery(bike, command(5), now)).toMatchObject({
      kind: 'late',
      since: new Date(now - 4 * 60_000).toISOString(),
    });
  });
});

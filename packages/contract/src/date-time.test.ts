import { describe, expect, it } from 'vitest';
import { isDateTime, parseDateTime } from './date-time';

describe('parseDateTime', () => {
  it.each([
    ['2026-06-30T12:00:00Z', '2026-06-30T12:00:00.000Z'],
    ['2026-06-30t12:00:00z', '2026-06-30T12:00:00.000Z'],
    ['2026-06-30T12:00:00.123456789Z', '2026-06-30T12:00:00.123Z'],
    ['2026-06-30T14:00:00+02:00', '2026-06-30T12:00:00.000Z'],
    ['2026-06-30T14:00:00+0200', '2026-06-30T12:00:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
    ['0050-03-01T00:00:00Z', '0050-03-01T00:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
  ])('reads %s as the instant new Date() gives', (text, iso) => {
    expect(parseDateTime(text)?.toISOString()).toBe(iso);
    expect(new Date(text).toISOString()).toBe(iso);
  });

  it.each([
    '2026-06-30T23:59:60Z', // a leap second: RFC 3339, but Invalid Date
    '2026-02-30T00:00:00Z', // Date.parse rolls it over to 2 March
    '2025-02-29T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T00:00:00+01', // Invalid Date
    '2026-01-01T00:00:00+24:00',
    '2026-01-01 00:00:00Z',
    '2026-01-01T00:00:00',
    '0000-01-01T00:00:00Z', // no year 0 in PostgreSQL
    '0001-01-01T00:00:00+01:00', // year 0 in UTC
    '9999-12-31T23:59:59-14:00', // year 10000 in UTC
    '2026-01-01T00:00:00.1234567890Z',
    '',
    '2026-13-01T00:00:00Z',
  ])('refuses %s', (text) => {
    expect(parseDateTime(text)).toBeNull();
    expect(isDateTime(text)).toBe(false);
  });
});

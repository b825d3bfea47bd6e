import { describe, expect, it } from 'vitest';
import { createFormatters, toUnit } from './format';

describe('formatters', () => {
  const en = createFormatters('en', 'KM');
  const mi = createFormatters('en', 'MI');
  const fr = createFormatters('fr', 'KM');

  it('shows distances in the user unit', () => {
    expect(en.distance(1234.56)).toBe('1,234.6 km');
    expect(mi.distance(1.609344)).toBe('1 mi');
    expect(toUnit(16.09344, 'MI')).toBeCloseTo(10);
    expect(fr.distance(1234.56)).toMatch(/^1\s234,6 km$/);
  });

  it('shows a dash for what is unknown', () => {
    expect(en.distance(null)).toBe('—');
    expect(en.percent(undefined)).toBe('—');
    expect(en.dateTime(null)).toBe('—');
    expect(en.relative('not a date')).toBe('—');
  });

  it('writes relative times, durations and levels', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    expect(en.relative('2026-11-21T09:57:00Z', now)).toBe('3 minutes ago');
    expect(en.relative('2026-11-19T10:00:00Z', now)).toBe('2 days ago');
    expect(fr.relative('2026-11-21T09:00:00Z', now)).toBe('il y a 1 heure');
    expect(en.duration(135)).toBe('2 h 15 min');
    expect(en.duration(7)).toBe('7 min');
    expect(en.percent(84)).toBe('84 %');
  });
});

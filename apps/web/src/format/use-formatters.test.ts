import { describe, expect, it } from 'vitest';
import { formattersFor } from './use-formatters';

describe('formattersFor', () => {
  it('gives every component of a language and unit the same formatters, others their own', () => {
    const french = formattersFor('fr', 'KM');
    expect(formattersFor('fr', 'KM')).toBe(french);
    expect(formattersFor('fr', 'MI')).not.toBe(french);
    expect(formattersFor('fr', 'MI').distance(1.609344)).toBe('1 mi');
    expect(formattersFor('en', 'KM').number(1234.5, 1)).toBe('1,234.5');
    expect(french.number(1234.5, 1)).toBe('1\u202f234,5');
  });
});

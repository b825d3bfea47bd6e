import { describe, expect, it } from 'vitest';
import { unneutralise } from './vehicle-csv';

describe('unneutralise', () => {
  it('removes the apostrophe the export puts before a formula-looking cell, once', () => {
    expect(unneutralise("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unneutralise("'@home")).toBe('@home');
    expect(unneutralise("''=x")).toBe("''=x");
    expect(unneutralise("'plain")).toBe("'plain");
    expect(unneutralise('City 28')).toBe('City 28');
  });
});

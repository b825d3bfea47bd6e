import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads records with their line numbers, skipping blank lines', () => {
    expect(parseCsv('a,b\r\n\r\n1,2\n3,\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', '2'] },
      { line: 4, fields: ['3', ''] },
    ]);
  });

  it('handles quotes, escaped quotes, separators and new lines inside quotes, and a BOM', () => {
    expect(parseCsv('\uFEFFx,y\n"a ""b"", c","multi\nline"\nlast,"" ')).toEqual([
      { line: 1, fields: ['x', 'y'] },
      { line: 2, fields: ['a "b", c', 'multi\nline'] },
      { line: 4, fields: ['last', ' '] },
    ]);
  });

  it('refuses an unterminated quote', () => {
    expect(() => parseCsv('a\n"open')).toThrow(CsvSyntaxError);
  });
});

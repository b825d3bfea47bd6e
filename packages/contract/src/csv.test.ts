import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, csvCell, parseCsv, spreadsheetCsvLine } from './csv';

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

describe('csvCell and spreadsheetCsvLine (ADR 0022)', () => {
  it('neutralises formulas but not plain identifiers, unless told to (docs/operations.md)', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-AB1')).toBe('-AB1');
    expect(csvCell('-AB1', { identifiers: true })).toBe("'-AB1");
    expect(csvCell('AB1', { identifiers: true })).toBe('AB1');
    expect(csvCell(-33.5, { identifiers: true })).toBe('-33.5');
  });

  it('writes a line that reads back, CRLF', () => {
    const line = spreadsheetCsvLine(['a,b', 'say "hi"', null, 2]);
    expect(line).toBe('"a,b","say ""hi""",,2\r\n');
    expect(parseCsv(line)[0]!.fields).toEqual(['a,b', 'say "hi"', '', '2']);
  });
});

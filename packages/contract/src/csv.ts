// A small RFC 4180 reader for the bike import (DESIGN §5): quoted fields, "" escapes, CRLF or
// LF, a UTF-8 BOM; each record keeps the line it starts on, for per-line errors. And the one
// writer of CSV meant for spreadsheets — the server's exports and the browser's module-secrets
// file — with formula injection neutralised (ADR 0022).
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let fieldStarted = false;

  const endRecord = () => {
    fields.push(field);
    // a blank line is no record
    if (fields.length > 1 || fields[0] !== '' || fieldStarted) {
      records.push({ line: recordLine, fields });
    }
    fields = [];
    field = '';
    fieldStarted = false;
  };

  for (let i = 0; i < input.length; i += 1) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 1;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      fieldStarted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
      fieldStarted = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
  }
  if (quoted) throw new CsvSyntaxError(recordLine, 'unterminated quoted field');
  if (field !== '' || fields.length || fieldStarted) endRecord();
  return records;
}

// ---- writing for spreadsheets (ADR 0022) -------------------------------------------------

export type CsvValue = string | number | boolean | null | undefined;

export interface SpreadsheetCsvOptions {
  /**
   * Neutralise plain identifiers too. By default a cell of letters, digits . _ - is left as is
   * (no spreadsheet runs it as a function call) so that frame numbers like "-AB1" re-import
   * unchanged; but "-A1" is still read as a formula, which would change a value that must be
   * copied exactly, such as a secret (docs/operations.md).
   */
  identifiers?: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_IDENTIFIER = /^[A-Za-z0-9._-]*$/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * One cell, quoted per RFC 4180; a text cell that starts with = + - @ (or tab / carriage
 * return) gets a leading apostrophe, except plain identifiers (see `identifiers`). Numbers are
 * never altered (negative coordinates stay numbers).
 */
export function csvCell(value: CsvValue, options: SpreadsheetCsvOptions = {}): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const formula =
    FORMULA_START.test(value) && (options.identifiers || !PLAIN_IDENTIFIER.test(value));
  const text = formula ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line for a spreadsheet, ending with CRLF. */
export const spreadsheetCsvLine = (values: CsvValue[], options: SpreadsheetCsvOptions = {}) =>
  `${values.map((value) => csvCell(value, options)).join(',')}\r\n`;

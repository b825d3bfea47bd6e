// CSV cells and lines (RFC 4180, CRLF), with spreadsheet formula injection neutralised: a text
// cell that starts with = + - @ (or tab / carriage return) gets a leading apostrophe, unless it
// is a plain identifier (letters, digits . _ -), which no spreadsheet runs as a formula call —
// so frame numbers like "-AB1" stay as they are and the vehicles CSV re-imports unchanged.
// Numbers are written by the server and never altered (negative coordinates stay numbers).
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_IDENTIFIER = /^[A-Za-z0-9._-]*$/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) && !PLAIN_IDENTIFIER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: CsvValue[]) => `${values.map(csvCell).join(',')}\r\n`;

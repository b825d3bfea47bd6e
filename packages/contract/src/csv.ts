// A small RFC 4180 reader for the bike import (DESIGN §5): quoted fields, "" escapes, CRLF or
// LF, a UTF-8 BOM; each record keeps the line it starts on, for per-line errors.
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

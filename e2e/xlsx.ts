// Reads the sheets of an .xlsx file (a zip of XML) in the e2e tests: the central directory's
// entries inflated with node:zlib, each sheet's rows as strings (shared strings resolved).
import { inflateRawSync } from 'node:zlib';

function unzip(file: Buffer): Map<string, Buffer> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip file');
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = file.readUInt16LE(at + 10);
    const size = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const skip = nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    const name = file.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = file.readUInt32LE(at + 42);
    const data = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const raw = file.subarray(data, data + size);
    entries.set(name, method === 8 ? inflateRawSync(raw) : raw);
    at += 46 + skip;
  }
  return entries;
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Each sheet (in the workbook's order) as rows of cell texts. */
export function readXlsx(file: Buffer): string[][][] {
  const entries = unzip(file);
  const strings = [
    ...(entries.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(
      /<si>(?:<t[^>]*>([\s\S]*?)<\/t>)?[\s\S]*?<\/si>/g,
    ),
  ].map((m) => unescape(m[1] ?? ''));
  const sheets: string[][][] = [];
  for (let n = 1; entries.has(`xl/worksheets/sheet${n}.xml`); n++) {
    const xml = entries.get(`xl/worksheets/sheet${n}.xml`)!.toString('utf8');
    sheets.push(
      [...xml.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
        [...row[1]!.matchAll(/<c([^>]*?)(?:\/>|>(?:<v>([\s\S]*?)<\/v>)?[\s\S]*?<\/c>)/g)].map(
          (cell) => (/ t="s"/.test(cell[1]!) ? strings[Number(cell[2])]! : unescape(cell[2] ?? '')),
        ),
      ),
    );
  }
  return sheets;
}

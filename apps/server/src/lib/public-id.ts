// Public ids made from a name: a readable part (ASCII, lower case, dashes, at most 40
// characters) and a random hexadecimal part, so that the id says what it names and still
// cannot be guessed nor derived from VFM's own identifiers (GBFS system ids, MDS client ids).
import { randomBytes } from 'node:crypto';

export function readablePublicId(name: string, fallback: string, randomByteCount: number): string {
  const readable = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${readable || fallback}-${randomBytes(randomByteCount).toString('hex')}`;
}

// What every package store is (package-store.ts, s3-store.ts; ADR 0129, ADR 0134): the
// interface the routes use, and the one check of a package's key.
import type { Readable } from 'node:stream';

export interface StoredUpload {
  /** makes the upload the key's package */
  commit(): Promise<void>;
  /** drops it (a refused upload) */
  discard(): Promise<void>;
}

export interface PackageStore {
  /** writes the stream aside; `commit` makes it the key's, `discard` drops it */
  put(key: string, body: Readable): Promise<StoredUpload>;
  /** bytes [start, end] (inclusive) of a stored package; rejects before any byte if it cannot */
  read(key: string, start: number, end: number): Promise<Readable>;
  remove(key: string): Promise<void>;
}

/** A package's key: its id (a UUID), nothing a path or an object name could be tricked with. */
export function checkKey(key: string): string {
  if (!/^[A-Za-z0-9-]+$/.test(key)) throw new Error('bad package key');
  return key;
}

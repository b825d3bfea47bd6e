// Where package bytes live (ADR 0129, docs/firmware.md "Storage"). The store is an interface
// so that an S3-compatible one (a bucket set by FIRMWARE_S3_* variables, range reads with the
// `Range` header of GetObject) can be added beside the file store without touching the
// routes: `put` takes a stream and never holds a whole package in memory, `read` gives a
// byte range as a stream.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface PackageStore {
  /** writes the stream under a temporary name; `commit` makes it the key's, `discard` drops it */
  put(key: string, body: Readable): Promise<{ commit(): Promise<void>; discard(): Promise<void> }>;
  /** bytes [start, end] (inclusive) of a stored package */
  read(key: string, start: number, end: number): Readable;
  remove(key: string): Promise<void>;
}

/** Packages as files of DATA_DIR/firmware, one per package id. */
export class FileStore implements PackageStore {
  constructor(private readonly dir: string) {}

  private file(key: string) {
    if (!/^[A-Za-z0-9-]+$/.test(key)) throw new Error('bad package key');
    return path.join(this.dir, `${key}.bin`);
  }

  async put(key: string, body: Readable) {
    await mkdir(this.dir, { recursive: true });
    const final = this.file(key);
    const temporary = `${final}.part`;
    try {
      await pipeline(body, createWriteStream(temporary));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return {
      commit: () => rename(temporary, final),
      discard: () => rm(temporary, { force: true }),
    };
  }

  read(key: string, start: number, end: number): Readable {
    return createReadStream(this.file(key), { start, end });
  }

  async remove(key: string) {
    await rm(this.file(key), { force: true });
  }
}

const stores = new Map<string, PackageStore>();
/** The store of a data directory (FIRMWARE_STORE=file, the default). */
export function packageStore(dir: string): PackageStore {
  let store = stores.get(dir);
  if (!store) stores.set(dir, (store = new FileStore(dir)));
  return store;
}

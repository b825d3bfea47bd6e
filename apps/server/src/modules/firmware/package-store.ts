// Where package bytes live (ADR 0129, ADR 0134, docs/firmware.md "Storage"): an interface, so
// that the routes never know which store holds them — the file store in DATA_DIR/firmware (the
// default) or an S3-compatible bucket (FIRMWARE_STORE=s3, s3-store.ts). `put` takes a stream
// and never holds a whole package in memory; `read` gives a byte range as a stream.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FirmwareS3Config } from '../../config/firmware-config';
import { checkKey, type PackageStore } from './package-key';
import { S3Store } from './s3-store';

export { checkKey, type PackageStore, type StoredUpload } from './package-key';

/** Packages as files of DATA_DIR/firmware, one per package id. */
export class FileStore implements PackageStore {
  constructor(private readonly dir: string) {}

  private file(key: string) {
    return path.join(this.dir, `${checkKey(key)}.bin`);
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

  async read(key: string, start: number, end: number): Promise<Readable> {
    await stat(this.file(key));
    return createReadStream(this.file(key), { start, end });
  }

  async remove(key: string) {
    await rm(this.file(key), { force: true });
  }
}

export type StoreSpec = { kind: 'file'; dir: string } | { kind: 's3'; s3: FirmwareS3Config };

const fileStores = new Map<string, PackageStore>();
const s3Stores = new WeakMap<FirmwareS3Config, PackageStore>();
/** The store a configuration names (one instance per folder, or per bucket configuration). */
export function packageStore(spec: StoreSpec): PackageStore {
  if (spec.kind === 's3') {
    let store = s3Stores.get(spec.s3);
    if (!store) s3Stores.set(spec.s3, (store = new S3Store(spec.s3)));
    return store;
  }
  let store = fileStores.get(spec.dir);
  if (!store) fileStores.set(spec.dir, (store = new FileStore(spec.dir)));
  return store;
}

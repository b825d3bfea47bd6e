// The built files of the feed, kept per process for their ttl (docs/open-data.md: vehicle_status of
// 100,000 bikes is built at most once per ttl and fleet, whatever the number of readers);
// concurrent readers of a file being built share the build. A key carries the publication's
// version, so a change of the settings is seen at once.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);

export interface FeedFile {
  /** the JSON text */
  body: string;
  /** a weak ETag of the text (weak: the same text leaves gzipped or not) */
  etag: string;
  /** seconds a reader may keep it (Cache-Control max-age) */
  ttl: number;
  /** the text gzipped once per build (large files only): readers never compress it again */
  gzipped?: Buffer;
}

interface Entry {
  expiresAt: number;
  file: Promise<FeedFile>;
}

/** at most this many files are kept (six per published fleet and the manifest) */
const MAX_ENTRIES = 6_000;

export class FeedCache {
  private readonly entries = new Map<string, Entry>();

  async get(key: string, nowMs: number, build: () => Promise<FeedFile>): Promise<FeedFile> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > nowMs) return entry.file;
    if (this.entries.size >= MAX_ENTRIES) this.sweep(nowMs);
    const file = build();
    const fresh: Entry = { expiresAt: Number.POSITIVE_INFINITY, file };
    this.entries.set(key, fresh);
    try {
      const built = await file;
      fresh.expiresAt = nowMs + built.ttl * 1000;
      return built;
    } catch (error) {
      if (this.entries.get(key) === fresh) this.entries.delete(key);
      throw error;
    }
  }

  private sweep(nowMs: number) {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= nowMs) this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
  }
}

/** files at least this long are kept gzipped too (vehicle_status of a large fleet) */
const GZIP_FROM_BYTES = 16 * 1024;

/** The file of a GBFS document: `{ last_updated, ttl, version, data }`. */
export async function feedFile(data: unknown, ttl: number, lastUpdated: Date): Promise<FeedFile> {
  const body = JSON.stringify({
    last_updated: rfc3339(lastUpdated),
    ttl,
    version: '3.0',
    data,
  });
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  if (body.length < GZIP_FROM_BYTES) return { body, etag, ttl };
  return { body, etag, ttl, gzipped: await gzip(body, { level: 6 }) };
}

/** RFC 3339 in UTC, to the second. */
export const rfc3339 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

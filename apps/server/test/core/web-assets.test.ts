// The web app's assets leave as the build compressed them (ADR 0140): name.br or name.gz sent as
// they are, chosen by the browser's Accept-Encoding, never compressed again per request; an
// asset the build left uncompressed is still compressed on the fly.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let t: TestServer;
let webDir: string;
const script = Buffer.from(`export const bikes = ${JSON.stringify(Array(2000).fill('VFM'))};\n`);
// what the build writes beside the asset: bytes of its own, so that a recompression shows
const brotli = zlib.brotliCompressSync(script);
const gzip = zlib.gzipSync(script, { level: 9 });

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'vfm-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>VFM</title>');
  await writeFile(path.join(webDir, 'assets/app-1234.js'), script);
  await writeFile(path.join(webDir, 'assets/app-1234.js.br'), brotli);
  await writeFile(path.join(webDir, 'assets/app-1234.js.gz'), gzip);
  await writeFile(path.join(webDir, 'assets/late-5678.js'), script);
  t = await startTestServer({ env: { WEB_DIR: webDir } });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

/** the raw answer: status, headers and the bytes as sent (fetch would decompress them) */
function rawGet(pathname: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = http.get(
        `${t.url}${pathname}`,
        { headers: { 'accept-encoding': acceptEncoding } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      request.on('error', reject);
    },
  );
}

describe('web assets', () => {
  it('are sent as the build compressed them, brotli first, with a year of cache', async () => {
    const res = await rawGet('/assets/app-1234.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.equals(brotli)).toBe(true);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('fall back to the gzip file, then to the plain one', async () => {
    const gz = await rawGet('/assets/app-1234.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(gzip)).toBe(true);
    const plain = await rawGet('/assets/app-1234.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(script)).toBe(true);
  });

  it('an asset without compressed files is compressed on the fly', async () => {
    const res = await rawGet('/assets/late-5678.js', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).equals(script)).toBe(true);
  });
});

// The S3-compatible package store (ADR 0134, docs/firmware.md "Storage") against a local
// receiver that checks every request's SigV4 signature and payload hash (helpers/s3-receiver):
// the store alone (one-part and multipart uploads, commit and discard, ranged reads, delete,
// a wrong secret), then a server configured with FIRMWARE_STORE=s3 — the upload, a module's
// ranged download and the delete reach the bucket, and the secret shows in no error.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, XSRF_COOKIE } from '@vfm/contract';
import { ConfigError, loadConfig } from '../../src/config/config';
import type { FirmwareS3Config } from '../../src/config/firmware-config';
import { PART_BYTES, S3Error, S3Store } from '../../src/modules/firmware/s3-store';
import { runFirmwareTick } from '../../src/modules/firmware/tick';
import { createFleetWithUsers } from '../helpers/factories';
import { startIotTestServer, waitFor } from '../helpers/mqtt';
import { startS3Receiver, type S3Receiver } from '../helpers/s3-receiver';
import type { TestServer } from '../helpers/server';
import { firmwareModule } from './module-double';

let s3: S3Receiver;
const configOf = (receiver: S3Receiver, overrides: Partial<FirmwareS3Config> = {}) => ({
  endpoint: receiver.url,
  bucket: receiver.bucket,
  region: receiver.region,
  accessKeyId: receiver.accessKeyId,
  secretAccessKey: receiver.secretAccessKey,
  pathStyle: true,
  prefix: 'vfm/firmware/',
  ...overrides,
});
const bytes = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
/** a stream in chunks of 64 KiB, as a multipart body arrives */
const streamOf = (file: Buffer) =>
  Readable.from(
    Array.from({ length: Math.ceil(file.length / 65_536) }, (_, i) =>
      file.subarray(i * 65_536, (i + 1) * 65_536),
    ),
  );

beforeAll(async () => {
  s3 = await startS3Receiver();
});
afterAll(async () => {
  await s3?.close();
});

describe('the S3 store', () => {
  it('keeps a small package as one signed PutObject at commit, reads ranges, deletes', async () => {
    const store = new S3Store(configOf(s3));
    const file = randomBytes(50_000);
    const key = 'a1b2c3d4-0000-4000-8000-000000000001';
    const object = `vfm/firmware/${key}.bin`;
    s3.requests.length = 0;
    const upload = await store.put(key, streamOf(file));
    expect(s3.requests).toEqual([]); // nothing visible before the commit
    await upload.commit();
    expect(s3.objects.get(object)).toEqual(file);
    expect(await bytes(await store.read(key, 100, 199))).toEqual(file.subarray(100, 200));
    expect(await bytes(await store.read(key, 0, file.length - 1))).toEqual(file);
    await store.remove(key);
    expect(s3.objects.has(object)).toBe(false);
    expect(s3.requests.map((r) => [r.method, r.key, r.range, r.status])).toEqual([
      ['PUT', object, null, 200],
      ['GET', object, 'bytes=100-199', 206],
      ['GET', object, `bytes=0-${file.length - 1}`, 206],
      ['DELETE', object, null, 204],
    ]);
    // the upload's payload is signed (its SHA-256), not UNSIGNED-PAYLOAD
    expect(s3.requests[0]!.payload).toBe(createHash('sha256').update(file).digest('hex'));
    // a package never stored: the read fails before any byte
    await expect(store.read(key, 0, 10)).rejects.toMatchObject({ status: 404, code: 'NoSuchKey' });
  });

  it('sends a large package in parts as they come, completed at commit or aborted', async () => {
    const store = new S3Store(configOf(s3, { prefix: '' }));
    const file = randomBytes(PART_BYTES + 300_000);
    const key = 'a1b2c3d4-0000-4000-8000-000000000002';
    s3.requests.length = 0;
    const upload = await store.put(key, streamOf(file));
    expect(s3.objects.has(`${key}.bin`)).toBe(false);
    await upload.commit();
    // (Buffer.equals: a deep comparison of 8 MiB byte by byte takes minutes)
    expect(s3.objects.get(`${key}.bin`)?.equals(file)).toBe(true);
    expect(
      s3.requests.map((r) => [r.method, r.query.partNumber ?? null, r.bytes, r.status]),
    ).toEqual([
      ['POST', null, 0, 200],
      ['PUT', '1', PART_BYTES, 200],
      ['PUT', '2', 300_000, 200],
      ['POST', null, expect.any(Number), 200],
    ]);
    const across = await bytes(await store.read(key, PART_BYTES - 5, PART_BYTES + 4));
    expect(across.equals(file.subarray(PART_BYTES - 5, PART_BYTES + 5))).toBe(true);
    // a refused upload (discard) leaves nothing, nor an upload open
    const refused = await store.put('a1b2c3d4-0000-4000-8000-000000000003', streamOf(file));
    await refused.discard();
    expect(s3.objects.has('a1b2c3d4-0000-4000-8000-000000000003.bin')).toBe(false);
    expect(s3.uploads.size).toBe(0);
    // a stream that breaks (the size limit, a client gone) aborts the upload
    const broken = Readable.from(
      (async function* () {
        yield file.subarray(0, PART_BYTES + 10);
        throw new Error('too large');
      })(),
    );
    await expect(store.put('a1b2c3d4-0000-4000-8000-000000000004', broken)).rejects.toThrow(
      'too large',
    );
    expect(s3.uploads.size).toBe(0);
    await store.remove(key);
  });

  it('is refused with a wrong secret, and no error shows the secret', async () => {
    const wrong = 'not/the/right/secret/0123456789abcdefghijk';
    const store = new S3Store(configOf(s3, { secretAccessKey: wrong }));
    const upload = await store.put(
      'a1b2c3d4-0000-4000-8000-000000000005',
      streamOf(randomBytes(10)),
    );
    const failure = await upload.commit().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(S3Error);
    expect(failure).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    expect(JSON.stringify(failure) + String(failure)).not.toContain(wrong);
    expect(s3.requests.at(-1)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('is configured by variables, each missing one named (and the secret never)', () => {
    const base = { NODE_ENV: 'test', FIRMWARE_STORE: 's3' };
    let problem: unknown = null;
    try {
      loadConfig({ ...base, FIRMWARE_S3_SECRET_KEY: 'top-secret-value-0123456789' });
    } catch (error) {
      problem = error;
    }
    expect(problem).toBeInstanceOf(ConfigError);
    expect(String(problem)).toContain(
      'FIRMWARE_STORE=s3 needs FIRMWARE_S3_ENDPOINT, FIRMWARE_S3_BUCKET, FIRMWARE_S3_ACCESS_KEY',
    );
    expect(String(problem)).not.toContain('top-secret-value');
    const config = loadConfig({
      ...base,
      FIRMWARE_S3_ENDPOINT: 'http://127.0.0.1:9000/',
      FIRMWARE_S3_BUCKET: 'fw-bucket',
      FIRMWARE_S3_ACCESS_KEY: 'AK',
      FIRMWARE_S3_SECRET_KEY: 'SK',
      FIRMWARE_S3_PATH_STYLE: 'false',
      FIRMWARE_PACE_PER_MINUTE: '250',
    });
    expect(config.firmware).toMatchObject({
      store: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'fw-bucket',
        region: 'us-east-1',
        pathStyle: false,
      },
      defaults: { canaryPercent: 10, pacePerMinute: 250, maxFailurePercent: 20 },
    });
    expect(() => loadConfig({ NODE_ENV: 'test', FIRMWARE_STORE: 'ftp' })).toThrow(
      'FIRMWARE_STORE must be file or s3',
    );
  });
});

describe('a server with FIRMWARE_STORE=s3', () => {
  let t: TestServer;
  let cast: Awaited<ReturnType<typeof createFleetWithUsers>>;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    t = await startIotTestServer({
      env: {
        FIRMWARE_STORE: 's3',
        FIRMWARE_S3_ENDPOINT: s3.url,
        FIRMWARE_S3_BUCKET: s3.bucket,
        FIRMWARE_S3_REGION: s3.region,
        FIRMWARE_S3_ACCESS_KEY: s3.accessKeyId,
        FIRMWARE_S3_SECRET_KEY: s3.secretAccessKey,
        FIRMWARE_S3_PREFIX: 'fleet-packages/',
        FIRMWARE_MAX_BYTES: '200000',
      },
    });
    t.config.firmware.baseUrl = t.url;
    cast = await createFleetWithUsers(t);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
    await t?.close();
  });

  const upload = async (version: string, file: Buffer) => {
    const form = new FormData();
    form.append('version', version);
    form.append('moduleModel', 'VFM-IOT-3');
    form.append('file', new Blob([file]), 'fw.bin');
    const response = await fetch(`${t.url}${API_PREFIX}/firmware/packages`, {
      method: 'POST',
      body: form,
      headers: {
        'x-api-key': 'test-api-key',
        authorization: `Bearer ${cast.adminToken}`,
        cookie: `${XSRF_COOKIE}=x`,
        'x-xsrf-token': 'x',
      },
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  it('stores the upload in the bucket, serves a module its ranges from it, deletes it there', async () => {
    s3.requests.length = 0;
    const file = randomBytes(30_000);
    const created = await upload('3.0.0', file);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.sha256).toBe(createHash('sha256').update(file).digest('hex'));
    const object = `fleet-packages/${created.body.id}.bin`;
    expect(s3.objects.get(object)).toEqual(file);

    // a module's offer: its download reads the bucket by ranges
    const admin = t.api({ token: cast.adminToken });
    const m = await firmwareModule(t, cast.fleet);
    clients.push(m.client);
    m.behaviour = 'ignore';
    const campaign = await admin.post('firmware/campaigns', {
      packageId: created.body.id,
      name: 'From the bucket',
      target: { vehicleNumbers: [m.bike.vehicleNumber] },
      canaryPercent: 0,
    });
    expect(campaign.status).toBe(201);
    await runFirmwareTick(t.server.database, t.clock.now());
    const offer = await waitFor(() => m.offers[0], 15_000, 'the offer');
    const part = await fetch(offer.url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(file.subarray(1000, 2000));
    const whole = await fetch(offer.url);
    expect(
      createHash('sha256')
        .update(Buffer.from(await whole.arrayBuffer()))
        .digest('hex'),
    ).toBe(offer.sha256);
    await admin.post(`firmware/campaigns/${campaign.body.id}/abort`);

    // another package, never used: its delete reaches the bucket
    const spare = await upload('3.0.1', randomBytes(1_000));
    expect((await admin.delete(`firmware/packages/${spare.body.id}`)).status).toBe(204);
    expect(s3.objects.has(`fleet-packages/${spare.body.id}.bin`)).toBe(false);

    expect(
      s3.requests.map((r) => [r.method, r.key.replace(/[0-9a-f-]{36}/, 'ID'), r.range, r.status]),
    ).toEqual([
      ['PUT', 'fleet-packages/ID.bin', null, 200],
      ['GET', 'fleet-packages/ID.bin', 'bytes=1000-1999', 206],
      ['GET', 'fleet-packages/ID.bin', `bytes=0-${file.length - 1}`, 206],
      ['PUT', 'fleet-packages/ID.bin', null, 200],
      ['DELETE', 'fleet-packages/ID.bin', null, 204],
    ]);
  });

  it('refuses a package over FIRMWARE_MAX_BYTES (413) and leaves nothing in the bucket', async () => {
    const objects = s3.objects.size;
    s3.requests.length = 0;
    const big = await upload('3.1.0', randomBytes(200_001));
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PACKAGE_TOO_LARGE');
    expect(s3.objects.size).toBe(objects);
    expect(s3.uploads.size).toBe(0);
    expect(s3.requests).toEqual([]);
  });
});

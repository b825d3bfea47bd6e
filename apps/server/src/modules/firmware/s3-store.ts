// Packages in an S3-compatible bucket (ADR 0134, docs/firmware.md "Storage"): FIRMWARE_STORE=s3
// and FIRMWARE_S3_*. Requests are signed with AWS Signature V4 by aws4fetch (MIT, no
// dependency, fetch and WebCrypto); the rest is the S3 API itself:
// - `put` reads the upload in parts of PART_BYTES (never the whole package in memory): a
//   package of one part is kept for a PutObject at `commit`; a larger one is a multipart upload
//   whose parts go as they come, completed at `commit`, aborted at `discard` or on an error —
//   nothing is visible under the key before `commit`. Each part's SHA-256 is signed.
// - `read` is a GetObject with `Range`, streamed; `remove` a DeleteObject.
// The secret stays in the signer: errors name the operation and S3's code only.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { FirmwareS3Config } from '../../config/firmware-config';
import { checkKey, type PackageStore, type StoredUpload } from './package-key';

/** S3's parts are at least 5 MiB but the last; 8 MiB held at most per upload */
export const PART_BYTES = 8 * 1024 * 1024;

export class S3Error extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`S3 ${operation} answered ${status}${code ? ` ${code}` : ''}`);
    this.name = 'S3Error';
  }
}

const sha256 = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');
const tag = (xml: string, name: string) =>
  new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? null;
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export class S3Store implements PackageStore {
  private readonly signer: AwsClient;

  constructor(private readonly s3: FirmwareS3Config) {
    this.signer = new AwsClient({
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      service: 's3',
      region: s3.region,
    });
  }

  /** the object's address, path-style or virtual-hosted */
  private url(key: string, query = ''): string {
    const object = `${this.s3.prefix}${checkKey(key)}.bin`;
    const url = new URL(this.s3.endpoint);
    const base = url.pathname.replace(/\/+$/, '');
    if (this.s3.pathStyle) url.pathname = `${base}/${this.s3.bucket}/${object}`;
    else {
      url.hostname = `${this.s3.bucket}.${url.hostname}`;
      url.pathname = `${base}/${object}`;
    }
    return `${url.toString()}${query}`;
  }

  private async call(
    operation: string,
    url: string,
    init: { method: string; body?: Buffer | string; headers?: Record<string, string> },
    ok: number[],
  ): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['x-amz-content-sha256'] = sha256(init.body);
    const response = await this.signer.fetch(url, {
      method: init.method,
      headers,
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    if (!ok.includes(response.status)) {
      const text = await response.text().catch(() => '');
      throw new S3Error(operation, response.status, tag(text, 'Code'));
    }
    return response;
  }

  async put(key: string, body: Readable): Promise<StoredUpload> {
    const url = this.url(key);
    let uploadId: string | null = null;
    const parts: Array<{ number: number; etag: string }> = [];
    let held: Buffer[] = [];
    let heldBytes = 0;
    const sendPart = async (part: Buffer) => {
      if (uploadId === null) {
        const started = await this.call(
          'CreateMultipartUpload',
          `${url}?uploads`,
          { method: 'POST', body: '' },
          [200],
        );
        uploadId = tag(await started.text(), 'UploadId');
        if (!uploadId) throw new S3Error('CreateMultipartUpload', 200, 'NoUploadId');
      }
      const number = parts.length + 1;
      const query = `?partNumber=${number}&uploadId=${encodeURIComponent(uploadId)}`;
      const sent = await this.call(
        'UploadPart',
        `${url}${query}`,
        { method: 'PUT', body: part },
        [200],
      );
      await sent.body?.cancel();
      parts.push({ number, etag: sent.headers.get('etag') ?? '' });
    };
    const abort = async () => {
      if (uploadId === null) return;
      const query = `?uploadId=${encodeURIComponent(uploadId)}`;
      await this.call(
        'AbortMultipartUpload',
        `${url}${query}`,
        { method: 'DELETE' },
        [204, 200, 404],
      );
    };
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        held.push(chunk);
        heldBytes += chunk.length;
        while (heldBytes >= PART_BYTES) {
          const all = Buffer.concat(held);
          held = [all.subarray(PART_BYTES)];
          heldBytes = all.length - PART_BYTES;
          await sendPart(all.subarray(0, PART_BYTES));
        }
      }
      if (uploadId !== null && heldBytes > 0) await sendPart(Buffer.concat(held));
    } catch (error) {
      await abort().catch(() => {});
      throw error;
    }
    if (uploadId === null) {
      const whole = Buffer.concat(held);
      held = [];
      return {
        commit: async () => {
          const put = await this.call('PutObject', url, { method: 'PUT', body: whole }, [200]);
          await put.body?.cancel();
        },
        discard: async () => {},
      };
    }
    const query = `?uploadId=${encodeURIComponent(uploadId)}`;
    return {
      commit: async () => {
        const xml = `<CompleteMultipartUpload>${parts
          .map(
            (p) =>
              `<Part><PartNumber>${p.number}</PartNumber><ETag>${escapeXml(p.etag)}</ETag></Part>`,
          )
          .join('')}</CompleteMultipartUpload>`;
        const done = await this.call(
          'CompleteMultipartUpload',
          `${url}${query}`,
          {
            method: 'POST',
            body: xml,
            headers: { 'content-type': 'application/xml' },
          },
          [200],
        );
        // S3 may answer 200 with an error in the body
        const text = await done.text();
        if (text.includes('<Error>'))
          throw new S3Error('CompleteMultipartUpload', 200, tag(text, 'Code'));
      },
      discard: abort,
    };
  }

  async read(key: string, start: number, end: number): Promise<Readable> {
    const response = await this.call(
      'GetObject',
      this.url(key),
      {
        method: 'GET',
        headers: { range: `bytes=${start}-${end}` },
      },
      [206, 200],
    );
    if (!response.body) throw new S3Error('GetObject', response.status, 'NoBody');
    // a service that ignored the range answers the whole object: usable only if that is the range
    const length = Number(response.headers.get('content-length'));
    if (response.status === 200 && (start !== 0 || length !== end - start + 1)) {
      await response.body.cancel();
      throw new S3Error('GetObject', 200, 'RangeIgnored');
    }
    return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  }

  async remove(key: string): Promise<void> {
    const removed = await this.call(
      'DeleteObject',
      this.url(key),
      { method: 'DELETE' },
      [204, 200, 404],
    );
    await removed.body?.cancel();
  }
}

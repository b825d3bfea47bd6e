// A local S3-compatible receiver (ADR 0134) for the firmware store's tests: an HTTP server on
// 127.0.0.1 that checks each request's AWS Signature V4 (its own implementation, not the
// server's library: a signature it accepts is one S3 would) and the signed payload's SHA-256,
// keeps objects in memory and answers the part of the S3 API the store uses, path-style —
// PutObject, GetObject (with Range), DeleteObject, and the multipart upload (create, parts,
// complete, abort), with S3's rule that every part but the last has at least 5 MiB. Every
// request is kept (method, key, query, range, status) for the test to assert.
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Request {
  method: string;
  key: string;
  query: Record<string, string>;
  range: string | null;
  bytes: number;
  /** the x-amz-content-sha256 header: a hex SHA-256 (signed payload) or UNSIGNED-PAYLOAD */
  payload: string;
  status: number;
  code: string | null;
}

export interface S3Receiver {
  /** the endpoint (FIRMWARE_S3_ENDPOINT) */
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, Buffer>;
  /** multipart uploads not completed nor aborted */
  uploads: Map<string, { key: string; parts: Map<number, Buffer> }>;
  requests: S3Request[];
  close(): Promise<void>;
}

const MIN_PART = 5 * 1024 * 1024;
const hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();
/** RFC 3986, as SigV4 wants it */
const encode = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

interface Answer {
  status: number;
  code?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

function error(status: number, code: string): Answer {
  return {
    status,
    code,
    body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`,
  };
}

/** null when the request is signed with this key pair, else the S3 error code */
function checkSignature(
  request: http.IncomingMessage,
  url: URL,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): string | null {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? '',
    );
  if (!auth) return 'AccessDenied';
  const [, accessKeyId, day, region, signedHeaders, signature] = auth;
  if (accessKeyId !== keys.accessKeyId) return 'InvalidAccessKeyId';
  if (region !== keys.region) return 'AuthorizationHeaderMalformed';
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day!)) return 'AccessDenied';
  const at = Date.parse(
    amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  if (!(Math.abs(Date.now() - at) < 15 * 60_000)) return 'RequestTimeTooSkewed';
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-content-sha256')) return 'AccessDenied';
  const query = [...url.searchParams]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = names
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [
    request.method,
    url.pathname,
    query,
    headers,
    signedHeaders,
    request.headers['x-amz-content-sha256'],
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, hex(canonical)].join('\n');
  let key = hmac(`AWS4${keys.secretAccessKey}`, day!);
  for (const part of [region!, 's3', 'aws4_request']) key = hmac(key, part);
  return hmac(key, toSign).toString('hex') === signature ? null : 'SignatureDoesNotMatch';
}

export async function startS3Receiver(
  options: {
    bucket?: string;
    region?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
  } = {},
): Promise<S3Receiver> {
  const receiver: S3Receiver = {
    url: '',
    bucket: options.bucket ?? 'vfm-firmware',
    region: options.region ?? 'eu-west-3',
    accessKeyId: options.accessKeyId ?? 'AKIAVFMTEST000000001',
    secretAccessKey: options.secretAccessKey ?? 'vfm/test/secret/key/0123456789abcdefghijk',
    objects: new Map(),
    uploads: new Map(),
    requests: [],
    close: async () => {},
  };
  let nextUpload = 0;

  function answer(request: http.IncomingMessage, url: URL, key: string, body: Buffer): Answer {
    const q = url.searchParams;
    const method = request.method;
    if (method === 'POST' && q.has('uploads')) {
      const id = `upload-${(nextUpload += 1)}`;
      receiver.uploads.set(id, { key, parts: new Map() });
      return {
        status: 200,
        body: `<InitiateMultipartUploadResult><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      };
    }
    const upload = q.get('uploadId');
    if (upload !== null) {
      const found = receiver.uploads.get(upload);
      if (!found || found.key !== key) return error(404, 'NoSuchUpload');
      if (method === 'PUT') {
        const number = Number(q.get('partNumber'));
        if (!Number.isInteger(number) || number < 1 || number > 10_000)
          return error(400, 'InvalidArgument');
        found.parts.set(number, body);
        return { status: 200, headers: { etag: `"${hex(body).slice(0, 32)}"` } };
      }
      if (method === 'DELETE') {
        receiver.uploads.delete(upload);
        return { status: 204 };
      }
      if (method === 'POST') {
        const listed = [
          ...body
            .toString()
            .matchAll(/<Part><PartNumber>(\d+)<\/PartNumber><ETag>([^<]*)<\/ETag><\/Part>/g),
        ];
        const parts = listed.map(([, n, etag]) => ({
          part: found.parts.get(Number(n)),
          etag: etag!.replace(/&quot;/g, '"'),
        }));
        if (
          !parts.length ||
          parts.some((p) => !p.part || p.etag !== `"${hex(p.part).slice(0, 32)}"`)
        )
          return error(400, 'InvalidPart');
        if (parts.slice(0, -1).some((p) => p.part!.length < MIN_PART))
          return error(400, 'EntityTooSmall');
        receiver.objects.set(key, Buffer.concat(parts.map((p) => p.part!)));
        receiver.uploads.delete(upload);
        return {
          status: 200,
          body: '<CompleteMultipartUploadResult></CompleteMultipartUploadResult>',
        };
      }
      return error(405, 'MethodNotAllowed');
    }
    if (method === 'PUT') {
      receiver.objects.set(key, body);
      return { status: 200, headers: { etag: `"${hex(body).slice(0, 32)}"` } };
    }
    if (method === 'DELETE') {
      receiver.objects.delete(key);
      return { status: 204 };
    }
    if (method === 'GET') {
      const object = receiver.objects.get(key);
      if (!object) return error(404, 'NoSuchKey');
      const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
      if (!range) return { status: 200, body: object };
      const start = Number(range[1]);
      const end = Math.min(range[2] ? Number(range[2]) : object.length - 1, object.length - 1);
      if (start > end) return error(416, 'InvalidRange');
      return {
        status: 206,
        body: object.subarray(start, end + 1),
        headers: { 'content-range': `bytes ${start}-${end}/${object.length}` },
      };
    }
    return error(405, 'MethodNotAllowed');
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      const payload = String(request.headers['x-amz-content-sha256'] ?? '');
      const denied = checkSignature(request, url, receiver);
      const result: Answer =
        bucket !== receiver.bucket
          ? error(404, 'NoSuchBucket')
          : denied
            ? error(403, denied)
            : payload !== 'UNSIGNED-PAYLOAD' && payload !== hex(body)
              ? error(400, 'XAmzContentSHA256Mismatch')
              : answer(request, url, key, body);
      receiver.requests.push({
        method: request.method ?? '',
        key,
        query: Object.fromEntries(url.searchParams),
        range: request.headers.range ?? null,
        bytes: body.length,
        payload,
        status: result.status,
        code: result.code ?? null,
      });
      response.writeHead(result.status, result.headers);
      response.end(result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

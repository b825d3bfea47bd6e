// One HTTP request on its own socket (node:http, no pooling), with the headers of an API call.
// An event stream answer is closed as soon as its headers arrive: its status is what counts.
import http from 'node:http';
import { API_PREFIX } from '@vfm/contract';
import { TEST_API_KEY, type TestServer } from './server';

export interface RawAnswer {
  status: number;
  contentType: string;
  text: string;
}

export interface RawRequest {
  method: string;
  /** path under the API prefix, with its query string */
  path: string;
  token?: string | null;
  body?: unknown;
}

/** A body sent as is with its content type (e.g. the CSV of a bike import), not as JSON. */
export class RawBody {
  constructor(
    readonly contentType: string,
    readonly text: string,
  ) {}
}

export function rawRequest(t: TestServer, request: RawRequest): Promise<RawAnswer> {
  const headers: Record<string, string> = {
    'x-api-key': TEST_API_KEY,
    cookie: 'XSRF-TOKEN=matrix-xsrf',
    'x-xsrf-token': 'matrix-xsrf',
    'accept-language': 'en',
  };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  let payload: string | undefined;
  if (request.body instanceof RawBody) {
    payload = request.body.text;
    headers['content-type'] = request.body.contentType;
    headers['content-length'] = String(Buffer.byteLength(payload));
  } else if (request.body !== undefined) {
    payload = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${t.url}${API_PREFIX}${request.path}`,
      { method: request.method, headers, agent: false },
      (res) => {
        const contentType = String(res.headers['content-type'] ?? '');
        if (contentType.startsWith('text/event-stream')) {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, contentType, text: '' });
          return;
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** path + query string of a sample (repeated keys for lists) */
export function withQuery(path: string, query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

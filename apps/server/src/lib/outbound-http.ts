// The one outbound HTTP client (ADR 0124): a webhook's attempt (ADR 0088), a browser's push, an
// SMS gateway's request all go through it. The name is resolved here, every address it resolves
// to is checked (address-guard.ts), and the connection goes to the address checked — never to a
// second resolution. No redirect is followed (a 3xx is a failed attempt), the whole exchange has
// one deadline (WEBHOOK_TIMEOUT_SECONDS unless the caller's is shorter), and only the first KiB
// of the answer is read.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_RESPONSE_EXCERPT_MAX, WEBHOOK_TIMEOUT_SECONDS } from '@vfm/contract';
import { classifyAddress, isAllowedAddress } from './address-guard';

export interface AttemptResult {
  status: number | null;
  latencyMs: number;
  /** the first KiB of the answer */
  response: string;
  error: string | null;
  /** the address guard refused the URL or its address (ADR 0118): a permanent refusal, whatever
   *  the retries — never attempted again */
  blocked?: boolean;
}

type Resolved = Array<{ address: string; family: number }>;

export interface PostOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  /** who calls (VFM-Webhooks/1 unless said): the receiver's logs tell the features apart */
  userAgent?: string;
  /** an address the operator configured (an SMS gateway's): its credentials are sent as basic
   *  auth, never in the URL */
  basicAuth?: { user: string; password: string };
  /** the name's addresses (tests: a name that resolves to a private address) */
  resolveName?: (host: string) => Promise<Resolved>;
}

/** Is this URL one VFM may call (a webhook's, a push service's, a gateway's) (scheme, no credentials)? A reason when it is not. */
export function urlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a valid URL';
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return 'must use https';
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.hash) return 'must not have a fragment';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate) {
    // "localhost." and "internal.example." are names a resolver answers like their dotless
    // selves: no list of local names could follow every spelling (ADR 0118)
    if (host.endsWith('.')) return 'must not end with a dot';
    if (isIP(host) && !isAllowedAddress(host, false))
      return `must not point to a ${classifyAddress(host)} address`;
    if (/^localhost$|\.localhost$|\.local$|\.internal$/i.test(host))
      return 'must not point to a local name';
  }
  return null;
}

const lookupName = (host: string): Promise<Resolved> =>
  dnsLookup(host, { all: true, verbatim: true });

async function resolve(host: string, resolveName = lookupName): Promise<Resolved> {
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family) return [{ address: bare, family }];
  return resolveName(bare);
}

const failed = (started: number, error: string): AttemptResult => ({
  status: null,
  latencyMs: Math.round(performance.now() - started),
  response: '',
  error,
});

/**
 * POSTs the body (JSON unless the headers say otherwise: a web push's encrypted body, an SMS
 * gateway's form); never throws (a failure is an attempt's result).
 */
export async function postOutbound(
  rawUrl: string,
  headers: Record<string, string>,
  body: string | Buffer,
  options: PostOptions,
): Promise<AttemptResult> {
  const started = performance.now();
  const problem = urlProblem(rawUrl, options.allowPrivate);
  if (problem) return { ...failed(started, `URL ${problem}`), blocked: true };
  const url = new URL(rawUrl);
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_SECONDS * 1000;
  let addresses: Resolved;
  let dnsTimer: NodeJS.Timeout | undefined;
  try {
    // the name's resolution counts in the attempt's time too
    addresses = await Promise.race([
      resolve(url.hostname, options.resolveName),
      new Promise<never>((_, reject) => {
        dnsTimer = setTimeout(
          () => reject(Object.assign(new Error(), { code: 'timeout' })),
          timeoutMs,
        );
      }),
    ]);
  } catch (error) {
    return failed(started, `DNS: ${(error as NodeJS.ErrnoException).code ?? 'no answer'}`);
  } finally {
    clearTimeout(dnsTimer);
  }
  const remainingMs = Math.max(1, timeoutMs - (performance.now() - started));
  const blocked = addresses.find((a) => !isAllowedAddress(a.address, options.allowPrivate));
  if (blocked)
    return {
      ...failed(started, `blocked address (${classifyAddress(blocked.address)})`),
      blocked: true,
    };
  if (!addresses.length) return failed(started, 'DNS: no address');
  const { address, family } = addresses[0]!;
  // the connection's one lookup answers the address checked above (no second resolution)
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all)
      (callback as never as (e: null, a: unknown[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((done) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done(result);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: pinned,
        headers: {
          'content-type': 'application/json',
          'user-agent': options.userAgent ?? 'VFM-Webhooks/1',
          ...(options.basicAuth
            ? {
                authorization: `Basic ${Buffer.from(
                  `${options.basicAuth.user}:${options.basicAuth.password}`,
                ).toString('base64')}`,
              }
            : {}),
          ...headers,
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const end = () => {
          response.destroy();
          request.destroy();
          const status = response.statusCode ?? null;
          const ok = status !== null && status >= 200 && status < 300;
          finish({
            status,
            latencyMs: Math.round(performance.now() - started),
            response: Buffer.concat(chunks)
              .subarray(0, WEBHOOK_RESPONSE_EXCERPT_MAX)
              .toString('utf8'),
            error: ok
              ? null
              : status !== null && status >= 300 && status < 400
                ? 'redirect not followed'
                : null,
          });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // the answer read is capped: the first KiB is all that is kept
          if (size >= WEBHOOK_RESPONSE_EXCERPT_MAX) end();
        });
        response.on('end', end);
        response.on('error', end);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish(failed(started, `timeout (${timeoutMs / 1000} s)`));
    }, remainingMs);
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish(failed(started, error.code ?? error.message)),
    );
    request.end(body);
  });
}

/** A webhook's attempt (ADR 0088): the outbound client under the webhooks' name. */
export const postWebhook = postOutbound;

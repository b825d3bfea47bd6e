// Who may pull MDS (docs/open-data.md-6): a city's bearer token of an active client (checked at every
// request) and the version negotiation of MDS 2.0 (`Accept: application/vnd.mds+json;
// version=2.0`, else 406). Every pull of a known client is written to its fleet's access log.
import { promisify } from 'node:util';
import { gzip, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { MDS_MEDIA_TYPE, MDS_VERSION } from '@vfm/contract';
import { HttpProblem, notAcceptable } from '../../lib/problem';

/** Whether an Accept header asks for MDS 2.0 (a list of media ranges; parameters in any order). */
export function acceptsMds(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [type, ...parameters] = range.split(';').map((part) => part.trim());
    if (type?.toLowerCase() !== MDS_MEDIA_TYPE) return false;
    return parameters.some((parameter) => {
      const [name, value] = parameter.split('=').map((part) => part?.trim());
      return name?.toLowerCase() === 'version' && value?.replace(/^"|"$/g, '') === MDS_VERSION;
    });
  });
}

export function checkAccept(request: FastifyRequest): void {
  if (!acceptsMds(request.headers.accept)) {
    throw notAcceptable(
      `Ask for MDS ${MDS_VERSION}: Accept: ${MDS_MEDIA_TYPE};version=${MDS_VERSION}.`,
      'MDS_VERSION_UNSUPPORTED',
    );
  }
}

export const invalidToken = () =>
  new HttpProblem(
    401,
    'TOKEN_INVALID',
    'Unauthorized',
    'A valid MDS access token of an active city client is required (POST /mds/v2/token).',
  );

/** The rate-limit key of a pull: the client named by the token (verified later), else the
 *  address — a forged token is refused anyway, so it only spends its own budget. */
export function clientKey(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (header && /^bearer /i.test(header)) {
    try {
      const sub = decodeJwt(header.slice(7).trim()).sub;
      if (typeof sub === 'string' && sub.length <= 64) return `mds:${sub}`;
    } catch {
      // not a JWT: keyed by address
    }
  }
  return `mds-ip:${request.ip}`;
}

const gzipAsync = promisify(gzip);
/** answers smaller than this leave uncompressed */
const GZIP_FROM_BYTES = 16 * 1024;

/** The answer as MDS types it; large ones gzipped (when asked) at a fast level in libuv's
 *  threads, off the event loop: an hour of trips of a big fleet is megabytes of JSON. */
export async function sendMds(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  let payload = Buffer.from(JSON.stringify(body));
  reply.header('vary', 'accept-encoding');
  if (
    payload.length >= GZIP_FROM_BYTES &&
    /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
  ) {
    payload = await gzipAsync(payload, { level: zlib.Z_BEST_SPEED });
    reply.header('content-encoding', 'gzip');
  }
  // the exact media type of the spec: a string payload or reply.type() would get the version
  // quoted and a charset added by Fastify, which strict MDS clients do not expect
  return reply
    .header('cache-control', 'no-store')
    .header('content-type', `${MDS_MEDIA_TYPE};version=${MDS_VERSION}`)
    .send(payload);
}

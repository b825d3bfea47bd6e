// Who may pull MDS (issue 24 §5-6): a city's bearer token of an active client (checked at every
// request) and the version negotiation of MDS 2.0 (`Accept: application/vnd.mds+json;
// version=2.0`, else 406). Every pull of a known client is written to its fleet's access log.
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

export function sendMds(reply: FastifyReply, body: unknown) {
  return (
    reply
      .header('cache-control', 'no-store')
      // the exact media type of the spec: a string payload or reply.type() would get the version
      // quoted and a charset added by Fastify, which strict MDS clients do not expect
      .header('content-type', `${MDS_MEDIA_TYPE};version=${MDS_VERSION}`)
      .send(Buffer.from(JSON.stringify(body)))
  );
}

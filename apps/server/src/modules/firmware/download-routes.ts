// The modules' download of a package (ADR 0129), outside the API prefix: no API key, no
// sign-in — the offer's token is the proof (offer-token.ts), valid until the offer's deadline.
// Streamed from the store, one byte range at a time (`Range: bytes=a-b`, 206), so a module
// resumes an interrupted download; never the whole package in memory.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { HttpProblem, notFound } from '../../lib/problem';
import { doc } from '../../lib/route-schema';
import { publicScopeOf } from '../../plugins/request-scope';
import { tokenMatches } from './offer-token';
import * as q from './queries';
import { firmwareSettings } from './settings';

const Params = Type.Object(
  { offerId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
const Query = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` → [start, end] within size; null = whole; false = unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): [number, number] | null | false {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(size - 1, Number(match[2]));
  }
  return start > end || start >= size ? false : [start, end];
}

const downloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/firmware/v1/download/:offerId',
    {
      config: { auth: 'public' },
      ...doc(
        ['firmware'],
        "A module's download of its offered package (token of the offer; Range supported)",
        {
          security: [],
          params: Params,
          querystring: Query,
          ok: {
            description: 'The package',
            content: {
              'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
            },
          },
          response: {
            206: {
              description: 'A byte range of the package',
              content: {
                'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
              },
            },
          },
          problems: [400, 404, 410, 416],
        },
      ),
    },
    async (request, reply) => {
      const scope = publicScopeOf(request);
      const settings = firmwareSettings(scope.ctx.config);
      const offer = await q.offerForDownload(scope.database, request.params.offerId);
      if (
        !offer ||
        !offer.deadline ||
        !tokenMatches(
          settings.tokenKey,
          { id: offer.id, attempts: offer.attempts, deadline: offer.deadline },
          request.query.token,
        )
      )
        throw notFound('No such offer, or a wrong token.');
      if (!offer.open || offer.deadline.getTime() <= scope.now.getTime())
        throw new HttpProblem(
          410,
          'OFFER_EXPIRED',
          'Gone',
          'The offer is over: wait for the next one.',
        );
      const size = Number(offer.size);
      const range = parseRange(request.headers.range, size);
      reply.header('accept-ranges', 'bytes').header('content-type', 'application/octet-stream');
      reply.header('etag', `"${offer.sha256}"`).header('cache-control', 'no-store');
      if (range === false) {
        reply.header('content-range', `bytes */${size}`);
        throw new HttpProblem(416, 'RANGE_NOT_SATISFIABLE', 'Range Not Satisfiable');
      }
      const [start, end] = range ?? [0, size - 1];
      reply.header('content-length', String(end - start + 1));
      if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
      return reply.send(await settings.store.read(offer.storage_key, start, end));
    },
  );
};

export default downloadRoutes;

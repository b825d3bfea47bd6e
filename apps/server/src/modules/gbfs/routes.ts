// The public GBFS 3.0 feed (ADR 0083, docs/open-data.md): no key, no sign-in,
// CORS open, each file with Cache-Control max-age = its ttl and an ETag (304 on If-None-Match),
// rate-limited per address. Thin: the feed service builds and caches the files.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { GBFS_BASE_PATH } from '@vfm/contract';
import { notFound } from '../../lib/problem';
import { publicScopeOf } from '../../plugins/request-scope';
import { doc, problems } from '../../lib/route-schema';
import { RATE_LIMITS, perMinute } from '../../plugins/rate-limit';
import type { FeedFile } from './feed-cache';
import { manifest, systemFile } from './feed-service';

const tags = ['gbfs'];
/** no key, no token: the feed is public */
const security: never[] = [];
const config = { auth: 'public' as const, rateLimit: perMinute(RATE_LIMITS.gbfs) };
const GbfsDocument = Type.Object(
  {
    last_updated: Type.String(),
    ttl: Type.Integer(),
    version: Type.Literal('3.0'),
    data: Type.Object({}, { additionalProperties: true }),
  },
  { description: 'A GBFS 3.0 file (https://gbfs.org/specification/reference/)' },
);
const responses = {
  200: GbfsDocument,
  304: Type.Null({ description: 'Not modified (If-None-Match)' }),
  ...problems(404, 429),
};

function sendFile(request: FastifyRequest, reply: FastifyReply, file: FeedFile) {
  reply
    .header('cache-control', `public, max-age=${file.ttl}`)
    .header('etag', file.etag)
    .header('vary', 'accept-encoding');
  const wanted = request.headers['if-none-match'];
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  if (wanted?.split(',').some((tag) => opaque(tag) === opaque(file.etag))) {
    return reply.code(304).send();
  }
  reply.type('application/json; charset=utf-8');
  if (file.gzipped && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(file.gzipped);
  }
  return reply.send(file.body);
}

const gbfsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // open to every origin: trip planners and city dashboards read the feed from browsers too
  app.addHook('onSend', async (_request, reply) => {
    reply
      .header('access-control-allow-origin', '*')
      .header('access-control-expose-headers', 'ETag, Retry-After')
      .header('cross-origin-resource-policy', 'cross-origin');
  });

  app.get(
    `${GBFS_BASE_PATH}/manifest.json`,
    {
      config,
      // files come gzipped from the feed's cache when large; small ones are not worth it
      compress: false,
      ...doc(tags, 'GBFS manifest: every published fleet of this server', {
        security,
        response: responses,
      }),
    },
    async (request, reply) => sendFile(request, reply, await manifest(publicScopeOf(request))),
  );

  app.get(
    `${GBFS_BASE_PATH}/:systemId/:file`,
    {
      config,
      compress: false,
      ...doc(
        tags,
        'A file of a published fleet: gbfs, system_information, vehicle_types, vehicle_status, geofencing_zones or system_alerts (.json)',
        {
          security,
          params: Type.Object({
            systemId: Type.String({ maxLength: 200 }),
            file: Type.String({ maxLength: 200 }),
          }),
          response: responses,
        },
      ),
    },
    async (request, reply) => {
      const { systemId, file } = request.params;
      return sendFile(request, reply, await systemFile(publicScopeOf(request), systemId, file));
    },
  );

  // CORS preflight (a script sending If-None-Match) and any other address under the feed
  app.options(`${GBFS_BASE_PATH}/*`, { config, schema: { hide: true } }, async (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-headers', 'If-None-Match')
      .header('access-control-max-age', '86400')
      .send(),
  );
  for (const url of ['/gbfs', '/gbfs/*']) {
    app.get(url, { config, schema: { hide: true } }, async () => {
      throw notFound('No published open-data feed at this address.');
    });
  }
};

export default gbfsRoutes;

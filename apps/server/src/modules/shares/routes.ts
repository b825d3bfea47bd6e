// Shared live positions (ADR 0094): a bike's links (managers and administrators
// of its fleet) and the public read the shared page makes (no sign-in, rate-limited per
// address; the token is a query parameter, which the log masks). Thin: the service owns the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ShareCreateSchema,
  ShareCreatedSchema,
  ShareListSchema,
  ShareParamsSchema,
  ShareSchema,
  SharedPositionQuerySchema,
  SharedPositionSchema,
  VehicleNumberParamsSchema,
} from '@vfm/contract';
import { doc, routeDoc } from '../../lib/route-schema';
import { RATE_LIMITS, perMinute } from '../../plugins/rate-limit';
import { publicScopeOf, scopeOf } from '../../plugins/request-scope';
import { createShare, listShares, readSharedPosition, revokeShare } from './service';

const tags = ['shares'];
const route = routeDoc(tags);

const shareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/products/shares/:vehicleNumber',
    route("The bike's shared-position links, newest first (managers)", {
      params: VehicleNumberParamsSchema,
      ok: ShareListSchema,
    }),
    async (request) => listShares(scopeOf(request), request.params.vehicleNumber),
  );

  app.post(
    '/products/shares/:vehicleNumber',
    route(
      "Share the bike's live position: a link valid 1 hour to 7 days, shown in this answer only (an audited action)",
      {
        params: VehicleNumberParamsSchema,
        body: ShareCreateSchema,
        response: { 201: ShareCreatedSchema },
        problems: [413, 415],
      },
    ),
    async (request, reply) =>
      reply
        .code(201)
        .send(await createShare(scopeOf(request), request.params.vehicleNumber, request.body)),
  );

  app.delete(
    '/products/shares/:vehicleNumber/:id',
    route('Revoke a link: it stops working at once (an audited action)', {
      params: ShareParamsSchema,
      ok: ShareSchema,
    }),
    async (request) =>
      revokeShare(scopeOf(request), request.params.vehicleNumber, request.params.id),
  );

  app.get(
    '/shared-position',
    {
      config: { auth: 'public', rateLimit: perMinute(RATE_LIMITS.sharedPosition) },
      ...doc(
        tags,
        'The position a link shares (no sign-in): the label and the last position only; 410 once expired or revoked',
        {
          querystring: SharedPositionQuerySchema,
          ok: SharedPositionSchema,
          problems: [400, 404, 410, 429],
        },
      ),
    },
    async (request, reply) => {
      // a live position: never from a cache
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return readSharedPosition(publicScopeOf(request), request.query);
    },
  );
};

export default shareRoutes;

// The ingest quarantine of the fleet (docs/operations.md; admin only): list, retry, clear. Thin: the
// service owns the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  QuarantineIdParamsSchema,
  QuarantinePageSchema,
  QuarantineQuerySchema,
  QuarantineRetrySchema,
} from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { NoContent, routeDoc } from '../../lib/route-schema';
import { clearQuarantined, getQuarantine, retryQuarantined } from './service';

const route = routeDoc(['fleet']);

const quarantineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/fleet/admin/quarantine',
    route.admin('Module messages the ingest could not store, newest first', {
      querystring: QuarantineQuerySchema,
      ok: QuarantinePageSchema,
    }),
    async (request) => getQuarantine(scopeOf(request), request.query),
  );

  app.post(
    '/fleet/admin/quarantine/:id/retry',
    route.admin(
      'Store a quarantined message now (it leaves the quarantine), or say why not (409)',
      { params: QuarantineIdParamsSchema, ok: QuarantineRetrySchema, problems: [409] },
    ),
    async (request) =>
      retryQuarantined(scopeOf(request), request.server.quarantineReplay, request.params.id),
  );

  app.delete(
    '/fleet/admin/quarantine/:id',
    route.admin('Clear a quarantined message (it is not stored)', {
      params: QuarantineIdParamsSchema,
      response: { 204: NoContent },
    }),
    async (request, reply) => {
      await clearQuarantined(scopeOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default quarantineRoutes;

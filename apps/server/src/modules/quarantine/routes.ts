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
import { doc, NoContent } from '../../lib/route-schema';
import { clearQuarantined, getQuarantine, retryQuarantined } from './service';

const tags = ['fleet'];

const quarantineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/fleet/admin/quarantine',
    {
      config: { auth: 'admin' },
      ...doc(tags, 'Module messages the ingest could not store, newest first', {
        querystring: QuarantineQuerySchema,
        ok: QuarantinePageSchema,
        problems: [400, 401, 403],
      }),
    },
    async (request) => getQuarantine(scopeOf(request), request.query),
  );

  app.post(
    '/fleet/admin/quarantine/:id/retry',
    {
      config: { auth: 'admin' },
      ...doc(
        tags,
        'Store a quarantined message now (it leaves the quarantine), or say why not (409)',
        {
          params: QuarantineIdParamsSchema,
          ok: QuarantineRetrySchema,
          problems: [400, 401, 403, 404, 409],
        },
      ),
    },
    async (request) =>
      retryQuarantined(scopeOf(request), request.server.quarantineReplay, request.params.id),
  );

  app.delete(
    '/fleet/admin/quarantine/:id',
    {
      config: { auth: 'admin' },
      ...doc(tags, 'Clear a quarantined message (it is not stored)', {
        params: QuarantineIdParamsSchema,
        response: { 204: NoContent },
        problems: [400, 401, 403, 404],
      }),
    },
    async (request, reply) => {
      await clearQuarantined(scopeOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default quarantineRoutes;

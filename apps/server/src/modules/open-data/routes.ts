// The fleet's open-data publishing settings (docs/open-data.md; admin only). Thin: the service owns
// the rules. The public feed is the gbfs module, outside the API prefix.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OpenDataSchema, OpenDataSettingsSchema } from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { routeDoc } from '../../lib/route-schema';
import { getOpenData, saveOpenData } from './service';

const route = routeDoc(['fleet']);

const openDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/fleet/open-data',
    route.admin("The fleet's open-data (GBFS) publishing settings and its public feed address", {
      ok: OpenDataSchema,
      problems: [400, 404],
    }),
    async (request) => getOpenData(scopeOf(request)),
  );

  app.put(
    '/fleet/open-data',
    route.admin(
      'Change the open-data settings, publish or unpublish the feed (an audited action)',
      { body: OpenDataSettingsSchema, ok: OpenDataSchema, problems: [404, 413, 415] },
    ),
    async (request) => saveOpenData(scopeOf(request), request.body),
  );
};

export default openDataRoutes;

// Administration calls of the fleet (admin only; docs/architecture.md): its settings and
// its activity log. Thin: the service owns the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActivityPageSchema,
  ActivityQuerySchema,
  FleetSettingsSchema,
  FleetSettingsUpdateSchema,
} from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { routeDoc } from '../../lib/route-schema';
import { Type } from '@sinclair/typebox';
import { activityCsv, getActivity, getFleetSettings, saveFleetSettings } from './service';

const route = routeDoc(['fleet']);

const administrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/fleet/settings',
    route.admin("The fleet's warning thresholds and CO2 factor", {
      ok: FleetSettingsSchema,
      problems: [400, 404],
    }),
    async (request) => getFleetSettings(scopeOf(request)),
  );

  app.put(
    '/fleet/settings',
    route.admin("Change the fleet's warning thresholds or CO2 factor (an audited action)", {
      body: FleetSettingsUpdateSchema,
      ok: FleetSettingsSchema,
      problems: [404, 413, 415],
    }),
    async (request) => saveFleetSettings(scopeOf(request), request.body),
  );

  app.get(
    '/fleet/events',
    route.admin("The fleet's activity: every audited action of its users, newest first", {
      querystring: ActivityQuerySchema,
      ok: ActivityPageSchema,
    }),
    async (request) => getActivity(scopeOf(request), request.query),
  );

  app.get(
    '/fleet/events/csv',
    route.admin('The activity as CSV (same filters, at most 100,000 rows)', {
      querystring: Type.Omit(ActivityQuerySchema, ['page', 'size']),
      produces: ['text/csv'],
      ok: Type.String(),
    }),
    async (request, reply) => {
      const csv = await activityCsv(scopeOf(request), request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="activity-${day}.csv"`)
        .send(csv);
    },
  );
};

export default administrationRoutes;

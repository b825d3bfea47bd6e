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
import { doc } from '../../lib/route-schema';
import { Type } from '@sinclair/typebox';
import { activityCsv, getActivity, getFleetSettings, saveFleetSettings } from './service';

const tags = ['fleet'];

const administrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/fleet/settings',
    {
      config: { auth: 'admin' },
      ...doc(tags, "The fleet's warning thresholds and CO2 factor", {
        ok: FleetSettingsSchema,
        problems: [400, 401, 403, 404],
      }),
    },
    async (request) => getFleetSettings(scopeOf(request)),
  );

  app.put(
    '/fleet/settings',
    {
      config: { auth: 'admin' },
      ...doc(tags, "Change the fleet's warning thresholds or CO2 factor (an audited action)", {
        body: FleetSettingsUpdateSchema,
        ok: FleetSettingsSchema,
        problems: [400, 401, 403, 404, 413, 415],
      }),
    },
    async (request) => saveFleetSettings(scopeOf(request), request.body),
  );

  app.get(
    '/fleet/events',
    {
      config: { auth: 'admin' },
      ...doc(tags, "The fleet's activity: every audited action of its users, newest first", {
        querystring: ActivityQuerySchema,
        ok: ActivityPageSchema,
        problems: [400, 401, 403],
      }),
    },
    async (request) => getActivity(scopeOf(request), request.query),
  );

  app.get(
    '/fleet/events/csv',
    {
      config: { auth: 'admin' },
      ...doc(tags, 'The activity as CSV (same filters, at most 100,000 rows)', {
        querystring: Type.Omit(ActivityQuerySchema, ['page', 'size']),
        produces: ['text/csv'],
        ok: Type.String(),
        problems: [400, 401, 403],
      }),
    },
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

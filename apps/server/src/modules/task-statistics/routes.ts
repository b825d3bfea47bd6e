// Task statistics (docs/tasks.md): JSON and CSV, managers and administrators (closed to field
// technicians). Thin: the service owns the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { TaskStatisticsQuerySchema, TaskStatisticsSchema } from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { routeDoc } from '../../lib/route-schema';
import { getTaskStatistics, taskStatisticsCsv } from './service';

const route = routeDoc(['tasks']);

const taskStatisticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tasks/statistics',
    route('Tasks opened and closed per day, median time to close by kind and technician', {
      querystring: TaskStatisticsQuerySchema,
      ok: TaskStatisticsSchema,
    }),
    async (request) => getTaskStatistics(scopeOf(request), request.query),
  );

  app.get(
    '/tasks/statistics/csv',
    route('The task statistics as CSV (per day, by kind, by technician)', {
      querystring: TaskStatisticsQuerySchema,
      produces: ['text/csv'],
      ok: Type.String(),
    }),
    async (request, reply) => {
      const { csv, from, to } = await taskStatisticsCsv(scopeOf(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tasks-${from}-${to}.csv"`)
        .send(csv);
    },
  );
};

export default taskStatisticsRoutes;

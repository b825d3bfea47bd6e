// The jobs home's dead letters (ADR 0081; admin only): list and retry. Thin.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { JobParamsSchema, JobsOverviewSchema, JobsQuerySchema } from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { NoContent, routeDoc } from '../../lib/route-schema';
import { getJobs, retryJob } from './service';

const route = routeDoc(['fleet']);

const jobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/fleet/admin/jobs',
    route.admin('Background jobs: counts per queue and the jobs that failed after every retry', {
      querystring: JobsQuerySchema,
      ok: JobsOverviewSchema,
    }),
    async (request) => getJobs(scopeOf(request), request.query),
  );

  app.post(
    '/fleet/admin/jobs/:id/retry',
    route.admin('Send a failed job again (one more attempt)', {
      params: JobParamsSchema,
      response: { 204: NoContent },
    }),
    async (request, reply) => {
      await retryJob(scopeOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default jobRoutes;

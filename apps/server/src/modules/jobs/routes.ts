// The jobs home's dead letters (ADR 0081; admin only): list and retry. Thin.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { JobParamsSchema, JobsOverviewSchema, JobsQuerySchema } from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { doc, NoContent } from '../../lib/route-schema';
import { getJobs, retryJob } from './service';

const tags = ['fleet'];

const jobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/fleet/admin/jobs',
    {
      config: { auth: 'admin' },
      ...doc(tags, 'Background jobs: counts per queue and the jobs that failed after every retry', {
        querystring: JobsQuerySchema,
        ok: JobsOverviewSchema,
        problems: [400, 401, 403],
      }),
    },
    async (request) => getJobs(scopeOf(request), request.query),
  );

  app.post(
    '/fleet/admin/jobs/:id/retry',
    {
      config: { auth: 'admin' },
      ...doc(tags, 'Send a failed job again (one more attempt)', {
        params: JobParamsSchema,
        response: { 204: NoContent },
        problems: [400, 401, 403, 404],
      }),
    },
    async (request, reply) => {
      await retryJob(scopeOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default jobRoutes;

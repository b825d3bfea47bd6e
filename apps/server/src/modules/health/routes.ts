// Liveness and readiness for load balancers and orchestrators.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

export type ReadinessCheck = () => Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    /** named readiness checks; modules add theirs (e.g. the MQTT connection) */
    readinessChecks: Map<string, ReadinessCheck>;
  }
}

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  checks: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
});

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], response: { 200: Health } }, logLevel: 'warn' },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: Health, 503: Health } }, logLevel: 'warn' },
    async (_request, reply) => {
      const checks: Record<string, boolean> = {};
      for (const [name, check] of app.readinessChecks) {
        checks[name] = await check().catch(() => false);
      }
      const ready = Object.values(checks).every(Boolean);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
    },
  );
};

export default healthRoutes;

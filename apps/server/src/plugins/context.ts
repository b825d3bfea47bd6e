// Decorations shared by every plugin and module: configuration, database, mailer, clock.
import fp from 'fastify-plugin';
import type { ResolvedConfig } from '../config/secrets';
import type { Database } from '../db/client';
import type { Jobs } from '../jobs/job-queue';
import type { Mailer } from '../mail/mailer';

export interface AppContext {
  config: ResolvedConfig;
  database: Database;
  mailer: Mailer;
  /** the jobs home: send jobs and publish domain events (ADR 0081) */
  jobs: Jobs;
  /** injectable clock: tests move time instead of waiting */
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export default fp<{ ctx: AppContext }>(
  async function contextPlugin(app, { ctx }) {
    app.decorate('ctx', ctx);
  },
  { name: 'vfm-context' },
);

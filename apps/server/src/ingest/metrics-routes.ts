// GET /metrics: the ingest, jobs and webhooks counters in the Prometheus text format. Outside the API (no api
// key); when METRICS_TOKEN is set the scraper sends `Authorization: Bearer <token>`.
import type { FastifyPluginAsync } from 'fastify';
import { safeEqual } from '../lib/crypto';
import { unauthorized } from '../lib/problem';
import type { Jobs } from '../jobs/job-queue';
import { webhookMetrics } from '../modules/webhooks/webhook-metrics';
import { deliveryMetrics } from '../modules/notifications/delivery/delivery-metrics';
import { IngestMetrics } from './metrics';

export interface MetricsRoutesOptions {
  /** this process's counters (empty ones when it runs no ingest) */
  metrics: () => IngestMetrics | null;
  /** the jobs' counters of this process and the queues' backlog */
  jobs: Jobs;
}

const empty = new IngestMetrics();

const metricsRoutes: FastifyPluginAsync<MetricsRoutesOptions> = async (app, options) => {
  const token = app.ctx.config.metricsToken;
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (token) {
      const header = request.headers.authorization ?? '';
      if (!header.startsWith('Bearer ') || !safeEqual(header.slice(7).trim(), token)) {
        throw unauthorized(
          'GET /metrics needs the METRICS_TOKEN as a Bearer token.',
          'METRICS_TOKEN_INVALID',
        );
      }
    }
    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; version=0.0.4; charset=utf-8')
      .send(
        (options.metrics() ?? empty).render() +
          (await renderJobs(options.jobs)) +
          webhookMetrics.render() +
          deliveryMetrics.render(),
      );
  });
};

/** The backlog is read from the database; a scrape during an outage still gets the rest. */
async function renderJobs(jobs: Jobs): Promise<string> {
  const [backlog, fleetLoad] = await Promise.all([
    jobs.countByState().catch(() => []),
    // the queues worked in slots, per fleet (ADR 0118)
    jobs.fleetLoad().catch(() => []),
  ]);
  return jobs.metrics.render(backlog, fleetLoad, jobs.fleetShares());
}

export default metricsRoutes;

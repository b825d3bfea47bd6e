// The rebalancing resource (ADR 0128, docs/rebalancing.md): heat maps, the forecast, the
// recommendations and their decisions, the technicians' routes. Thin: the services own the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AcceptResultSchema,
  ForecastQuerySchema,
  ForecastSchema,
  HeatmapQuerySchema,
  HeatmapSchema,
  RecommendationListQuerySchema,
  RecommendationListSchema,
  RecommendationParamsSchema,
  RecommendationSchema,
  RouteListSchema,
  SnoozeSchema,
} from '@vfm/contract';
import { Type } from '@sinclair/typebox';
import { routeDoc } from '../../lib/route-schema';
import { forbidden } from '../../lib/problem';
import { scopeOf } from '../../plugins/request-scope';
import { getForecast } from './forecast-service';
import { getHeatmap } from './heatmap-service';
import { planFleet } from './plan-job';
import {
  acceptRecommendation,
  dismissRecommendation,
  listRecommendations,
  snoozeRecommendation,
} from './recommendations-service';
import { getRoutes } from './routes-service';

const route = routeDoc(['rebalancing']);

const rebalancingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/rebalancing/heatmap',
    route('A heat map in H3 cells: supply, trip starts or ends, idle bikes, unmet demand', {
      description:
        'Over a period of at most 90 days (default the last 28), optionally one hour of day ' +
        'and/or one day of week (UTC). Resolution 6–10; out of range → 400.',
      querystring: HeatmapQuerySchema,
      ok: HeatmapSchema,
    }),
    async (request) => getHeatmap(scopeOf(request), request.query),
  );

  app.get(
    '/rebalancing/forecast',
    route('Trip starts expected per cell and hour for the next 24 h (the worker trains it)', {
      querystring: ForecastQuerySchema,
      ok: ForecastSchema,
    }),
    async (request) => getForecast(scopeOf(request), request.query),
  );

  app.get(
    '/rebalancing/recommendations',
    route('Moves of bikes between cells, the most rides first (default: the open ones)', {
      querystring: RecommendationListQuerySchema,
      ok: RecommendationListSchema,
    }),
    async (request) => listRecommendations(scopeOf(request), request.query.state),
  );

  app.post(
    '/rebalancing/plan',
    route(
      'Train the forecast, recommend and plan the routes now (managers; the worker does it every 30 min)',
      {
        body: Type.Optional(Type.Object({}, { additionalProperties: false })),
        ok: Type.Object({ recommendations: Type.Integer(), routes: Type.Integer() }),
      },
    ),
    async (request) => {
      const scope = scopeOf(request);
      if (scope.principal.isTechnician)
        throw forbidden('Only managers and administrators plan.', 'REBALANCING_MANAGERS_ONLY');
      return planFleet(scope.database, scope.fleetId, scope.now, scope.principal.email);
    },
  );

  const Params = RecommendationParamsSchema;
  app.post(
    '/rebalancing/recommendations/:id/accept',
    route('Accept: REBALANCE tasks for its bikes — or, if they moved, a re-planned move', {
      params: Params,
      ok: AcceptResultSchema,
      problems: [409],
    }),
    async (request) => acceptRecommendation(scopeOf(request), request.params.id),
  );

  app.post(
    '/rebalancing/recommendations/:id/snooze',
    route('Snooze for 1–72 hours (an audited action)', {
      params: Params,
      body: SnoozeSchema,
      ok: RecommendationSchema,
      problems: [409, 415],
    }),
    async (request) => snoozeRecommendation(scopeOf(request), request.params.id, request.body),
  );

  app.post(
    '/rebalancing/recommendations/:id/dismiss',
    route('Dismiss (an audited action)', {
      params: Params,
      ok: RecommendationSchema,
      problems: [409],
    }),
    async (request) => dismissRecommendation(scopeOf(request), request.params.id),
  );

  app.get(
    '/rebalancing/routes',
    {
      ...route("The technicians' routes of the shift (a technician: their own)", {
        ok: RouteListSchema,
      }),
      // the technician's phone shows their route (docs/tasks.md: field work)
      config: { auth: 'field' as const },
    },
    async (request) => getRoutes(scopeOf(request)),
  );
};

export default rebalancingRoutes;

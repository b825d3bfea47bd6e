// The fleet's alerts (ADR 0081): list, acknowledge, assign, clear — any user of
// the fleet (SPEC §6 user role). Thin: the service owns the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AlertAcknowledgeSchema,
  AlertAssignSchema,
  AlertAssigneesSchema,
  AlertClearSchema,
  AlertPageSchema,
  AlertParamsSchema,
  AlertQuerySchema,
  AlertSchema,
} from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { routeDoc } from '../../lib/route-schema';
import { acknowledgeAlert, assignAlert, clearAlert, listAlerts, listAssignees } from './service';

const route = routeDoc(['alerts']);

const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/alerts',
    route('Alerts of the fleet, newest first (active ones by default)', {
      querystring: AlertQuerySchema,
      ok: AlertPageSchema,
    }),
    async (request) => listAlerts(scopeOf(request), request.query),
  );

  app.get(
    '/alerts/assignees',
    route('The users of the fleet an alert may be assigned to', {
      ok: AlertAssigneesSchema,
      problems: [400],
    }),
    async (request) => listAssignees(scopeOf(request)),
  );

  app.post(
    '/alerts/:id/acknowledge',
    route('Acknowledge an alert (someone is on it); again changes nothing', {
      params: AlertParamsSchema,
      body: AlertAcknowledgeSchema,
      ok: AlertSchema,
    }),
    async (request) => acknowledgeAlert(scopeOf(request), request.params.id, request.body),
  );

  app.post(
    '/alerts/:id/assign',
    route('Assign an alert to a user of the fleet (null: nobody)', {
      params: AlertParamsSchema,
      body: AlertAssignSchema,
      ok: AlertSchema,
      problems: [409],
    }),
    async (request) => assignAlert(scopeOf(request), request.params.id, request.body),
  );

  app.post(
    '/alerts/:id/clear',
    route('Clear an alert by hand, with a reason', {
      params: AlertParamsSchema,
      body: AlertClearSchema,
      ok: AlertSchema,
      problems: [409],
    }),
    async (request) => clearAlert(scopeOf(request), request.params.id, request.body),
  );
};

export default alertRoutes;

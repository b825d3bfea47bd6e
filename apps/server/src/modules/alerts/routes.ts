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
import { doc } from '../../lib/route-schema';
import { acknowledgeAlert, assignAlert, clearAlert, listAlerts, listAssignees } from './service';

const tags = ['alerts'];

const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/alerts',
    doc(tags, 'Alerts of the fleet, newest first (active ones by default)', {
      querystring: AlertQuerySchema,
      ok: AlertPageSchema,
      problems: [400, 401, 403],
    }),
    async (request) => listAlerts(scopeOf(request), request.query),
  );

  app.get(
    '/alerts/assignees',
    doc(tags, 'The users of the fleet an alert may be assigned to', {
      ok: AlertAssigneesSchema,
      problems: [400, 401, 403],
    }),
    async (request) => listAssignees(scopeOf(request)),
  );

  app.post(
    '/alerts/:id/acknowledge',
    doc(tags, 'Acknowledge an alert (someone is on it); again changes nothing', {
      params: AlertParamsSchema,
      body: AlertAcknowledgeSchema,
      ok: AlertSchema,
      problems: [400, 401, 403, 404],
    }),
    async (request) => acknowledgeAlert(scopeOf(request), request.params.id, request.body),
  );

  app.post(
    '/alerts/:id/assign',
    doc(tags, 'Assign an alert to a user of the fleet (null: nobody)', {
      params: AlertParamsSchema,
      body: AlertAssignSchema,
      ok: AlertSchema,
      problems: [400, 401, 403, 404, 409],
    }),
    async (request) => assignAlert(scopeOf(request), request.params.id, request.body),
  );

  app.post(
    '/alerts/:id/clear',
    doc(tags, 'Clear an alert by hand, with a reason', {
      params: AlertParamsSchema,
      body: AlertClearSchema,
      ok: AlertSchema,
      problems: [400, 401, 403, 404, 409],
    }),
    async (request) => clearAlert(scopeOf(request), request.params.id, request.body),
  );
};

export default alertRoutes;

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
import { problems } from '../../lib/route-schema';
import { acknowledgeAlert, assignAlert, clearAlert, listAlerts, listAssignees } from './service';

const tags = ['alerts'];

const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/alerts',
    {
      schema: {
        tags,
        summary: 'Alerts of the fleet, newest first (active ones by default)',
        querystring: AlertQuerySchema,
        response: { 200: AlertPageSchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => listAlerts(scopeOf(request), request.query),
  );

  app.get(
    '/alerts/assignees',
    {
      schema: {
        tags,
        summary: 'The users of the fleet an alert may be assigned to',
        response: { 200: AlertAssigneesSchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => listAssignees(scopeOf(request)),
  );

  app.post(
    '/alerts/:id/acknowledge',
    {
      schema: {
        tags,
        summary: 'Acknowledge an alert (someone is on it); again changes nothing',
        params: AlertParamsSchema,
        body: AlertAcknowledgeSchema,
        response: { 200: AlertSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => acknowledgeAlert(scopeOf(request), request.params.id, request.body),
  );

  app.post(
    '/alerts/:id/assign',
    {
      schema: {
        tags,
        summary: 'Assign an alert to a user of the fleet (null: nobody)',
        params: AlertParamsSchema,
        body: AlertAssignSchema,
        response: { 200: AlertSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => assignAlert(scopeOf(request), request.params.id, request.body),
  );

  app.post(
    '/alerts/:id/clear',
    {
      schema: {
        tags,
        summary: 'Clear an alert by hand, with a reason',
        params: AlertParamsSchema,
        body: AlertClearSchema,
        response: { 200: AlertSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => clearAlert(scopeOf(request), request.params.id, request.body),
  );
};

export default alertRoutes;

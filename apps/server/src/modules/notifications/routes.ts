// Alert rules and the caller's notifications (–2, ADR 0086): any user of the fleet
// keeps their rules and reads their notifications; fleet-wide rules are the administrators'.
// Thin: the services own the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  NotificationPageSchema,
  NotificationParamsSchema,
  NotificationQuerySchema,
  NotificationRuleCreateSchema,
  NotificationRuleListSchema,
  NotificationRuleParamsSchema,
  NotificationRuleSchema,
  NotificationRuleUpdateSchema,
  NotificationUnreadSchema,
  PushPublicKeySchema,
  PushSubscriptionCreateSchema,
  PushSubscriptionListSchema,
  PushSubscriptionParamsSchema,
  PushSubscriptionSchema,
} from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { NoContent, routeDoc } from '../../lib/route-schema';
import {
  createRule,
  deleteRule,
  getRule,
  listRules,
  resubscribeRule,
  updateRule,
} from './rules-service';
import {
  getUnreadCount,
  listNotifications,
  readAllNotifications,
  readNotification,
} from './inbox-service';
import {
  getPublicKey,
  listSubscriptions,
  subscribe,
  unsubscribe,
} from './push/subscriptions-service';

const route = routeDoc(['notifications']);

const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/notification-rules',
    route("The caller's alert rules and the fleet-wide ones", {
      ok: NotificationRuleListSchema,
      problems: [400],
    }),
    async (request) => listRules(scopeOf(request)),
  );

  app.post(
    '/notification-rules',
    route('Create an alert rule: the caller’s own, or fleet-wide (administrators)', {
      body: NotificationRuleCreateSchema,
      response: { 201: NotificationRuleSchema },
      problems: [404, 409],
    }),
    async (request, reply) =>
      reply.code(201).send(await createRule(scopeOf(request), request.body)),
  );

  app.get(
    '/notification-rules/:id',
    route('One alert rule of the caller, or a fleet-wide one', {
      params: NotificationRuleParamsSchema,
      ok: NotificationRuleSchema,
    }),
    async (request) => getRule(scopeOf(request), request.params.id),
  );

  app.put(
    '/notification-rules/:id',
    route('Replace an alert rule (the version read: 409 when someone changed it)', {
      params: NotificationRuleParamsSchema,
      body: NotificationRuleUpdateSchema,
      ok: NotificationRuleSchema,
      problems: [409],
    }),
    async (request) => updateRule(scopeOf(request), request.params.id, request.body),
  );

  app.delete(
    '/notification-rules/:id',
    route('Delete an alert rule', {
      params: NotificationRuleParamsSchema,
      response: { 204: NoContent },
    }),
    async (request, reply) => {
      await deleteRule(scopeOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/notification-rules/:id/resubscribe',
    route(
      "The caller's e-mails of a rule again, after a one-click unsubscribe (again: no change)",
      { params: NotificationRuleParamsSchema, ok: NotificationRuleSchema },
    ),
    async (request) => resubscribeRule(scopeOf(request), request.params.id),
  );

  app.get(
    '/notifications',
    route("The caller's notifications, newest first, with the unread count", {
      querystring: NotificationQuerySchema,
      ok: NotificationPageSchema,
    }),
    async (request) => listNotifications(scopeOf(request), request.query),
  );

  app.get(
    '/notifications/unread',
    route("The caller's unread notifications: how many", {
      ok: NotificationUnreadSchema,
      problems: [400],
    }),
    async (request) => getUnreadCount(scopeOf(request)),
  );

  app.post(
    '/notifications/:id/read',
    route('Mark a notification read (again: no change); answers the unread count', {
      params: NotificationParamsSchema,
      ok: NotificationUnreadSchema,
    }),
    async (request) => readNotification(scopeOf(request), request.params.id),
  );

  app.post(
    '/notifications/read-all',
    route("Mark all the caller's notifications read; answers the unread count", {
      ok: NotificationUnreadSchema,
      problems: [400],
    }),
    async (request) => readAllNotifications(scopeOf(request)),
  );

  // web push (ADR 0098): the caller's browsers
  app.get(
    '/push/public-key',
    route("The server's VAPID public key, to subscribe a browser with", {
      ok: PushPublicKeySchema,
      problems: [400],
    }),
    async (request) => getPublicKey(scopeOf(request)),
  );

  app.get(
    '/push-subscriptions',
    route("The caller's browsers that receive push notifications", {
      ok: PushSubscriptionListSchema,
      problems: [400],
    }),
    async (request) => listSubscriptions(scopeOf(request)),
  );

  app.post(
    '/push-subscriptions',
    route('Subscribe a browser of the caller (its PushSubscription): 201, or 200 when known', {
      body: PushSubscriptionCreateSchema,
      ok: PushSubscriptionSchema,
      response: { 201: PushSubscriptionSchema },
      problems: [409],
    }),
    async (request, reply) => {
      const { created, subscription } = await subscribe(
        scopeOf(request),
        request.body,
        request.headers['user-agent'] ?? null,
      );
      return reply.code(created ? 201 : 200).send(subscription);
    },
  );

  app.delete(
    '/push-subscriptions/:id',
    route('Stop push notifications to one browser of the caller', {
      params: PushSubscriptionParamsSchema,
      response: { 204: NoContent },
    }),
    async (request, reply) => {
      await unsubscribe(scopeOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default notificationRoutes;

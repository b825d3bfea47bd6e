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
import { NoContent, problems } from '../../lib/route-schema';
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

const tags = ['notifications'];

const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/notification-rules',
    {
      schema: {
        tags,
        summary: "The caller's alert rules and the fleet-wide ones",
        response: { 200: NotificationRuleListSchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => listRules(scopeOf(request)),
  );

  app.post(
    '/notification-rules',
    {
      schema: {
        tags,
        summary: 'Create an alert rule: the caller’s own, or fleet-wide (administrators)',
        body: NotificationRuleCreateSchema,
        response: { 201: NotificationRuleSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createRule(scopeOf(request), request.body)),
  );

  app.get(
    '/notification-rules/:id',
    {
      schema: {
        tags,
        summary: 'One alert rule of the caller, or a fleet-wide one',
        params: NotificationRuleParamsSchema,
        response: { 200: NotificationRuleSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => getRule(scopeOf(request), request.params.id),
  );

  app.put(
    '/notification-rules/:id',
    {
      schema: {
        tags,
        summary: 'Replace an alert rule (the version read: 409 when someone changed it)',
        params: NotificationRuleParamsSchema,
        body: NotificationRuleUpdateSchema,
        response: { 200: NotificationRuleSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateRule(scopeOf(request), request.params.id, request.body),
  );

  app.delete(
    '/notification-rules/:id',
    {
      schema: {
        tags,
        summary: 'Delete an alert rule',
        params: NotificationRuleParamsSchema,
        response: { 204: NoContent, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteRule(scopeOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/notification-rules/:id/resubscribe',
    {
      schema: {
        tags,
        summary:
          "The caller's e-mails of a rule again, after a one-click unsubscribe (again: no change)",
        params: NotificationRuleParamsSchema,
        response: { 200: NotificationRuleSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => resubscribeRule(scopeOf(request), request.params.id),
  );

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first, with the unread count",
        querystring: NotificationQuerySchema,
        response: { 200: NotificationPageSchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => listNotifications(scopeOf(request), request.query),
  );

  app.get(
    '/notifications/unread',
    {
      schema: {
        tags,
        summary: "The caller's unread notifications: how many",
        response: { 200: NotificationUnreadSchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => getUnreadCount(scopeOf(request)),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark a notification read (again: no change); answers the unread count',
        params: NotificationParamsSchema,
        response: { 200: NotificationUnreadSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => readNotification(scopeOf(request), request.params.id),
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags,
        summary: "Mark all the caller's notifications read; answers the unread count",
        response: { 200: NotificationUnreadSchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => readAllNotifications(scopeOf(request)),
  );

  // web push (ADR 0098): the caller's browsers
  app.get(
    '/push/public-key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key, to subscribe a browser with",
        response: { 200: PushPublicKeySchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => getPublicKey(scopeOf(request)),
  );

  app.get(
    '/push-subscriptions',
    {
      schema: {
        tags,
        summary: "The caller's browsers that receive push notifications",
        response: { 200: PushSubscriptionListSchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => listSubscriptions(scopeOf(request)),
  );

  app.post(
    '/push-subscriptions',
    {
      schema: {
        tags,
        summary: 'Subscribe a browser of the caller (its PushSubscription): 201, or 200 when known',
        body: PushSubscriptionCreateSchema,
        response: {
          200: PushSubscriptionSchema,
          201: PushSubscriptionSchema,
          ...problems(400, 401, 403, 409),
        },
      },
    },
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
    {
      schema: {
        tags,
        summary: 'Stop push notifications to one browser of the caller',
        params: PushSubscriptionParamsSchema,
        response: { 204: NoContent, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await unsubscribe(scopeOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default notificationRoutes;

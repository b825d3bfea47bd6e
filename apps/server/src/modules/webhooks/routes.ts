// A fleet's webhooks (ADR 0088; administrators only): endpoints, their secret
// (shown once at creation and rotation), a test event, the delivery log and redelivery. Thin:
// the service owns the rules; deliveries are jobs (deliveries.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  WebhookCreateSchema,
  WebhookDeliveryPageSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliveryQuerySchema,
  WebhookDeliveryQueuedSchema,
  WebhookListSchema,
  WebhookParamsSchema,
  WebhookSchema,
  WebhookUpdateSchema,
  WebhookWithSecretSchema,
} from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { NoContent, routeDoc } from '../../lib/route-schema';
import {
  createWebhook,
  getWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  removeWebhook,
  replaceWebhook,
  rotateWebhookSecret,
  sendTestEvent,
  WEBHOOK_MANUAL_PER_MINUTE,
} from './service';

const route = routeDoc(['webhooks']);

const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/webhooks',
    route.admin("The fleet's webhook endpoints (administrators)", {
      ok: WebhookListSchema,
      problems: [400],
    }),
    async (request) => listWebhooks(scopeOf(request)),
  );

  app.post(
    '/webhooks',
    route.admin('Create a webhook endpoint; the answer holds its secret, shown this once', {
      body: WebhookCreateSchema,
      response: { 201: WebhookWithSecretSchema },
      problems: [409],
    }),
    async (request, reply) =>
      reply.code(201).send(await createWebhook(scopeOf(request), request.body)),
  );

  app.get(
    '/webhooks/:id',
    route.admin('One webhook endpoint of the fleet', {
      params: WebhookParamsSchema,
      ok: WebhookSchema,
    }),
    async (request) => getWebhook(scopeOf(request), request.params.id),
  );

  app.put(
    '/webhooks/:id',
    route.admin('Replace an endpoint: URL, kinds, events, description, enabled (on or off)', {
      params: WebhookParamsSchema,
      body: WebhookUpdateSchema,
      ok: WebhookSchema,
    }),
    async (request) => replaceWebhook(scopeOf(request), request.params.id, request.body),
  );

  app.delete(
    '/webhooks/:id',
    route.admin('Delete an endpoint and its delivery log', {
      params: WebhookParamsSchema,
      response: { 204: NoContent },
    }),
    async (request, reply) => {
      await removeWebhook(scopeOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/secret',
    route.admin('Rotate the secret: a new one, shown this once; the old one signs nothing more', {
      params: WebhookParamsSchema,
      ok: WebhookWithSecretSchema,
    }),
    async (request) => rotateWebhookSecret(scopeOf(request), request.params.id),
  );

  app.post(
    '/webhooks/:id/test',
    route.admin('Send a webhook.test event (one attempt, in the delivery log)', {
      description: `At most ${WEBHOOK_MANUAL_PER_MINUTE} tests and redeliveries per webhook and minute: more are answered 429 with Retry-After.`,
      params: WebhookParamsSchema,
      response: { 201: WebhookDeliveryQueuedSchema },
      problems: [429],
    }),
    async (request, reply) =>
      reply.code(201).send(await sendTestEvent(scopeOf(request), request.params.id)),
  );

  app.get(
    '/webhooks/:id/deliveries',
    route.admin("An endpoint's delivery log, newest first, each with its attempts", {
      params: WebhookParamsSchema,
      querystring: WebhookDeliveryQuerySchema,
      ok: WebhookDeliveryPageSchema,
    }),
    async (request) => listDeliveries(scopeOf(request), request.params.id, request.query),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    route.admin('Attempt a delivery once more (same webhook-id and body)', {
      description: `Idempotent: while a redelivery waits for its attempt, asking again queues nothing more. At most ${WEBHOOK_MANUAL_PER_MINUTE} tests and redeliveries per webhook and minute: more are answered 429 with Retry-After.`,
      params: WebhookDeliveryParamsSchema,
      ok: WebhookDeliveryQueuedSchema,
      problems: [409, 429],
    }),
    async (request) => redeliver(scopeOf(request), request.params.id, request.params.deliveryId),
  );
};

export default webhookRoutes;

// docs/webhooks.md, §6 and "Done when" (ADR 0088): a module's message over MQTT opens an alert and a
// real local receiver (127.0.0.1, WEBHOOK_ALLOW_PRIVATE) gets the request, signed per Standard
// Webhooks — verified with the reference library; a 500 is retried with the same webhook-id;
// a job replayed after its worker died sends nothing twice; redeliver and test events; an
// endpoint failing for 24 h is disabled and the administrators get an e-mail. On PGlite and,
// with DATABASE_URL and MQTT_URL, on PostgreSQL and Mosquitto.
import { Webhook as Verifier } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebhookDeliveryPageSchema, type AlertKind, type WebhookDelivery } from '@vfm/contract';
import { createFleetWithUsers, tokenFor, type FleetCast } from '../helpers/factories';
import { expectShape } from '../helpers/contract';
import { createBike } from '../helpers/bikes';
import { openAlertWithEvent } from '../helpers/fleet-data';
import { mailsTo } from '../helpers/mail';
import {
  moduleClients,
  nextSeq,
  publishUp,
  startIotTestServer,
  waitFor as waitForCondition,
} from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { JOBS_SCHEMA } from '../../src/jobs/queues';
import { purgeWebhookDeliveries } from '../../src/modules/webhooks/maintenance';

/** three jobs run between a cause and its request: generous on a loaded machine */
const waitFor = <T>(fn: () => Promise<T> | T, timeoutMs = 30_000, what?: string) =>
  waitForCondition(fn, Math.max(timeoutMs, 30_000), what);

let t: TestServer;
let cast: FleetCast, other: FleetCast;
let receiver: WebhookReceiver;
const modules = moduleClients(
  () => t,
  () => receiver?.close(),
);

beforeAll(async () => {
  t = await startIotTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  cast = await createFleetWithUsers(t);
  other = await createFleetWithUsers(t);
  receiver = await startWebhookReceiver();
});

const admin = () => t.api({ token: cast.adminToken });

let hooks = 0;
async function createHook(body: Record<string, unknown> = {}, token = cast.adminToken) {
  hooks += 1;
  const res = await t.api({ token }).post('webhooks', {
    url: `${receiver.url}?n=${hooks}`,
    kinds: ['REPORTED_THEFT'],
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { webhook: { id: string; url: string }; secret: string };
}

const pathOf = (url: string) => url.slice(url.indexOf('/hooks/'));
const requestsTo = (url: string) => receiver.requests.filter((r) => r.path === pathOf(url));
/** the next answers of the receiver to this endpoint */
const answer = (url: string, ...statuses: number[]) => receiver.answers.set(pathOf(url), statuses);

async function deliveries(id: string): Promise<WebhookDelivery[]> {
  const res = await admin().get(`webhooks/${id}/deliveries`);
  expect(res.status).toBe(200);
  expectShape(WebhookDeliveryPageSchema, res.body);
  return res.body.content;
}

/** A reported theft's alert opened, published as the reconciliation does (its condition
 *  holds: the sweep leaves it open). */
async function openAlert(kind = 'REPORTED_THEFT', fleet = cast.fleet) {
  const bike = await createBike(t, fleet, { theft_state: 'REPORTED' });
  const alert = await openAlertWithEvent(t, bike, kind as AlertKind);
  return { bike, alert };
}

/** The next automatic attempt is due now (as if its wait had passed). */
async function hurryRetry(deliveryId: string) {
  await waitFor(
    async () => {
      const rows = await t.server.database.query(
        `UPDATE ${JOBS_SCHEMA}.job SET start_after = now()
        WHERE name = 'webhooks.deliver' AND state IN ('created', 'retry') AND data->>'deliveryId' = $1
        RETURNING id`,
        [deliveryId],
      );
      return rows.length > 0;
    },
    10_000,
    'the scheduled retry',
  );
  await t.server.database.notify('vfm_jobs', 'webhooks.deliver');
}

describe('webhook deliveries', () => {
  it('delivers a module alarm to a local receiver, signed per Standard Webhooks', async () => {
    const { webhook, secret } = await createHook({
      kinds: ['SUSPECTED_THEFT'],
      events: ['alert.opened', 'alert.cleared'],
    });
    // another fleet's endpoint and one for other kinds hear nothing of it
    const stranger = await createHook({ kinds: ['SUSPECTED_THEFT'] }, other.adminToken);
    const batteries = await createHook({ kinds: ['LOW_VEHICLE_BATTERY'] });

    const { client, ...module } = await modules.online(cast.fleet, {
      last_communication_date: new Date(),
      bike_battery_level: 80,
    });
    const sent = Date.now();
    await publishUp(client, module.moduleId, 'event', {
      seq: nextSeq(),
      ts: new Date().toISOString(),
      name: 'ALARM_TRIGGERED',
      source: 'MODULE',
    });
    const [request] = await waitFor(
      () => requestsTo(webhook.url).length > 0 && requestsTo(webhook.url),
      20_000,
      'the signed request',
    );
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('application/json');
    // the reference library of the specification verifies it
    const payload = new Verifier(secret).verify(request!.body, request!.headers) as any;
    expect(payload).toMatchObject({
      type: 'alert.opened',
      data: {
        alert: { kind: 'SUSPECTED_THEFT', severity: 'CRITICAL', clearedAt: null },
        bike: { vehicleNumber: module.bike.vehicleNumber },
        link: `http://vfm.test/fr/fleet/product/${module.bike.vehicleNumber}`,
      },
    });
    // a wrong secret or a changed body does not verify
    expect(() =>
      new Verifier(`whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`).verify(
        request!.body,
        request!.headers,
      ),
    ).toThrow();
    expect(() =>
      new Verifier(secret).verify(request!.body.replace('CRITICAL', 'MINOR'), request!.headers),
    ).toThrow();
    expect(request!.at - sent).toBeLessThan(15_000);

    const [logged] = await waitFor(async () => {
      const list = await deliveries(webhook.id);
      return list[0]?.state === 'DELIVERED' && list;
    });
    expect(logged).toMatchObject({
      id: request!.headers['webhook-id'],
      event: 'alert.opened',
      vehicleNumber: module.bike.vehicleNumber,
      kind: 'SUSPECTED_THEFT',
      nextAttemptAt: null,
    });
    expect(logged!.attempts).toEqual([
      expect.objectContaining({ status: 200, response: 'ok', error: null, manual: false }),
    ]);
    expect(logged!.attempts[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(requestsTo(stranger.webhook.url)).toHaveLength(0);
    expect(requestsTo(batteries.webhook.url)).toHaveLength(0);
  });

  it('retries after a 500 with the same webhook-id and body, then stops at the 2xx', async () => {
    const { webhook, secret } = await createHook();
    answer(webhook.url, 500);
    await openAlert();
    await waitFor(() => requestsTo(webhook.url).length === 1, 15_000, 'the first attempt');
    const [pending] = await waitFor(async () => {
      const list = await deliveries(webhook.id);
      return list[0]?.attempts.length === 1 && list;
    });
    expect(pending).toMatchObject({ state: 'PENDING' });
    expect(pending!.attempts[0]).toMatchObject({ status: 500, response: 'status 500' });
    // the schedule's first wait: 30 s
    const wait = Date.parse(pending!.nextAttemptAt!) - Date.parse(pending!.attempts[0]!.at);
    expect(wait).toBe(30_000);
    const failing = await admin().get(`webhooks/${webhook.id}`);
    expect(failing.body.failingSince).toBe(pending!.attempts[0]!.at);

    await hurryRetry(pending!.id);
    const [first, second] = await waitFor(
      () => requestsTo(webhook.url).length === 2 && requestsTo(webhook.url),
      15_000,
      'the retry',
    );
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    new Verifier(secret).verify(second!.body, second!.headers);
    const [done] = await waitFor(async () => {
      const list = await deliveries(webhook.id);
      return list[0]?.state === 'DELIVERED' && list;
    });
    expect(done!.attempts.map((a) => a.status)).toEqual([200, 500]);
    expect((await admin().get(`webhooks/${webhook.id}`)).body.failingSince).toBeNull();
  });

  it('sends nothing twice when a job runs again after its worker died', async () => {
    const { webhook } = await createHook();
    const { alert } = await openAlert();
    await waitFor(async () => (await deliveries(webhook.id))[0]?.state === 'DELIVERED');
    // a worker killed after its work committed, before pg-boss marked the job done: the job
    // is taken again once its lease expired — here, the same jobs inserted once more
    await t.server.database.query(
      `INSERT INTO ${JOBS_SCHEMA}.job (name, data)
       SELECT name, data FROM ${JOBS_SCHEMA}.job
        WHERE (name = 'webhooks.fanout' AND data->'data'->>'alertId' = $1)
           OR (name = 'webhooks.deliver' AND data->>'deliveryId' IN
                (SELECT id::text FROM webhook_delivery WHERE alert_id = $1::uuid))`,
      [alert.id],
    );
    await t.server.database.notify('vfm_jobs', 'webhooks.fanout');
    await t.server.database.notify('vfm_jobs', 'webhooks.deliver');
    await waitFor(
      async () => {
        const [row] = await t.server.database.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job
          WHERE name IN ('webhooks.fanout', 'webhooks.deliver') AND state <> 'completed'
            AND (data->'data'->>'alertId' = $1 OR data->>'deliveryId' IN
                 (SELECT id::text FROM webhook_delivery WHERE alert_id = $1::uuid))`,
          [alert.id],
        );
        return row!.n === 0;
      },
      20_000,
      'the replayed jobs done',
    );
    expect(requestsTo(webhook.url)).toHaveLength(1);
    const list = await deliveries(webhook.id);
    expect(list).toHaveLength(1);
    expect(list[0]!.attempts).toHaveLength(1);
  });

  it('redelivers on request (same webhook-id) and sends a signed test event', async () => {
    const { webhook, secret } = await createHook();
    await openAlert();
    const [delivered] = await waitFor(async () => {
      const list = await deliveries(webhook.id);
      return list[0]?.state === 'DELIVERED' && list;
    });
    const again = await admin().post(
      `webhooks/${webhook.id}/deliveries/${delivered!.id}/redeliver`,
    );
    expect(again.status, again.text).toBe(200);
    const [, second] = await waitFor(
      () => requestsTo(webhook.url).length === 2 && requestsTo(webhook.url),
    );
    expect(second!.headers['webhook-id']).toBe(delivered!.id);

    const test = await admin().post(`webhooks/${webhook.id}/test`);
    expect(test.status).toBe(201);
    const testRequest = await waitFor(() =>
      requestsTo(webhook.url).find((r) => r.headers['webhook-id'] === test.body.deliveryId),
    );
    expect(new Verifier(secret).verify(testRequest.body, testRequest.headers)).toMatchObject({
      type: 'webhook.test',
      data: { webhookId: webhook.id },
    });
    const list = await waitFor(async () => {
      const all = await deliveries(webhook.id);
      return all.find((d) => d.id === test.body.deliveryId)?.state === 'DELIVERED' && all;
    });
    expect(list.find((d) => d.id === delivered!.id)!.attempts.map((a) => a.manual)).toEqual([
      true,
      false,
    ]);
  });

  it('disables an endpoint failing for 24 hours and tells the fleet’s administrators', async () => {
    const { webhook } = await createHook();
    answer(webhook.url, 503, 503);
    await openAlert();
    const [pending] = await waitFor(async () => {
      const list = await deliveries(webhook.id);
      return list[0]?.attempts.length === 1 && list;
    });
    // a day and an hour later, the next attempt fails too
    t.clock.advance(25 * 3_600_000);
    cast.adminToken = await tokenFor(t, cast.admin);
    other.adminToken = await tokenFor(t, other.admin);
    cast.managerToken = await tokenFor(t, cast.manager);
    await hurryRetry(pending!.id);
    const disabled = await waitFor(
      async () => {
        const res = await admin().get(`webhooks/${webhook.id}`);
        return res.body.enabled === false && res.body;
      },
      20_000,
      'the endpoint disabled',
    );
    expect(disabled).toMatchObject({ disabledReason: 'FAILING' });
    const [mail] = await waitFor(
      async () => {
        const mails = await mailsTo(t, cast.admin.email);
        return mails.length > 0 && mails;
      },
      20_000,
      'the e-mail to the administrator',
    );
    expect(mail!.subject).toMatch(/webhook/i);
    expect(mail!.text).toContain(webhook.url);
    // a manager of the fleet is not told
    expect(await mailsTo(t, cast.manager.email)).toHaveLength(0);
    const [audit] = await t.server.database.query<{ name: string }>(
      `SELECT name FROM event WHERE data->>'id' = $1 AND name = 'WEBHOOK_DISABLED'`,
      [webhook.id],
    );
    expect(audit).toBeDefined();
    // no more automatic attempts to a disabled endpoint
    const before = requestsTo(webhook.url).length;
    await hurryRetry(pending!.id);
    await waitFor(async () => (await deliveries(webhook.id))[0]?.state === 'FAILED');
    expect(requestsTo(webhook.url)).toHaveLength(before);
  });

  it('keeps the delivery log 30 days, and a pending delivery until it ends', async () => {
    const { webhook } = await createHook();
    await openAlert();
    const [delivered] = await waitFor(async () => {
      const list = await deliveries(webhook.id);
      return list[0]?.state === 'DELIVERED' && list;
    });
    await t.server.database.query(
      `INSERT INTO webhook_delivery (endpoint_id, fleet_id, idempotency_key, event, body, state)
       VALUES ($1, $2, 'purge-test', 'webhook.test', '{}', 'PENDING')`,
      [webhook.id, cast.fleet.id],
    );
    await purgeWebhookDeliveries(
      t.server.database,
      new Date(t.clock.now().getTime() + 29 * 86_400_000),
    );
    expect(await deliveries(webhook.id)).toHaveLength(2);
    await purgeWebhookDeliveries(
      t.server.database,
      new Date(t.clock.now().getTime() + 31 * 86_400_000),
    );
    const left = await deliveries(webhook.id);
    expect(left.map((d) => d.state)).toEqual(['PENDING']);
    expect(left.map((d) => d.id)).not.toContain(delivered!.id);
  });
});

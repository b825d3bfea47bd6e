// docs/webhooks.md and "Security" (ADR 0088): the webhooks resource through the real server — an
// administrator of the fleet creates, lists, reads, replaces, turns off and on, rotates the
// secret of, tests and deletes an endpoint; the secret is shown once and stored sealed; every
// change is audited; a manager and another fleet's administrator get nothing; a URL that is
// not https or names a private address is refused (this server has no WEBHOOK_ALLOW_PRIVATE).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WebhookDeliveryPageSchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from '@vfm/contract';
import { createFleetWithUsers, twoFleets, type FleetCast } from '../helpers/factories';
import { expectShape } from '../helpers/contract';
import type { TestServer } from '../helpers/server';
import { waitFor } from '../helpers/mqtt';
import { startWebhookReceiver } from '../helpers/webhook-receiver';

let t: TestServer, cast: FleetCast, other: FleetCast;
beforeAll(async () => ({ t, cast, other } = await twoFleets(createFleetWithUsers)));
afterAll(() => t.close());

const admin = () => t.api({ token: cast.adminToken });
const HOOK = {
  url: 'https://hooks.example.com/vfm?token=abc',
  kinds: ['SUSPECTED_THEFT', 'REPORTED_THEFT'],
  description: 'Night desk',
};

async function create(body: Record<string, unknown> = HOOK) {
  const res = await admin().post('webhooks', body);
  expect(res.status, res.text).toBe(201);
  expectShape(WebhookWithSecretSchema, res.body);
  return res.body as { webhook: { id: string; secretHint: string }; secret: string };
}

const auditOf = (id: string) =>
  t.server.database.query<{ name: string; user_email: string | null; data: string }>(
    `SELECT name, user_email, data::text AS data FROM event
      WHERE fleet_id = $1 AND data->>'id' = $2 ORDER BY id`,
    [cast.fleet.id, id],
  );

describe('webhooks: an administrator manages the fleet’s endpoints', () => {
  it('creates one, shows its secret once, stores it sealed and audits it', async () => {
    const { webhook, secret } = await create();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhook).toMatchObject({
      url: HOOK.url,
      kinds: HOOK.kinds,
      events: ['alert.opened'],
      description: 'Night desk',
      enabled: true,
      disabledReason: null,
      failingSince: null,
      secretHint: `${secret.slice(0, 10)}…`,
      updatedBy: cast.admin.email,
    });
    // never again: not in the list, not in the endpoint, not in the database, not in the audit
    const list = await admin().get('webhooks');
    expect(list.status).toBe(200);
    expectShape(WebhookListSchema, list.body);
    expect(list.body.content.map((w: { id: string }) => w.id)).toEqual([webhook.id]);
    const key = secret.slice('whsec_'.length);
    expect(list.text).not.toContain(key);
    const one = await admin().get(`webhooks/${webhook.id}`);
    expectShape(WebhookSchema, one.body);
    expect(one.text).not.toContain(key);
    const [row] = await t.server.database.query<Record<string, string>>(
      'SELECT * FROM webhook_endpoint WHERE id = $1',
      [webhook.id],
    );
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row!.secret_encrypted).toMatch(/^v1\./);
    const audit = await auditOf(webhook.id);
    expect(audit.map((e) => e.name)).toEqual(['WEBHOOK_CREATED']);
    expect(audit[0]!.user_email).toBe(cast.admin.email);
    expect(audit[0]!.data).not.toContain(key);
    // in the activity log, with the settings (administrators only)
    const activity = await admin().get('fleet/events', { query: { kind: ['settings'] } });
    expect(activity.body.content.map((e: { name: string }) => e.name)).toContain('WEBHOOK_CREATED');
    expect(activity.text).not.toContain(key);
  });

  it('replaces kinds and events, turns it off and on again, each change audited', async () => {
    const { webhook } = await create();
    const replaced = await admin().put(`webhooks/${webhook.id}`, {
      url: 'https://hooks.example.com/other',
      kinds: ['LOW_VEHICLE_BATTERY'],
      events: ['alert.opened', 'alert.cleared'],
      description: '',
      enabled: false,
    });
    expect(replaced.status, replaced.text).toBe(200);
    expectShape(WebhookSchema, replaced.body);
    expect(replaced.body).toMatchObject({
      url: 'https://hooks.example.com/other',
      kinds: ['LOW_VEHICLE_BATTERY'],
      events: ['alert.opened', 'alert.cleared'],
      enabled: false,
      disabledReason: 'MANUAL',
    });
    const on = await admin().put(`webhooks/${webhook.id}`, {
      ...HOOK,
      events: ['alert.cleared'],
      enabled: true,
    });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null });
    const audit = await auditOf(webhook.id);
    expect(audit.map((e) => e.name)).toEqual([
      'WEBHOOK_CREATED',
      'WEBHOOK_UPDATED',
      'WEBHOOK_UPDATED',
    ]);
    expect(JSON.parse(audit[1]!.data)).toMatchObject({
      from: { enabled: true, kinds: HOOK.kinds },
      to: { enabled: false, kinds: ['LOW_VEHICLE_BATTERY'] },
    });
  });

  it('rotates the secret: a new one shown once, the hint follows', async () => {
    const { webhook, secret } = await create();
    const res = await admin().post(`webhooks/${webhook.id}/secret`);
    expect(res.status, res.text).toBe(200);
    expectShape(WebhookWithSecretSchema, res.body);
    expect(res.body.secret).not.toBe(secret);
    expect(res.body.webhook.secretHint).toBe(`${res.body.secret.slice(0, 10)}…`);
    expect((await auditOf(webhook.id)).map((e) => e.name)).toContain('WEBHOOK_SECRET_ROTATED');
  });

  it('queues a test event in the delivery log; a pending delivery cannot be redelivered', async () => {
    const { webhook } = await create();
    const test = await admin().post(`webhooks/${webhook.id}/test`);
    expect(test.status, test.text).toBe(201);
    const log = await admin().get(`webhooks/${webhook.id}/deliveries`);
    expect(log.status).toBe(200);
    expectShape(WebhookDeliveryPageSchema, log.body);
    expect(log.body.content[0]).toMatchObject({
      id: test.body.deliveryId,
      event: 'webhook.test',
      vehicleNumber: null,
    });
    // a delivery whose automatic attempt is still due
    const [pending] = await t.server.database.query<{ id: string }>(
      `INSERT INTO webhook_delivery (endpoint_id, fleet_id, idempotency_key, event, body)
       VALUES ($1, $2, 'pending-' || gen_random_uuid(), 'alert.opened', '{}') RETURNING id`,
      [webhook.id, cast.fleet.id],
    );
    const again = await admin().post(`webhooks/${webhook.id}/deliveries/${pending!.id}/redeliver`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('WEBHOOK_DELIVERY_PENDING');
    const unknown = await admin().post(
      `webhooks/${webhook.id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('problem+json');
  });

  it('deletes one with its log; it is gone', async () => {
    const { webhook } = await create();
    await admin().post(`webhooks/${webhook.id}/test`);
    expect((await admin().delete(`webhooks/${webhook.id}`)).status).toBe(204);
    expect((await admin().get(`webhooks/${webhook.id}`)).status).toBe(404);
    expect((await admin().delete(`webhooks/${webhook.id}`)).status).toBe(404);
    const [left] = await t.server.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_delivery WHERE endpoint_id = $1',
      [webhook.id],
    );
    expect(left!.n).toBe(0);
    expect((await auditOf(webhook.id)).map((e) => e.name).at(-1)).toBe('WEBHOOK_DELETED');
  });
});

describe('webhooks: bad input and attackers', () => {
  it.each([
    ['http://hooks.example.com/', /https/],
    ['https://127.0.0.1/hook', /loopback/],
    ['https://10.0.0.5/hook', /private/],
    ['https://169.254.169.254/latest/meta-data', /metadata/],
    ['https://100.64.0.1/', /cgnat/],
    ['https://[::1]/', /loopback/],
    ['https://[::ffff:127.0.0.1]/', /loopback/],
    ['https://[fe80::1]/', /link-local/],
    ['https://localhost:8443/', /local name/],
    ['https://user:secret@hooks.example.com/', /password/],
    ['not a url', /valid URL/],
  ])('refuses %s with a problem naming the url', async (url, detail) => {
    const res = await admin().post('webhooks', { ...HOOK, url });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('problem+json');
    expect(res.body).toMatchObject({ code: 'WEBHOOK_URL_REFUSED', errors: [{ field: 'url' }] });
    expect(res.body.detail).toMatch(detail);
  });

  it('refuses unknown kinds, no kinds, unknown events and unknown fields (400, never 500)', async () => {
    for (const body of [
      { ...HOOK, kinds: ['NOPE'] },
      { ...HOOK, kinds: [] },
      { ...HOOK, events: ['bike.stolen'] },
      { ...HOOK, secret: 'whsec_mine' },
      { kinds: HOOK.kinds },
    ]) {
      const res = await admin().post('webhooks', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin().get('webhooks/not-a-uuid')).status).toBe(400);
  });

  it('keeps a manager out: 403 on every call', async () => {
    const { webhook } = await create();
    const manager = t.api({ token: cast.managerToken });
    const calls = [
      manager.get('webhooks'),
      manager.post('webhooks', HOOK),
      manager.get(`webhooks/${webhook.id}`),
      manager.put(`webhooks/${webhook.id}`, { ...HOOK, events: ['alert.opened'], enabled: false }),
      manager.delete(`webhooks/${webhook.id}`),
      manager.post(`webhooks/${webhook.id}/secret`),
      manager.post(`webhooks/${webhook.id}/test`),
      manager.get(`webhooks/${webhook.id}/deliveries`),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    expect((await admin().get(`webhooks/${webhook.id}`)).body.enabled).toBe(true);
  });

  it("keeps another fleet's administrator out: its endpoints do not exist for them", async () => {
    const { webhook } = await create();
    const stranger = t.api({ token: other.adminToken });
    expect((await stranger.get('webhooks')).body.content).toEqual([]);
    const calls = [
      stranger.get(`webhooks/${webhook.id}`),
      stranger.put(`webhooks/${webhook.id}`, { ...HOOK, events: ['alert.opened'], enabled: false }),
      stranger.delete(`webhooks/${webhook.id}`),
      stranger.post(`webhooks/${webhook.id}/secret`),
      stranger.post(`webhooks/${webhook.id}/test`),
      stranger.get(`webhooks/${webhook.id}/deliveries`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('WEBHOOK_NOT_FOUND');
    }
    expect((await admin().get(`webhooks/${webhook.id}`)).body.enabled).toBe(true);
    const [row] = await t.server.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_delivery WHERE endpoint_id = $1',
      [webhook.id],
    );
    expect(row!.n).toBe(0);
  });
});

describe('webhooks: private addresses at delivery time (no WEBHOOK_ALLOW_PRIVATE)', () => {
  it('refuses to call a loopback receiver whose endpoint was stored earlier', async () => {
    const receiver = await startWebhookReceiver();
    try {
      // stored while the operator allowed private addresses; the flag is off now
      const { webhook } = await create();
      const port = new URL(receiver.url).port;
      for (const url of [receiver.url, `https://127.0.0.1:${port}/hooks/vfm`]) {
        await t.server.database.query('UPDATE webhook_endpoint SET url = $2 WHERE id = $1', [
          webhook.id,
          url,
        ]);
        const test = await admin().post(`webhooks/${webhook.id}/test`);
        expect(test.status).toBe(201);
        const delivery = await waitFor(async () => {
          const log = await admin().get(`webhooks/${webhook.id}/deliveries`);
          const found = log.body.content.find((d: { id: string }) => d.id === test.body.deliveryId);
          return found?.state === 'FAILED' && found;
        });
        expect(delivery.attempts[0].status).toBeNull();
        expect(delivery.attempts[0].error).toMatch(
          url.startsWith('http:') ? /must use https/ : /loopback/,
        );
      }
      expect(receiver.requests).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});

describe('webhooks in the OpenAPI document', () => {
  it('documents every call and the payload a receiver gets', async () => {
    const res = await t.api().get('/api/docs/json');
    const paths = res.body.paths as Record<string, Record<string, any>>;
    const ours = Object.entries(paths).filter(([path]) => path.includes('/webhooks'));
    expect(ours.map(([path]) => path.replace('/api/wf/rest/v1/', '')).sort()).toEqual([
      'webhooks',
      'webhooks/{id}',
      'webhooks/{id}/deliveries',
      'webhooks/{id}/deliveries/{deliveryId}/redeliver',
      'webhooks/{id}/secret',
      'webhooks/{id}/test',
    ]);
    for (const [path, operations] of ours) {
      for (const [method, operation] of Object.entries(operations)) {
        const success = ['204', '201'].find((code) => operation.responses[code]) ?? '200';
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
          expect.arrayContaining([success, '400', '401', '403']),
        );
      }
    }
    const opened = res.body.webhooks['alert.opened'].post;
    expect(opened.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const schema = opened.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(['type', 'timestamp', 'data']);
    expect(res.body.webhooks['webhook.test']).toBeDefined();
  });
});

describe('webhooks: problems in the caller’s language', () => {
  it('says why a URL is refused in French and German', async () => {
    const fr = await t
      .api({ token: cast.adminToken, language: 'fr' })
      .post('webhooks', { ...HOOK, url: 'https://10.1.2.3/' });
    expect(fr.body.detail).toBe(
      'L’URL du webhook est refusée : elle ne doit pas viser une adresse privée.',
    );
    const de = await t
      .api({ token: cast.adminToken, language: 'de' })
      .post('webhooks', { ...HOOK, url: 'http://hooks.example.com/' });
    expect(de.body.detail).toBe('Die Webhook-URL wird abgelehnt: sie muss https verwenden.');
    const metadata = await t
      .api({ token: cast.adminToken, language: 'de' })
      .post('webhooks', { ...HOOK, url: 'https://169.254.169.254/' });
    expect(metadata.body.detail).toBe(
      'Die Webhook-URL wird abgelehnt: sie darf nicht auf eine Cloud-Metadaten-Adresse zeigen.',
    );
  });
});

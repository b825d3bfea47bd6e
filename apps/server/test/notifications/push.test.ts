// ADR 0098: web push against a local push service. An alert makes one push per
// browser of the user: the receiver checks the VAPID Authorization header (ES256 JWT for its
// origin, signed by the key GET push/public-key gives) and decrypts the aes128gcm body with the
// browser's private key (RFC 8291, by hand with node:crypto); a 410 forgets the subscription; a
// job retried because one browser's service failed sends nothing twice to the other. The
// subscriptions' API refuses bad input with a problem and audits its changes.
// On PGlite and, with DATABASE_URL, on PostgreSQL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAlertWithEvent } from '../helpers/fleet-data';
import { PushSubscriptionSchema, type PushPayload } from '@vfm/contract';
import { createAccount, createFleetWithUsers, tokenFor } from '../helpers/factories';
import { expectShape } from '../helpers/contract';
import { createBike, type BikeRow } from '../helpers/bikes';
import { waitFor } from '../helpers/mqtt';
import { startTestServer, type TestServer } from '../helpers/server';
import { decryptPush, pushBrowser, type PushBrowser } from '../helpers/web-push';
import { deliverEmail } from '../../src/modules/notifications/delivery/deliver';
import { subscriptionErrors } from '../../src/modules/notifications/push/subscriptions-service';
import { ruleInput } from './rule-input';

let t: TestServer;
let cast: Awaited<ReturnType<typeof createFleetWithUsers>>;

/** What the push service received, and what it answers per browser (path) next. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
const received: Received[] = [];
const answers = new Map<string, number[]>();
let pushService: http.Server;
let pushOrigin: string;

beforeAll(async () => {
  pushService = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const status = answers.get(req.url ?? '')?.shift() ?? 201;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((done) => pushService.listen(0, '127.0.0.1', done));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  t = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  cast = await createFleetWithUsers(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((done) => pushService.close(done));
});

const browser = () => pushBrowser(pushOrigin);
type Browser = PushBrowser;
const decrypt = decryptPush;

/** The VAPID header: `vapid t=<JWT>, k=<public key>`, the JWT signed by that key for us. */
async function verifyVapid(headers: http.IncomingHttpHeaders, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(\S+)$/.exec(headers.authorization ?? '');
  expect(match, headers.authorization).not.toBeNull();
  expect(match![2]).toBe(publicKey);
  const raw = Buffer.from(publicKey, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(match![1]!, key, { audience: pushOrigin });
  expect(payload.sub).toMatch(/^(mailto:|https:)/);
  expect(payload.exp! * 1000).toBeGreaterThan(Date.now());
}

async function userWithPush(language = 'en') {
  const account = await createAccount(t, cast.fleet, { language, fullName: 'Paula Push' });
  const api = t.api({ token: await tokenFor(t, account) });
  const rule = await api.post(
    'notification-rules',
    ruleInput({ name: 'Thefts', kinds: ['SUSPECTED_THEFT'], channels: ['IN_APP', 'PUSH'] }),
  );
  expect(rule.status).toBe(201);
  return { account, api };
}

async function subscribe(api: ReturnType<TestServer['api']>, to: Browser) {
  const res = await api.post('push-subscriptions', to.subscription);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expectShape(PushSubscriptionSchema, res.body);
  return res.body.id as string;
}

const openAlert = (bike: BikeRow) => openAlertWithEvent(t, bike, 'SUSPECTED_THEFT');

const pushDeliveries = (accountId: string) =>
  t.server.database.query<{ id: string; status: string }>(
    `SELECT id, status FROM notification_delivery WHERE account_id = $1 AND channel = 'PUSH'`,
    [accountId],
  );
const receivedBy = (to: Browser) => received.filter((r) => r.path === to.path);

describe('web push', () => {
  it('pushes an alert to the browser: VAPID-signed, encrypted, in the user’s language, once', async () => {
    const user = await userWithPush('en');
    const key = await user.api.get('push/public-key');
    expect(key.status).toBe(200);
    const phone = browser();
    await subscribe(user.api, phone);

    const bike = await createBike(t, cast.fleet);
    await openAlert(bike);
    const [request] = await waitFor(() => receivedBy(phone).length && receivedBy(phone), 20_000);
    await verifyVapid(request!.headers, key.body.publicKey);
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request!.headers.ttl)).toBeGreaterThan(0);
    expect(request!.headers.urgency).toBe('high');
    const payload = JSON.parse(decrypt(request!.body, phone)) as PushPayload;
    expect(payload).toMatchObject({
      title: `Theft alarm – bike ${bike.vehicleNumber}`,
      url: `/en/fleet/product/${bike.vehicleNumber}`,
      kind: 'SUSPECTED_THEFT',
      vehicleNumber: bike.vehicleNumber,
      tag: `SUSPECTED_THEFT:${bike.vehicleNumber}`,
    });
    expect(payload.body).toContain(bike.vehicleNumber);

    const [delivery] = await waitFor(async () => {
      const rows = await pushDeliveries(user.account.id);
      return rows[0]?.status === 'SENT' && rows;
    });
    // the job delivered again (at-least-once): nothing more is sent
    expect(await deliverEmail(t.server.app.ctx, delivery!.id)).toBe('done');
    await t.server.database.query(
      `UPDATE notification_delivery SET status = 'PENDING' WHERE id = $1`,
      [delivery!.id],
    );
    // even a delivery found PENDING again (a crash before it was marked): the browser was reached
    await deliverEmail(t.server.app.ctx, delivery!.id);
    expect(receivedBy(phone)).toHaveLength(1);
  });

  it('speaks the user’s language', async () => {
    const user = await userWithPush('de');
    const laptop = browser();
    await subscribe(user.api, laptop);
    const bike = await createBike(t, cast.fleet);
    await openAlert(bike);
    const [request] = await waitFor(() => receivedBy(laptop).length && receivedBy(laptop), 20_000);
    const payload = JSON.parse(decrypt(request!.body, laptop)) as PushPayload;
    expect(payload.url).toBe(`/de/fleet/product/${bike.vehicleNumber}`);
    expect(payload.title).toContain('Fahrrad');
  });

  it('forgets a subscription the push service says is gone (410), and retries a failing one without sending twice to the other', async () => {
    const user = await userWithPush();
    const kept = browser();
    const gone = browser();
    const flaky = browser();
    await subscribe(user.api, kept);
    const goneId = await subscribe(user.api, gone);
    await subscribe(user.api, flaky);
    answers.set(gone.path, [410]);
    answers.set(flaky.path, [503]);

    await openAlert(await createBike(t, cast.fleet));
    // the job fails for the flaky browser, and is retried: then it gets through
    await waitFor(() => receivedBy(flaky).length >= 2, 30_000, 'the retry');
    await waitFor(async () => (await pushDeliveries(user.account.id))[0]?.status === 'SENT');
    expect(receivedBy(kept)).toHaveLength(1);
    expect(receivedBy(gone)).toHaveLength(1);
    const list = await user.api.get('push-subscriptions');
    expect(list.body.content.map((s: { id: string }) => s.id)).not.toContain(goneId);
    expect(list.body.content).toHaveLength(2);
  });

  it('sends no push to a user without a browser subscribed', async () => {
    const user = await userWithPush();
    await openAlert(await createBike(t, cast.fleet));
    await waitFor(async () => (await user.api.get('notifications')).body.totalElements === 1);
    expect(await pushDeliveries(user.account.id)).toEqual([]);
  });
});

describe('push subscriptions API', () => {
  it('keeps the VAPID key: one pair, the private key sealed in the database', async () => {
    const first = await t.api({ token: cast.managerToken }).get('push/public-key');
    const again = await t.api({ token: cast.adminToken }).get('push/public-key');
    expect(first.body.publicKey).toBe(again.body.publicKey);
    const rows = await t.server.database.query<{ public_key: string; private_key_sealed: string }>(
      'SELECT public_key, private_key_sealed FROM vapid_key',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.public_key).toBe(first.body.publicKey);
    expect(rows[0]!.private_key_sealed).toMatch(/^v1\./);
  });

  it('subscribes once per browser, lists, unsubscribes, audits, and keeps others out', async () => {
    const user = await userWithPush();
    const tablet = browser();
    const id = await subscribe(user.api, tablet);
    // the same browser again: known (200), one row
    const again = await user.api.post('push-subscriptions', tablet.subscription);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(id);
    const list = await user.api.get('push-subscriptions');
    expect(list.body.content).toEqual([expect.objectContaining({ id, service: pushOrigin })]);
    // the endpoint itself is never shown
    expect(JSON.stringify(list.body)).not.toContain(tablet.path);
    // someone else's subscription is as absent as an unknown one
    const stranger = await t.api({ token: cast.managerToken }).delete(`push-subscriptions/${id}`);
    expect(stranger.status).toBe(404);
    expect((await user.api.delete(`push-subscriptions/${id}`)).status).toBe(204);
    expect((await user.api.delete(`push-subscriptions/${id}`)).status).toBe(404);
    const audit = await t.server.database.query<{ name: string; data: { service: string } }>(
      `SELECT name, data FROM event WHERE user_email = $1 AND name LIKE 'PUSH_%' ORDER BY id`,
      [user.account.email],
    );
    expect(audit.map((row) => row.name)).toEqual([
      'PUSH_SUBSCRIBED',
      'PUSH_SUBSCRIBED',
      'PUSH_UNSUBSCRIBED',
    ]);
    expect(JSON.stringify(audit)).not.toContain(tablet.path);
  });

  it.each([
    ['an endpoint that is no URL', { endpoint: 'not a url at all' }, 'endpoint'],
    ['an ftp endpoint', { endpoint: 'ftp://push.example/abc' }, 'endpoint'],
    [
      'a key that is no P-256 point',
      { keys: { p256dh: 'A'.repeat(87), auth: 'A'.repeat(22) } },
      'keys/p256dh',
    ],
  ])('refuses %s with a problem naming the field', async (_what, override, field) => {
    const user = await userWithPush();
    const body = { ...browser().subscription, ...override };
    const res = await user.api.post('push-subscriptions', body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('problem+json');
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect((await user.api.get('push-subscriptions')).body.content).toEqual([]);
  });

  it('refuses malformed bodies with 400', async () => {
    const user = await userWithPush();
    for (const body of [
      {},
      { endpoint: 'https://push.example/x' },
      { ...browser().subscription, extra: true },
      { ...browser().subscription, keys: { p256dh: 'x', auth: 'y' } },
    ]) {
      const res = await user.api.post('push-subscriptions', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await user.api.delete('push-subscriptions/not-a-uuid')).status).toBe(400);
  });

  it('applies the webhooks’ address rules to endpoints without WEBHOOK_ALLOW_PRIVATE', () => {
    const keys = browser().subscription.keys;
    const problemOf = (endpoint: string) =>
      subscriptionErrors({ endpoint, keys }, false).map((e) => e.message);
    expect(problemOf('https://fcm.googleapis.com/fcm/send/abc')).toEqual([]);
    expect(problemOf('http://fcm.googleapis.com/fcm/send/abc')).toEqual(['must use https']);
    expect(problemOf('https://10.0.0.7/push')[0]).toMatch(/private/);
    expect(problemOf('https://127.0.0.1/push')[0]).toMatch(/loopback/);
    expect(problemOf('https://push.localhost/x')[0]).toMatch(/local name/);
  });
});

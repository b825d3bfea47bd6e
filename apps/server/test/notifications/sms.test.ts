// ADR 0124: the SMS channel against a local gateway — an http server on 127.0.0.1 that speaks
// the Twilio-compatible Messages API (POST /Accounts/{sid}/Messages.json, basic auth sid:token,
// a form body To/From/Body). An alert reaches the user's phone once, in their language; a
// gateway's 5xx is retried and the message is not sent twice; a 4xx is FAILED on its own while
// the others' messages go on; an SMS rule needs a phone number; the number is E.164, set in
// My account or by the fleet's administrator, and seen by nobody of another fleet.
// On PGlite and, with DATABASE_URL, on PostgreSQL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAlertWithEvent } from '../helpers/fleet-data';
import { createAccount, createFleetWithUsers, tokenFor } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { waitFor } from '../helpers/mqtt';
import { startTestServer, type TestServer } from '../helpers/server';
import { deliverOne } from '../../src/modules/notifications/delivery/deliver';
import { ruleInput } from './rule-input';

const SID = 'AC0123456789';
const TOKEN = 'gateway-token-of-the-test';

interface Message {
  to: string;
  from: string;
  body: string;
  idempotencyKey: string | undefined;
  /** what the gateway answered */
  status: number;
  /** a key it had accepted already: answered as before, not sent again */
  duplicate: boolean;
}
const requests: Message[] = [];
/** the gateway's next answers per number (201 when none) */
const answers = new Map<string, number[]>();
/** the Idempotency-Keys of the messages sent: this gateway honours them */
const accepted = new Set<string>();
let gateway: http.Server;
let t: TestServer;
let cast: Awaited<ReturnType<typeof createFleetWithUsers>>;

beforeAll(async () => {
  gateway = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const auth = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;
      if (req.headers.authorization !== auth) return res.writeHead(401).end();
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${SID}/Messages.json`)
        return res.writeHead(404).end();
      if (req.headers['content-type'] !== 'application/x-www-form-urlencoded')
        return res.writeHead(415).end();
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      const key = req.headers['idempotency-key'] as string | undefined;
      const duplicate = key !== undefined && accepted.has(key);
      const status = duplicate ? 200 : (answers.get(to)?.shift() ?? 201);
      if (key && status < 300) accepted.add(key);
      requests.push({
        to,
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        idempotencyKey: key,
        status,
        duplicate,
      });
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify(status < 300 ? { sid: 'SM1', status: 'queued' } : { code: 21211 }));
    });
  });
  await new Promise<void>((done) => gateway.listen(0, '127.0.0.1', done));
  const port = (gateway.address() as AddressInfo).port;
  t = await startTestServer({
    env: {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      SMS_URL: `http://127.0.0.1:${port}/2010-04-01`,
      SMS_ACCOUNT_SID: SID,
      SMS_AUTH_TOKEN: TOKEN,
      SMS_FROM: '+15005550006',
    },
  });
  cast = await createFleetWithUsers(t);
});
afterAll(async () => {
  await t.close();
  await new Promise((done) => gateway.close(done));
});

let numbers = 0;
/** a user with a phone number (set through accounts/me) and an SMS rule for thefts */
async function userWithSms(language = 'en') {
  const account = await createAccount(t, cast.fleet, { language });
  const api = t.api({ token: await tokenFor(t, account) });
  const phone = `+3361234${String(++numbers).padStart(4, '0')}`;
  const me = await api.put('accounts/me', { phone });
  expect(me.status, JSON.stringify(me.body)).toBe(200);
  expect(me.body.phone).toBe(phone);
  const rule = await api.post(
    'notification-rules',
    ruleInput({ name: 'Thefts', kinds: ['SUSPECTED_THEFT'], channels: ['IN_APP', 'SMS'] }),
  );
  expect(rule.status, JSON.stringify(rule.body)).toBe(201);
  return { account, api, phone };
}

const openAlert = (bike: BikeRow) => openAlertWithEvent(t, bike, 'SUSPECTED_THEFT');

const smsDeliveries = (accountId: string) =>
  t.server.database.query<{ id: string; status: string; failure: string | null }>(
    `SELECT id, status, failure FROM notification_delivery
      WHERE account_id = $1 AND channel = 'SMS'`,
    [accountId],
  );
const settled = (accountId: string, status: string) =>
  waitFor(async () => {
    const rows = await smsDeliveries(accountId);
    return rows[0]?.status === status && rows;
  }, 30_000);
const to = (phone: string) => requests.filter((r) => r.to === phone);

describe('SMS notifications', () => {
  it('texts an alert to the user’s phone, in their language, once', async () => {
    const user = await userWithSms('en');
    const bike = await createBike(t, cast.fleet);
    await openAlert(bike);
    const [delivery] = await settled(user.account.id, 'SENT');
    const [message] = to(user.phone);
    expect(message).toMatchObject({ from: '+15005550006', status: 201 });
    expect(message!.body).toMatch(
      new RegExp(
        `^VFM: Theft alarm – ${bike.vehicleNumber} – .+ http://vfm\\.test/en/fleet/product/${bike.vehicleNumber}$`,
      ),
    );
    expect(message!.idempotencyKey).toMatch(new RegExp(`:${user.account.id}:SMS$`));
    // the job delivered again (at-least-once): nothing more is sent
    expect(await deliverOne(t.server.app.ctx, delivery!.id)).toBe('done');
    expect(to(user.phone)).toHaveLength(1);
    // a worker that died between the gateway's answer and the record: the delivery is taken
    // again with the same Idempotency-Key, and a gateway that honours it sends nothing new
    await t.server.database.query(
      `UPDATE notification_delivery SET status = 'PENDING' WHERE id = $1`,
      [delivery!.id],
    );
    expect(await deliverOne(t.server.app.ctx, delivery!.id)).toBe('sent');
    expect(to(user.phone)).toHaveLength(2);
    expect(to(user.phone)[1]).toMatchObject({
      idempotencyKey: message!.idempotencyKey,
      duplicate: true,
    });
    expect(to(user.phone).filter((r) => !r.duplicate)).toHaveLength(1);
  });

  it('speaks French to a French user', async () => {
    const user = await userWithSms('fr');
    const bike = await createBike(t, cast.fleet);
    await openAlert(bike);
    await settled(user.account.id, 'SENT');
    expect(to(user.phone)[0]!.body).toMatch(
      new RegExp(`^VFM: Alarme antivol – ${bike.vehicleNumber} – .+/fr/fleet/product/`),
    );
  });

  it('tries again after a gateway error, and sends it once', async () => {
    const user = await userWithSms();
    answers.set(user.phone, [503]);
    await openAlert(await createBike(t, cast.fleet));
    await settled(user.account.id, 'SENT');
    const tries = to(user.phone);
    expect(tries.map((r) => r.status)).toEqual([503, 201]);
    // one key for both: a gateway that honours it never sends the message twice
    expect(tries[0]!.idempotencyKey).toBe(tries[1]!.idempotencyKey);
  });

  it('records a refusal (4xx) as FAILED without holding the others back', async () => {
    const refused = await userWithSms();
    const other = await userWithSms();
    answers.set(refused.phone, [400, 400]);
    await openAlert(await createBike(t, cast.fleet));
    const [failed] = await settled(refused.account.id, 'FAILED');
    expect(failed!.failure).toContain('SMS gateway: 400');
    await settled(other.account.id, 'SENT');
    expect(to(other.phone)).toHaveLength(1);
    // refused for good: never asked again
    expect(await deliverOne(t.server.app.ctx, failed!.id)).toBe('done');
    expect(to(refused.phone)).toHaveLength(1);
  });
});

describe('phone numbers and SMS rules', () => {
  it('refuses an SMS rule without a phone number, with a problem naming the field', async () => {
    const account = await createAccount(t, cast.fleet);
    const api = t.api({ token: await tokenFor(t, account) });
    const rule = ruleInput({ name: 'Thefts', kinds: ['SUSPECTED_THEFT'], channels: ['SMS'] });
    const refused = await api.post('notification-rules', rule);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body).toMatchObject({
      code: 'PHONE_REQUIRED',
      errors: [{ field: 'channels' }],
    });
    expect((await api.put('accounts/me', { phone: '+41791234567' })).status).toBe(200);
    expect((await api.post('notification-rules', rule)).status).toBe(201);
  });

  it('accepts E.164 numbers only, and null removes one', async () => {
    const account = await createAccount(t, cast.fleet);
    const api = t.api({ token: await tokenFor(t, account) });
    for (const phone of ['0612345678', '+0612345678', '+33 6 12 34 56 78', '+1234567890123456']) {
      const res = await api.put('accounts/me', { phone });
      expect(res.status, phone).toBe(400);
    }
    expect((await api.put('accounts/me', { phone: '+33612345678' })).body.phone).toBe(
      '+33612345678',
    );
    expect((await api.put('accounts/me', { phone: null })).body.phone).toBeNull();
    expect((await api.get('accounts/me')).body.phone).toBeNull();
  });

  it('lets the fleet’s administrator set it, and nobody of another fleet see it', async () => {
    const account = await createAccount(t, cast.fleet);
    const admin = t.api({ token: await tokenFor(t, cast.admin) });
    const set = await admin.put(`accounts/${account.id}`, { phone: '+4915112345678' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.phone).toBe('+4915112345678');

    const elsewhere = await createFleetWithUsers(t, 'Elsewhere');
    const stranger = t.api({ token: await tokenFor(t, elsewhere.admin) });
    expect((await stranger.get(`accounts/${account.id}`)).status).toBe(404);
    const list = await stranger.get('accounts?q=example.com&limit=200');
    expect(JSON.stringify(list.body)).not.toContain('+4915112345678');
  });
});

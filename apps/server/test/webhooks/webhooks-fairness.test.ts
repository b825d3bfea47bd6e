// ADR 0118: fleets share the webhook deliveries fairly. A fleet whose 19 receivers accept and
// never answer (each attempt waits for its 10 s deadline) holds at most its share of the
// delivery slots: another fleet's webhook is received within about two seconds, and the metrics
// show the first fleet at its share with its other attempts deferred. An administrator's
// redelivery is idempotent (ten calls at once: one attempt) and tests and redeliveries are
// limited per endpoint (429 with Retry-After). An endpoint that fails 5 times in a row is paused
// (its breaker opens), its fleet's administrators are told, and its next automatic attempts
// wait. On PGlite and, with
// DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetWithUsers } from '../helpers/factories';
import { mailsTo } from '../helpers/mail';
import { createBike } from '../helpers/bikes';
import { openAlertWithEvent } from '../helpers/fleet-data';
import { waitFor } from '../helpers/mqtt';
import { startTestServer, type TestServer } from '../helpers/server';
import { startSilentServer, type SilentServer } from '../helpers/silent-server';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { QUEUES } from '../../src/jobs/queues';

let t: TestServer;
let fleetA: Awaited<ReturnType<typeof createFleetWithUsers>>;
let fleetB: Awaited<ReturnType<typeof createFleetWithUsers>>;
let receiver: WebhookReceiver;
let silent: SilentServer;

beforeAll(async () => {
  t = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  fleetA = await createFleetWithUsers(t);
  fleetB = await createFleetWithUsers(t);
  receiver = await startWebhookReceiver();
  silent = await startSilentServer();
});
afterAll(async () => {
  // the held attempts fail at once, so that the server stops without waiting for them
  await silent.close();
  await t.close();
  await receiver.close();
});

async function createHook(token: string, url: string) {
  const res = await t.api({ token }).post('webhooks', { url, kinds: ['REPORTED_THEFT'] });
  expect(res.status, res.text).toBe(201);
  return res.body.webhook as { id: string };
}

/** A reported theft's alert, published as the reconciliation does. */
async function openAlert(fleet: typeof fleetA.fleet) {
  const bike = await createBike(t, fleet, { theft_state: 'REPORTED' });
  return openAlertWithEvent(t, bike, 'REPORTED_THEFT');
}

describe('fair webhook deliveries between fleets', () => {
  it('delivers a fleet’s webhook within 2 s while another fleet’s 19 receivers never answer', async () => {
    for (let i = 0; i < 19; i++)
      await createHook(fleetB.adminToken, `${silent.origin}/hooks/silent-${i}`);
    const hookA = await createHook(fleetA.adminToken, `${receiver.url}?fleet=a`);

    // fleet B: two thefts, 38 attempts that each wait for the 10 s deadline
    await openAlert(fleetB.fleet);
    await openAlert(fleetB.fleet);
    const share = QUEUES['webhooks.deliver'].slots!.fleetSlots;
    await waitFor(() => silent.open >= share, 15_000, 'fleet B’s receivers holding attempts');

    const started = Date.now();
    const alertA = await openAlert(fleetA.fleet);
    const [request] = await waitFor(
      () => {
        const got = receiver.requests.filter((r) => r.body.includes(alertA.id));
        return got.length > 0 && got;
      },
      15_000,
      'fleet A’s webhook',
    );
    expect(request!.at - started).toBeLessThan(2_000);
    expect(request!.path).toContain('fleet=a');

    // fleet B never held more than its share of the slots, all processes together
    expect(silent.open).toBeLessThanOrEqual(share);
    const metrics = await fetch(`${t.url}/metrics`).then((res) => res.text());
    const active = new RegExp(
      `vfm_jobs_fleet_active\\{queue="webhooks.deliver",fleet="${fleetB.fleet.id}"\\} (\\d+)`,
    ).exec(metrics);
    expect(Number(active?.[1])).toBeLessThanOrEqual(share);
    const deferred = new RegExp(
      `vfm_jobs_fleet_deferred\\{queue="webhooks.deliver",fleet="${fleetB.fleet.id}"\\} (\\d+)`,
    ).exec(metrics);
    expect(Number(deferred?.[1])).toBeGreaterThan(0);
    expect(metrics).toMatch(/vfm_jobs_slots\{queue="webhooks.deliver"\} 32/);
    expect(hookA.id).toBeTruthy();
  }, 60_000);
});

describe('an administrator’s attempts', () => {
  it('makes one attempt of ten redeliveries asked at once', async () => {
    const hook = await createHook(fleetA.adminToken, `${receiver.url}?fleet=a&redeliver=1`);
    const alert = await openAlert(fleetA.fleet);
    const deliveriesOf = async () =>
      (await t.api({ token: fleetA.adminToken }).get(`webhooks/${hook.id}/deliveries`)).body
        .content as Array<{ id: string; state: string; attempts: unknown[] }>;
    const [delivery] = await waitFor(async () => {
      const rows = await deliveriesOf();
      return rows[0]?.state === 'DELIVERED' && rows;
    });
    const received = () =>
      receiver.requests.filter(
        (r) => r.path.includes('redeliver=1') && r.headers['webhook-id'] === delivery!.id,
      );
    expect(received()).toHaveLength(1);
    expect(receiver.requests.some((r) => r.body.includes(alert.id))).toBe(true);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t
          .api({ token: fleetA.adminToken })
          .post(`webhooks/${hook.id}/deliveries/${delivery!.id}/redeliver`),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(answers.every((res) => res.body.deliveryId === delivery!.id)).toBe(true);
    await waitFor(() => received().length >= 2, 15_000, 'the redelivery');
    // anything queued twice would come now
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(received()).toHaveLength(2);
    const [after] = await deliveriesOf();
    expect(after!.attempts).toHaveLength(2);

    // once attempted, a redelivery may be asked again (10 s after the last ask)
    t.clock.advance(11_000);
    const again = await t
      .api({ token: fleetA.adminToken })
      .post(`webhooks/${hook.id}/deliveries/${delivery!.id}/redeliver`);
    expect(again.status).toBe(200);
    await waitFor(() => received().length >= 3, 15_000, 'the next redelivery');
  }, 60_000);

  it('answers 429 with Retry-After to a burst of test events', async () => {
    const hook = await createHook(fleetA.adminToken, `${receiver.url}?fleet=a&burst=1`);
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<ReturnType<TestServer['api']>['post']>> | null = null;
    for (let i = 0; i < 12; i++) {
      const res = await t.api({ token: fleetA.adminToken }).post(`webhooks/${hook.id}/test`);
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(refused!.headers.get('content-type')).toContain('application/problem+json');
    expect(refused!.body).toMatchObject({ status: 429 });
    const retryAfter = Number(refused!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // the limit is the endpoint's: another endpoint of the fleet is still tested
    const other = await createHook(fleetA.adminToken, `${receiver.url}?fleet=a&burst=2`);
    expect(
      (await t.api({ token: fleetA.adminToken }).post(`webhooks/${other.id}/test`)).status,
    ).toBe(201);
  }, 60_000);
});

describe('a failing endpoint', () => {
  it('is paused after 5 failures in a row, its administrators told, its next attempts deferred, then probed once', async () => {
    const hook = await createHook(fleetA.adminToken, `${receiver.url}?fleet=a&breaker=1`);
    const path = '/hooks/vfm?fleet=a&breaker=1';
    receiver.answers.set(path, Array(20).fill(500));
    const toHook = () => receiver.requests.filter((r) => r.path === path);
    for (let i = 0; i < 5; i++) await openAlert(fleetA.fleet);
    await waitFor(() => toHook().length >= 5, 15_000, 'five failed attempts');
    const [endpoint] = await waitFor(async () => {
      const rows = await t.server.database.query<{
        consecutive_failures: number;
        paused_until: Date | null;
      }>(`SELECT consecutive_failures, paused_until FROM webhook_endpoint WHERE id = $1`, [
        hook.id,
      ]);
      return rows[0]?.paused_until && rows;
    });
    expect(endpoint!.consecutive_failures).toBe(5);
    expect(endpoint!.paused_until!.getTime()).toBeGreaterThan(t.clock.now().getTime());
    const [mail] = await waitFor(
      async () => {
        const mails = (await mailsTo(t, fleetA.admin.email)).filter((m) =>
          m.subject.includes('paused'),
        );
        return mails.length > 0 && mails;
      },
      15_000,
      'the administrators’ e-mail',
    );
    expect(mail!.text).toContain('breaker=1');

    // paused: a new alert's attempt waits (no request), an administrator's test still goes
    const alert = await openAlert(fleetA.fleet);
    const metricsOf = () => fetch(`${t.url}/metrics`).then((res) => res.text());
    await waitFor(
      async () =>
        new RegExp(`vfm_webhook_breaker_paused_total\\{endpoint="${hook.id}"\\} [1-9]`).test(
          await metricsOf(),
        ),
      15_000,
      'the attempt put off',
    );
    expect(toHook().some((r) => r.body.includes(alert.id))).toBe(false);
    expect(await metricsOf()).toMatch(
      new RegExp(`vfm_webhook_breaker_opened_total\\{endpoint="${hook.id}"\\} 1`),
    );

    // the pause over: one attempt probes the endpoint, the others wait; the probe fails and the
    // pause doubles (2 minutes)
    await t.server.database.query(`UPDATE webhook_endpoint SET paused_until = $2 WHERE id = $1`, [
      hook.id,
      new Date(t.clock.now().getTime() - 1_000),
    ]);
    const before = toHook().length;
    const probes = [await openAlert(fleetA.fleet), await openAlert(fleetA.fleet)];
    await waitFor(() => toHook().length > before, 15_000, 'the probe');
    await waitFor(async () => {
      const [row] = await t.server.database.query<{ trips: number; paused_until: Date }>(
        `SELECT breaker_trips AS trips, paused_until FROM webhook_endpoint WHERE id = $1`,
        [hook.id],
      );
      return (
        row?.trips === 2 &&
        row.paused_until.getTime() - t.clock.now().getTime() > 100_000 &&
        row.paused_until.getTime() - t.clock.now().getTime() <= 120_000
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const probed = toHook().slice(before);
    expect(probed).toHaveLength(1);
    expect(probes.filter((p) => probed[0]!.body.includes(p.id))).toHaveLength(1);

    receiver.answers.delete(path);
    const test = await t.api({ token: fleetA.adminToken }).post(`webhooks/${hook.id}/test`);
    expect(test.status).toBe(201);
    await waitFor(() => toHook().some((r) => r.body.includes('webhook.test')), 15_000, 'the test');
    // the test's success closed the breaker
    await waitFor(async () => {
      const [row] = await t.server.database.query<{ paused_until: Date | null }>(
        `SELECT paused_until FROM webhook_endpoint WHERE id = $1`,
        [hook.id],
      );
      return row?.paused_until === null;
    });
  }, 60_000);
});

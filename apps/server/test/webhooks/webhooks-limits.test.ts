// ADR 0099: the webhooks' metrics per endpoint on GET /metrics — attempts
// delivered and failed, their duration, the attempts put off — labelled by the endpoint's id,
// never its URL nor its secret; and the per-endpoint rate limit (WEBHOOK_RATE_PER_MINUTE): over
// it an attempt waits, is not a failure, and goes out once the minute has passed.
// On PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetWithUsers } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { openAlertWithEvent } from '../helpers/fleet-data';
import { waitFor } from '../helpers/mqtt';
import { startTestServer, type TestServer } from '../helpers/server';
import { takeRateSlot } from '../../src/modules/webhooks/delivery/queries';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

let t: TestServer;
let cast: Awaited<ReturnType<typeof createFleetWithUsers>>;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startTestServer({
    env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RATE_PER_MINUTE: '2' },
  });
  cast = await createFleetWithUsers(t);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function openAlert() {
  const bike = await createBike(t, cast.fleet, { theft_state: 'REPORTED' });
  await openAlertWithEvent(t, bike, 'REPORTED_THEFT');
}

const metricsText = async () => {
  const res = await t.api().get('/metrics');
  expect(res.status).toBe(200);
  return res.text;
};
const sample = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${series} `))
      ?.split(' ')[1] ?? 0,
  );

describe('webhook metrics and rate limit', () => {
  it('counts attempts per endpoint and holds back those over the rate limit', async () => {
    const token = 'tok-secret-path-value';
    const created = await t.api({ token: cast.adminToken }).post('webhooks', {
      url: `${receiver.url}?token=${token}`,
      kinds: ['REPORTED_THEFT'],
    });
    expect(created.status, created.text).toBe(201);
    const { webhook, secret } = created.body as { webhook: { id: string }; secret: string };
    const path = receiver.url.slice(receiver.url.indexOf('/hooks/'));
    const received = () => receiver.requests.filter((r) => r.path.startsWith(path));

    for (let i = 0; i < 4; i++) await openAlert();
    // two in the minute, the others wait
    await waitFor(() => received().length >= 2, 30_000, 'two deliveries');
    await waitFor(
      async () =>
        sample(await metricsText(), `vfm_webhook_rate_limited_total{endpoint="${webhook.id}"}`) >=
        1,
      30_000,
      'an attempt put off',
    );
    expect(received()).toHaveLength(2);
    const text = await metricsText();
    expect(
      sample(text, `vfm_webhook_deliveries_total{endpoint="${webhook.id}",outcome="delivered"}`),
    ).toBe(2);
    expect(
      sample(text, `vfm_webhook_attempt_duration_seconds_count{endpoint="${webhook.id}"}`),
    ).toBe(2);
    expect(
      sample(
        text,
        `vfm_webhook_attempt_duration_seconds_bucket{endpoint="${webhook.id}",le="+Inf"}`,
      ),
    ).toBe(2);
    // no URL, no token of the URL, no secret in the labels
    expect(text).not.toContain(receiver.url);
    expect(text).not.toContain(token);
    expect(text).not.toContain(secret);
    // the ones put off are not failures
    const log = await t.api({ token: cast.adminToken }).get(`webhooks/${webhook.id}/deliveries`);
    expect(log.body.content.filter((d: { state: string }) => d.state === 'FAILED')).toHaveLength(0);

    // a minute later (the server's clock), the rest goes out
    t.clock.advance(61_000);
    await waitFor(() => received().length >= 4, 40_000, 'the deliveries put off');

    // a failed attempt is counted as such
    receiver.answers.set(received()[0]!.path, [500]);
    t.clock.advance(61_000);
    await openAlert();
    await waitFor(
      async () =>
        sample(
          await metricsText(),
          `vfm_webhook_deliveries_total{endpoint="${webhook.id}",outcome="failed"}`,
        ) === 1,
      40_000,
      'a failed attempt counted',
    );
  }, 180_000);

  it('counts an attempt whose time was read just before another one in the same window', async () => {
    const created = await t.api({ token: cast.adminToken }).post('webhooks', {
      url: `${receiver.url}?race=1`,
      kinds: ['REPORTED_THEFT'],
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body as { webhook: { id: string } }).webhook.id;
    const db = t.server.database;
    const at = (ms: number) => new Date(Date.parse('2026-11-26T10:00:00Z') + ms);
    // two workers: the second to write had read its time 5 ms before the first
    expect(await takeRateSlot(db, id, at(5))).toBe(1);
    expect(await takeRateSlot(db, id, at(0))).toBe(2);
    expect(await takeRateSlot(db, id, at(30_000))).toBe(3);
    // a minute after the window's start: a new one; a clock set back by hours: a new one too
    expect(await takeRateSlot(db, id, at(65_000))).toBe(1);
    expect(await takeRateSlot(db, id, at(-3_600_000))).toBe(1);
  });
});

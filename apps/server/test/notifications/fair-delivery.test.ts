// ADR 0118: each notification message is delivered, refused and counted on its own, and fleets
// share the deliveries fairly. A technician of one fleet with 20 push endpoints that never answer
// holds back no e-mail of another fleet (pushes have their own queue and one deadline for all of
// a user's browsers); an address the guard refuses is refused for good, never retried; a browser
// whose push service failed 5 times in a row is paused; a mailbox that refuses (550) holds back
// no other account's digest and is recorded FAILED on its own; a push endpoint posted by another
// fleet's user does not take the first user's row over. Against
// the test SMTP server and loopback servers; on PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAlertWithEvent } from '../helpers/fleet-data';
import { PUSH_DEADLINE_MS } from '../../src/modules/notifications/push/send-push';
import {
  createAccount,
  createFleetWithTechnician,
  createFleetWithUsers,
  tokenFor,
} from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { waitFor } from '../helpers/mqtt';
import { startTestServer, type TestServer } from '../helpers/server';
import { startSilentServer, type SilentServer } from '../helpers/silent-server';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { pushBrowser } from '../helpers/web-push';
import { queueDueDigests } from '../../src/modules/notifications/delivery/deliver';
import { pushPayload } from '../../src/modules/notifications/push/push-payload';
import { pushToBrowsers } from '../../src/modules/notifications/push/send-push';
import { ruleInput } from './rule-input';

let t: TestServer;
let smtp: TestSmtp;
let silent: SilentServer;
let fleetA: Awaited<ReturnType<typeof createFleetWithUsers>>;
let fleetB: Awaited<ReturnType<typeof createFleetWithTechnician>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  silent = await startSilentServer();
  t = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', SMTP_URL: smtp.url } });
  fleetA = await createFleetWithUsers(t);
  fleetB = await createFleetWithTechnician(t);
});
afterAll(async () => {
  // the held pushes fail at once, so that the server stops without waiting for them
  await silent.close();
  await t.close();
  await smtp.close();
});

const HOUR = 3_600_000;
type Fleet = typeof fleetA.fleet;

async function openAlert(fleet: Fleet, kind: 'SUSPECTED_THEFT' | 'LOW_VEHICLE_BATTERY') {
  const bike = await createBike(t, fleet);
  await openAlertWithEvent(t, bike, kind);
  return bike;
}

async function rule(token: string, body: Record<string, unknown>) {
  const res = await t.api({ token }).post('notification-rules', ruleInput(body));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(email));

/** A suspected theft of the bike pushed to the account's browsers, as the delivery job does. */
const pushTheft = (
  config: TestServer['config'],
  deliveryId: string,
  accountId: string,
  vehicleNumber: string,
) =>
  pushToBrowsers(
    t.server.database,
    config,
    null,
    {
      deliveryId,
      accountId,
      payload: pushPayload({
        kind: 'SUSPECTED_THEFT',
        vehicleNumber,
        zoneName: null,
        occurredAt: new Date(),
        language: 'en',
        timeZone: 'Europe/Paris',
      }),
      urgent: true,
    },
    t.clock.now,
  );

describe('fair notification deliveries', () => {
  it('sends a fleet’s theft e-mail well before the push deadline while another fleet’s technician has 20 dead push endpoints', async () => {
    const technician = t.api({ token: fleetB.technicianToken });
    await rule(fleetB.technicianToken, {
      name: 'Thefts',
      kinds: ['SUSPECTED_THEFT'],
      channels: ['IN_APP', 'PUSH'],
    });
    for (let i = 0; i < 20; i++) {
      const res = await technician.post(
        'push-subscriptions',
        pushBrowser(silent.origin).subscription,
      );
      expect(res.status).toBe(201);
    }
    // fleet B: three thefts, three pushes to 20 browsers that never answer
    for (let i = 0; i < 3; i++) await openAlert(fleetB.fleet, 'SUSPECTED_THEFT');
    await waitFor(() => silent.open >= 20, 15_000, 'the technician’s browsers holding a push');

    await rule(fleetA.managerToken, {
      name: 'Thefts',
      kinds: ['SUSPECTED_THEFT'],
      channels: ['EMAIL'],
    });
    const started = Date.now();
    const bike = await openAlert(fleetA.fleet, 'SUSPECTED_THEFT');
    const [mail] = await waitFor(
      () => {
        const got = mailsTo(fleetA.manager.email).filter((m) =>
          m.text.includes(bike.vehicleNumber),
        );
        return got.length > 0 && got;
      },
      15_000,
      'fleet A’s theft e-mail',
    );
    // well under the pushes' deadline (10 s), which a lane shared with fleet B would make it wait
    // for; 2 s on a quiet machine, more margin for a loaded one
    expect(Date.now() - started).toBeLessThan(PUSH_DEADLINE_MS / 2);
    expect(mail!.subject).toContain(bike.vehicleNumber);
    // the 20 browsers were pushed to side by side, not one after the other
    expect(silent.open).toBeGreaterThanOrEqual(20);
  }, 60_000);

  it('refuses for good an address the guard refuses: no connection, no retry', async () => {
    const [delivery] = await t.server.database.query<{ id: string }>(
      `SELECT id FROM notification_delivery WHERE account_id = $1 AND channel = 'PUSH' LIMIT 1`,
      [fleetB.technician.id],
    );
    const accepted = silent.accepted;
    // the same loopback endpoints, judged without WEBHOOK_ALLOW_PRIVATE: refused before any
    // connection, recorded as done for this delivery, and the job not asked to retry
    const counts = await pushTheft(
      { ...t.config, webhookAllowPrivate: false },
      delivery!.id,
      fleetB.technician.id,
      'GUARD-1',
    );
    expect(counts.refused).toBeGreaterThan(0);
    expect(counts.sent).toBe(0);
    expect(silent.accepted).toBe(accepted);
  });

  it('pauses a browser whose push service failed 5 times in a row', async () => {
    // a push service that refuses every connection (a closed loopback port)
    const closed = await startSilentServer();
    await closed.close();
    const user = await createAccount(t, fleetA.fleet, { fullName: 'Dora Dead' });
    const api = t.api({ token: await tokenFor(t, user) });
    await rule(await tokenFor(t, user), {
      name: 'Thefts',
      kinds: ['SUSPECTED_THEFT'],
      channels: ['IN_APP', 'PUSH'],
    });
    expect(
      (await api.post('push-subscriptions', pushBrowser(closed.origin).subscription)).status,
    ).toBe(201);
    await openAlert(fleetA.fleet, 'SUSPECTED_THEFT');
    const [delivery] = await waitFor(async () => {
      const rows = await t.server.database.query<{ id: string; attempts: number }>(
        `SELECT id, attempts FROM notification_delivery WHERE account_id = $1 AND channel = 'PUSH'`,
        [user.id],
      );
      return rows[0] && rows[0].attempts >= 1 && rows;
    });
    const push = () => pushTheft(t.config, delivery!.id, user.id, 'DEAD-1');
    const failures = async () => {
      const [row] = await t.server.database.query<{ n: number; paused: Date | null }>(
        `SELECT consecutive_failures AS n, paused_until AS paused FROM push_subscription
          WHERE account_id = $1`,
        [user.id],
      );
      return row!;
    };
    // the job's first attempt failed; the next ones, made here, until the 5th
    await waitFor(async () => (await failures()).n >= 1);
    while ((await failures()).n < 4) await expect(push()).rejects.toThrow(/try again/);
    const fifth = await push();
    expect(fifth.paused).toBe(1);
    const paused = await failures();
    expect(paused.n).toBe(5);
    expect(paused.paused!.getTime()).toBeGreaterThan(t.clock.now().getTime());
    // paused: left out, the delivery done without a retry
    expect(await push()).toMatchObject({ sent: 0, paused: 0, reached: 0 });
    expect((await failures()).n).toBe(5);
  });

  it('does not let another fleet’s user take over a push subscription by its endpoint', async () => {
    const phone = pushBrowser(silent.origin);
    const manager = t.api({ token: fleetA.managerToken });
    const mine = await manager.post('push-subscriptions', phone.subscription);
    expect(mine.status).toBe(201);
    // fleet B's admin posts the same endpoint with keys of their own
    const intruder = pushBrowser(silent.origin);
    const theirs = await t.api({ token: fleetB.adminToken }).post('push-subscriptions', {
      ...intruder.subscription,
      endpoint: phone.subscription.endpoint,
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    const list = await manager.get('push-subscriptions');
    expect(list.body.content.map((s: { id: string }) => s.id)).toContain(mine.body.id);
    const rows = await t.server.database.query<{ account_id: string; p256dh: string }>(
      `SELECT account_id, p256dh FROM push_subscription WHERE endpoint = $1 ORDER BY created_at`,
      [phone.subscription.endpoint],
    );
    expect(rows).toEqual([
      { account_id: fleetA.manager.id, p256dh: phone.subscription.keys.p256dh },
      { account_id: fleetB.admin.id, p256dh: intruder.subscription.keys.p256dh },
    ]);
    // the same browser again for the same account: its row, new keys
    const again = await manager.post('push-subscriptions', {
      ...intruder.subscription,
      endpoint: phone.subscription.endpoint,
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(mine.body.id);
  });

  it('sends the other accounts’ digests when one mailbox refuses, and records that one as failed', async () => {
    // the refused account's digest is the first one queued (the smallest account id)
    const refused = await createAccount(t, fleetA.fleet, { fullName: 'Rex Refused' });
    const firstId = '00000000-0000-4000-8000-000000000001';
    await t.server.database.query(`UPDATE account SET id = $2 WHERE id = $1`, [
      refused.id,
      firstId,
    ]);
    refused.id = firstId;
    const others = [
      await createAccount(t, fleetA.fleet, { fullName: 'Ann Accepted' }),
      await createAccount(t, fleetB.fleet, { fullName: 'Bob Accepted' }),
    ];
    for (const account of [refused, ...others])
      await rule(await tokenFor(t, account), {
        name: 'Batteries hourly',
        kinds: ['LOW_VEHICLE_BATTERY'],
        channels: ['EMAIL'],
        digest: 'HOURLY',
      });
    smtp.refused.add(refused.email);
    await openAlert(fleetA.fleet, 'LOW_VEHICLE_BATTERY');
    await openAlert(fleetB.fleet, 'LOW_VEHICLE_BATTERY');
    const statusOf = (accountId: string) =>
      t.server.database.query<{ status: string; failure: string | null }>(
        `SELECT status, failure FROM notification_delivery WHERE account_id = $1`,
        [accountId],
      );
    for (const account of [refused, ...others])
      await waitFor(async () => (await statusOf(account.id))[0]?.status === 'DIGEST');

    t.clock.advance(2 * HOUR);
    expect(await queueDueDigests(t.server.app.ctx)).toBeGreaterThanOrEqual(3);
    for (const account of others)
      await waitFor(() => mailsTo(account.email).length > 0, 15_000, `${account.email}’s digest`);
    const [failed] = await waitFor(async () => {
      const rows = await statusOf(refused.id);
      return rows[0]?.status === 'FAILED' && rows;
    });
    expect(failed!.failure).toMatch(/550/);
    expect(mailsTo(refused.email)).toHaveLength(0);
    for (const account of others)
      await waitFor(async () => (await statusOf(account.id))[0]?.status === 'SENT');
    // refused for good: its job is done, not retried nor a dead letter
    const jobs = await t.server.database.query<{ state: string }>(
      `SELECT state::text AS state FROM pgboss.job
        WHERE name = 'notifications.digest-send' AND data->>'digestKey' LIKE $1`,
      [`digest:${refused.id}:%`],
    );
    expect(jobs.map((job) => job.state)).toEqual(['completed']);
    const metrics = await fetch(`${t.url}/metrics`).then((res) => res.text());
    expect(metrics).toMatch(
      /vfm_notification_deliveries_total\{channel="DIGEST",outcome="refused"\} [1-9]/,
    );
  }, 60_000);
});

// docs/notifications.md and §7: a burst of alerts across a worker killed (SIGKILL) mid-delivery. Every
// alert reaches each channel — e-mail (the mail transport's files), web push (a local push
// service, the body decrypted with the browser's key) and a signed webhook (a local receiver) —
// and none twice: one message per alert and channel (idempotency key per alert and channel). The
// requests in flight when the process died (one held by the push service, unanswered) are made
// again after the restart with the same content — the push's tag, the webhook's webhook-id —
// and they are the only ones made twice. Between the kill and the restart the test moves the dead
// process's leases 10 minutes back (a restart that late), so as not to wait for them. Small numbers (24 alerts): CI's budget; bench/webhooks.ts
// measures 1,000. The server runs as a real process (as webhooks-crash.test.ts), on PGlite in
// its DATA_DIR or, with DATABASE_URL, on PostgreSQL; the events are the reconciliation's jobs.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_USER, type PushPayload } from '@vfm/contract';
import type { Database } from '../../src/db/client';
import { migrate } from '../../src/migrate';
import { SecretBox } from '../../src/lib/secret-box';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import {
  serverProcessEnv,
  startServerProcess,
  stopProcess,
  withProcessDatabase,
} from '../helpers/server-process';
import { parseMail } from '../helpers/mime';
import { waitFor } from '../helpers/mqtt';
import { decryptPush, pushBrowser, type PushBrowser } from '../helpers/web-push';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

const JWT_SECRET = 'notify-crash-secret-notify-crash-secret-0123456';
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const unique = randomBytes(4).toString('hex');
const ALERTS = 24;
const vehicle = (i: number) => `CRASH-${unique}-${i}-`;

let dataDir: string;
let pgDb: TestDatabase | null = null;
let receiver: WebhookReceiver;
let pushService: http.Server;
let browser: PushBrowser;
/** what the push service received, in order */
const pushes: Array<{ at: number; body: Buffer }> = [];
/** awaited before the push service answers (the test holds one request) */
let holdPush: (() => Promise<void>) | null = null;
const alertIds: string[] = [];

const withDatabase = <T>(fn: (db: Database) => Promise<T>) =>
  withProcessDatabase({ dataDir, databaseUrl: pgDb?.url }, fn);

const startServer = async () =>
  (
    await startServerProcess({
      ...serverProcessEnv({ dataDir, databaseUrl: pgDb?.url, jwtSecret: JWT_SECRET }),
      PUBLIC_URL: 'http://vfm.test',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    })
  ).child;

const kill = stopProcess;

/** The e-mails written so far: their Message-ID and subject. */
async function mails() {
  const dir = path.join(dataDir, 'mail');
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    names
      .filter((name) => name.endsWith('.eml'))
      .map(async (name) => parseMail(await readFile(path.join(dir, name), 'utf8'))),
  );
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vfm-notify-crash-'));
  if (process.env.DATABASE_URL) pgDb = await createTestDatabase();
  receiver = await startWebhookReceiver();
  pushService = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      pushes.push({ at: Date.now(), body: Buffer.concat(chunks) });
      await holdPush?.();
      if (!res.destroyed) res.writeHead(201).end();
    });
  });
  await new Promise<void>((done) => pushService.listen(0, '127.0.0.1', done));
  browser = pushBrowser(`http://127.0.0.1:${(pushService.address() as AddressInfo).port}`);
  await withDatabase(async (db) => {
    await migrate(db);
    const [fleet] = await db.query<{ id: string }>(
      'INSERT INTO fleet (name) VALUES ($1) RETURNING id',
      [`Notify crash ${unique}`],
    );
    const fleetId = fleet!.id;
    const [account] = await db.query<{ id: string }>(
      `INSERT INTO account (fleet_id, email, roles, status, full_name, language)
       VALUES ($1, $2, $3, 'ACTIVE', 'Nina Night', 'en') RETURNING id`,
      [fleetId, `nina-${unique}@example.com`, [ROLE_USER]],
    );
    // the manager's rule: low batteries of every bike, in the app, by e-mail and by push
    await db.query(
      `INSERT INTO notification_rule (fleet_id, account_id, name, kinds, bike_scope, channels)
       VALUES ($1, $2, 'Batteries', '{LOW_VEHICLE_BATTERY}', 'ALL', '{IN_APP,EMAIL,PUSH}')`,
      [fleetId, account!.id],
    );
    const { subscription } = browser;
    await db.query(
      `INSERT INTO push_subscription (fleet_id, account_id, endpoint, p256dh, auth)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        fleetId,
        account!.id,
        subscription.endpoint,
        subscription.keys.p256dh,
        subscription.keys.auth,
      ],
    );
    const endpointId = randomUUID();
    // sealed as the server seals it (ADR 0089: derived from JWT_SECRET)
    const sealed = new SecretBox(JWT_SECRET, 'webhook-secrets').seal(SECRET, endpointId);
    await db.query(
      `INSERT INTO webhook_endpoint (id, fleet_id, url, kinds, events, secret_encrypted, secret_hint)
       VALUES ($1, $2, $3, '{LOW_VEHICLE_BATTERY}', '{alert.opened}', $4, 'whsec_…')`,
      [endpointId, fleetId, receiver.url, sealed],
    );
    // the burst: the alerts opened and their events published, as the reconciliation does
    for (let i = 0; i < ALERTS; i++) {
      const [bike] = await db.query<{ id: number }>(
        `INSERT INTO bike (fleet_id, vehicle_number, bike_code) VALUES ($1, $2, $3) RETURNING id`,
        [fleetId, vehicle(i), `CRASHC-${unique}-${i}-`],
      );
      const [alert] = await db.query<{ id: string }>(
        `INSERT INTO alert (fleet_id, bike_id, kind, opened_at)
         VALUES ($1, $2, 'LOW_VEHICLE_BATTERY', now()) RETURNING id`,
        [fleetId, bike!.id],
      );
      alertIds.push(alert!.id);
      const event = {
        name: 'alert.opened',
        data: {
          fleetId,
          bikeId: Number(bike!.id),
          vehicleNumber: vehicle(i),
          alertId: alert!.id,
          kind: 'LOW_VEHICLE_BATTERY',
        },
        publishedAt: new Date().toISOString(),
      };
      for (const queue of ['notifications.fanout', 'webhooks.fanout'])
        await db.query(`INSERT INTO pgboss.job (name, data) VALUES ($1, $2)`, [queue, event]);
    }
  });
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  pushService?.closeAllConnections();
  await new Promise((done) => pushService?.close(done));
  if (pgDb) await pgDb.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a burst of alerts across a worker killed mid-delivery', () => {
  it('delivers every alert once per channel: e-mail, push and webhook', async () => {
    // the fourth push is held unanswered: the process is killed while it waits
    let release: (() => void) | null = null;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldOne = false;
    holdPush = async () => {
      if (pushes.length === 4 && !heldOne) {
        heldOne = true;
        await held;
      }
    };
    const first = await startServer();
    await waitFor(() => heldOne, 60_000, 'the fourth push');
    await kill(first);
    const killedAt = Date.now();
    holdPush = null;
    release!();
    const before = { pushes: pushes.length, mails: (await mails()).length };
    expect(before.pushes).toBeLessThan(ALERTS);
    // the restart comes 10 minutes later, as far as the leases can tell: the dead process's
    // jobs (60 s) and its claim on the push it was sending (2 minutes) have passed — the
    // test does not wait for them
    const leasesPassed = await withDatabase(async (db) => {
      const jobs = await db.query(
        `UPDATE pgboss.job SET started_on = started_on - interval '10 minutes'
          WHERE state = 'active' RETURNING id`,
      );
      const claims = await db.query(
        `UPDATE notification_delivery SET claimed_at = claimed_at - interval '10 minutes'
          WHERE status = 'SENDING' RETURNING id`,
      );
      return { jobs: jobs.length, claims: claims.length };
    });
    // at least the held push's job and claim
    expect(leasesPassed.jobs).toBeGreaterThanOrEqual(1);
    expect(leasesPassed.claims).toBeGreaterThanOrEqual(1);

    // restarted: the dead worker's jobs come back after their lease
    const second = await startServer();
    try {
      // the held push comes again once the dead process's jobs are taken again
      const heldTag = () => JSON.parse(decryptPush(pushes[3]!.body, browser)).tag as string;
      await waitFor(
        async () =>
          (await mails()).length >= ALERTS &&
          new Set(pushes.map(({ body }) => decryptPush(body, browser))).size >= ALERTS &&
          pushes.filter(({ body }) => decryptPush(body, browser).includes(`"${heldTag()}"`))
            .length >= 2 &&
          new Set(receiver.requests.map((r) => r.headers['webhook-id'])).size >= ALERTS,
        150_000,
        'every alert on every channel after the restart, the held push again',
      );
      // anything sent twice would come now
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    } finally {
      await kill(second, 'SIGTERM');
    }

    // e-mail: one per alert (the files' idempotency: a written message is not written again)
    const written = await mails();
    expect(written).toHaveLength(ALERTS);
    expect(new Set(written.map((mail) => mail.headers['message-id'])).size).toBe(ALERTS);
    for (let i = 0; i < ALERTS; i++)
      expect(
        written.filter((mail) => mail.subject.includes(vehicle(i))),
        vehicle(i),
      ).toHaveLength(1);

    // push: one per alert, but the one the push service held when the process died, made again
    // after the restart (its answer never came) with the same tag: the browser shows it once
    const payloads = pushes.map(({ at, body }) => ({
      at,
      payload: JSON.parse(decryptPush(body, browser)) as PushPayload,
    }));
    const tags = payloads.map(({ payload }) => payload.tag);
    expect(new Set(tags)).toEqual(
      new Set(Array.from({ length: ALERTS }, (_, i) => `LOW_VEHICLE_BATTERY:${vehicle(i)}`)),
    );
    // the pushes run side by side (ADR 0118): besides the held one, a push answered in the
    // instant before the kill but not yet recorded is made again too — never more than twice,
    // its first request before the kill and its second after the restart
    const twice = tags.filter((tag, i) => tags.indexOf(tag) !== i);
    expect(twice).toContain(payloads[3]!.payload.tag);
    expect(new Set(twice).size).toBe(twice.length);
    for (const tag of twice) {
      const times = payloads.filter(({ payload }) => payload.tag === tag).map(({ at }) => at);
      expect(times[0]!, tag).toBeLessThan(killedAt);
      expect(times[1]!, tag).toBeGreaterThan(killedAt);
    }

    // webhooks: one delivery (webhook-id) per alert, each signed; a webhook-id received twice
    // only when its first request was in flight at the kill (receivers deduplicate by it)
    const verifier = new Verifier(SECRET);
    const byAlert = new Map<string, Set<string>>();
    for (const request of receiver.requests) {
      const event = verifier.verify(request.body, request.headers) as {
        data: { alert: { id: string } };
      };
      const ids = byAlert.get(event.data.alert.id) ?? new Set();
      byAlert.set(event.data.alert.id, ids.add(request.headers['webhook-id']!));
    }
    expect([...byAlert.keys()].sort()).toEqual([...alertIds].sort());
    expect([...byAlert.values()].every((ids) => ids.size === 1)).toBe(true);
    const perId = new Map<string, number[]>();
    for (const request of receiver.requests) {
      const id = request.headers['webhook-id']!;
      perId.set(id, [...(perId.get(id) ?? []), request.at]);
    }
    for (const [id, times] of perId) {
      if (times.length === 1) continue;
      expect(times, id).toHaveLength(2);
      expect(times[0]!, id).toBeLessThan(killedAt);
    }

    // the bell: one notification per alert
    const [row] = await withDatabase((db) =>
      db.query<{ n: number; causes: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT source_key)::int AS causes FROM notification
          WHERE in_app AND vehicle_number LIKE $1`,
        [`CRASH-${unique}-%`],
      ),
    );
    expect(row).toEqual({ n: ALERTS, causes: ALERTS });
    expect(before.mails).toBeLessThanOrEqual(ALERTS);
  }, 300_000);
});

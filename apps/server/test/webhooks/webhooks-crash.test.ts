// ADR 0088: a worker killed (SIGKILL) in the middle of a webhook attempt loses no
// delivery — after a restart the attempt is made again, with the same webhook-id and body — and a
// delivered webhook is never sent again by a restart. The server runs as a real process (as in
// iot/durability.test.ts); the receiver is a local HTTP server that holds the first request
// without answering while the server is killed.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { waitFor } from '../helpers/mqtt';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';

const JWT_SECRET = 'webhook-crash-secret-webhook-crash-secret-0123';
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const unique = randomBytes(4).toString('hex');

let dataDir: string;
let pgDb: TestDatabase | null = null;
let receiver: WebhookReceiver;
let alertId: string;

const withDatabase = <T>(fn: (db: Database) => Promise<T>) =>
  withProcessDatabase({ dataDir, databaseUrl: pgDb?.url }, fn);

const startServer = async () =>
  (
    await startServerProcess({
      ...serverProcessEnv({ dataDir, databaseUrl: pgDb?.url, jwtSecret: JWT_SECRET }),
      WEBHOOK_ALLOW_PRIVATE: 'true',
    })
  ).child;

const kill = stopProcess;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vfm-webhook-crash-'));
  if (process.env.DATABASE_URL) pgDb = await createTestDatabase();
  receiver = await startWebhookReceiver();
  alertId = await withDatabase(async (db) => {
    await migrate(db);
    const [fleet] = await db.query<{ id: string }>(
      'INSERT INTO fleet (name) VALUES ($1) RETURNING id',
      [`Webhook crash ${unique}`],
    );
    const [bike] = await db.query<{ id: number }>(
      `INSERT INTO bike (fleet_id, vehicle_number, bike_code, theft_state)
       VALUES ($1, $2, $3, 'REPORTED') RETURNING id`,
      [fleet!.id, `HOOK-${unique}`, `HOOKC-${unique}`],
    );
    const [alert] = await db.query<{ id: string }>(
      `INSERT INTO alert (fleet_id, bike_id, kind, opened_at)
       VALUES ($1, $2, 'REPORTED_THEFT', now()) RETURNING id`,
      [fleet!.id, bike!.id],
    );
    const endpointId = randomUUID();
    // sealed as the server seals it (ADR 0089: derived from JWT_SECRET)
    const sealed = new SecretBox(JWT_SECRET, 'webhook-secrets').seal(SECRET, endpointId);
    await db.query(
      `INSERT INTO webhook_endpoint (id, fleet_id, url, kinds, events, secret_encrypted, secret_hint)
       VALUES ($1, $2, $3, '{REPORTED_THEFT}', '{alert.opened}', $4, 'whsec_…')`,
      [endpointId, fleet!.id, receiver.url, sealed],
    );
    // the alert.opened event as the reconciliation publishes it (the fan-out's job)
    await db.query(`INSERT INTO pgboss.job (name, data) VALUES ('webhooks.fanout', $1)`, [
      {
        name: 'alert.opened',
        data: {
          fleetId: fleet!.id,
          bikeId: bike!.id,
          vehicleNumber: `HOOK-${unique}`,
          alertId: alert!.id,
          kind: 'REPORTED_THEFT',
        },
        publishedAt: new Date().toISOString(),
      },
    ]);
    return alert!.id;
  });
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  if (pgDb) await pgDb.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a worker killed during a webhook attempt', () => {
  it('attempts it again after a restart with the same webhook-id, and never after delivery', async () => {
    // the first request is held: the server is killed while it waits for the answer
    const heldPath = new URL(receiver.url).pathname;
    let release: (() => void) | null = null;
    const held = new Promise<void>((resolve) => (release = resolve));
    receiver.hold = async (requestPath) => {
      if (requestPath === heldPath && release) await held;
    };
    const first = await startServer();
    await waitFor(() => receiver.requests.length === 1, 60_000, 'the first attempt');
    await kill(first);
    receiver.hold = null;
    release!();

    // the restart comes 10 minutes later, as far as the lease can tell: the dead worker's job
    // (a 30 s lease) has passed — the test does not wait for it (as notifications-crash does)
    const leasesPassed = await withDatabase((db) =>
      db.query(
        `UPDATE pgboss.job SET started_on = started_on - interval '10 minutes'
          WHERE state = 'active' AND name = 'webhooks.deliver' RETURNING id`,
      ),
    );
    expect(leasesPassed).toHaveLength(1);

    // restarted: the dead worker's job is taken again once its lease has passed
    const second = await startServer();
    try {
      const [a, b] = await waitFor(
        () => receiver.requests.length >= 2 && receiver.requests,
        120_000,
        'the attempt again after the restart',
      );
      expect(b!.headers['webhook-id']).toBe(a!.headers['webhook-id']);
      expect(b!.body).toBe(a!.body);
      expect(new Verifier(SECRET).verify(b!.body, b!.headers)).toMatchObject({
        type: 'alert.opened',
        data: { alert: { id: alertId } },
      });
      // its record is written after the answer: a moment before the graceful stop
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    } finally {
      await kill(second, 'SIGTERM');
    }
    // a third start sends nothing more
    const third = await startServer();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await kill(third, 'SIGTERM');
    expect(receiver.requests).toHaveLength(2);
    const [delivery] = await withDatabase((db) =>
      db.query<{ state: string; statuses: Array<number | null> }>(
        `SELECT d.state, array_agg(a.status ORDER BY a.id) AS statuses
           FROM webhook_delivery d JOIN webhook_attempt a ON a.delivery_id = d.id
          WHERE d.alert_id = $1 GROUP BY d.state`,
        [alertId],
      ),
    );
    // the killed attempt left no record; the one after the restart did
    expect(delivery).toEqual({ state: 'DELIVERED', statuses: [200] });
  }, 300_000);
});

// Whose a job is (ADR 0120): the jobs a fleet's work sends — webhook deliveries, notification
// e-mails — name their fleet, and Administration → Jobs shows, counts and retries only the
// caller's fleet's: another fleet's failed delivery (an e-mail address in its error) and the
// operator's failed job are neither listed, nor counted, nor retried (404). The jobs are the
// real ones the webhooks and notifications send; their failure after every retry is written as
// pg-boss leaves it (eight attempts over twenty minutes are not waited for). On PGlite and, with
// DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobsOverviewSchema, type JobsOverview } from '@vfm/contract';
import { createAccount, createFleetWithUsers, tokenFor } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';
import { openAlertWithEvent } from '../helpers/fleet-data';
import { waitFor } from '../helpers/mqtt';
import { startTestServer, type TestServer } from '../helpers/server';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { listJobs } from '../../src/cli/commands';
import { fleetQueues, JOB_FLEET_SQL } from '../../src/jobs/job-scope';
import { ruleInput } from '../notifications/rule-input';

let t: TestServer;
let fleetA: Awaited<ReturnType<typeof createFleetWithUsers>>;
let fleetB: Awaited<ReturnType<typeof createFleetWithUsers>>;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  fleetA = await createFleetWithUsers(t);
  fleetB = await createFleetWithUsers(t);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

type Cast = typeof fleetA;

/** An alert opened as the reconciliation does: its row and its event, in one transaction. */
const openAlert = (bike: BikeRow) => openAlertWithEvent(t, bike, 'LOW_VEHICLE_BATTERY');

/** The job of a queue whose data matches, once sent and run. */
async function jobOf(queue: string, where: string, values: unknown[]) {
  const [job] = await waitFor(
    async () => {
      const rows = await t.server.database.query<{ id: string; data: Record<string, unknown> }>(
        `SELECT id, data FROM pgboss.job WHERE name = $1 AND state = 'completed' AND ${where}`,
        [queue, ...values],
      );
      return rows.length > 0 && rows;
    },
    30_000,
    `the ${queue} job`,
  );
  return job!;
}

/** What pg-boss leaves of a job that failed after every retry: state failed, the last error. */
async function failAfterEveryRetry(id: string, message: string) {
  await t.server.database.query(
    `UPDATE pgboss.job SET state = 'failed', retry_count = retry_limit, completed_on = now(),
            output = $2 WHERE id = $1`,
    [id, { message }],
  );
}

const state = async (id: string) =>
  (
    await t.server.database.query<{ state: string }>(
      'SELECT state::text FROM pgboss.job WHERE id = $1',
      [id],
    )
  )[0]?.state;

async function overview(cast: Cast): Promise<JobsOverview> {
  const res = await t.api({ token: cast.adminToken }).get('fleet/admin/jobs', {
    query: { size: 100 },
  });
  expect(res.status, res.text).toBe(200);
  expectShape(JobsOverviewSchema, res.body);
  return res.body;
}

/** The fleet's failed jobs per queue, as the database holds them. */
async function failedInDatabase(fleetId: string): Promise<Record<string, number>> {
  const rows = await t.server.database.query<{ name: string; count: number }>(
    `SELECT j.name, count(*)::int AS count FROM pgboss.job j
      WHERE j.state = 'failed' AND ${JOB_FLEET_SQL('j')} = $1 GROUP BY j.name`,
    [fleetId],
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.count]));
}

describe('the jobs of a fleet and the operator’s', () => {
  let delivery: { id: string; data: Record<string, unknown> };
  let testEvent: { id: string; data: Record<string, unknown> };
  let mail: { id: string; data: Record<string, unknown> };
  let own: { id: string; data: Record<string, unknown> };
  let operator: { id: string };
  const recipient = `rita-${Date.now()}@fleet-b.example`;

  beforeAll(async () => {
    // fleet B: a webhook endpoint and a user e-mailed about low batteries
    const hook = await t.api({ token: fleetB.adminToken }).post('webhooks', {
      url: `${receiver.url}/b`,
      kinds: ['LOW_VEHICLE_BATTERY'],
    });
    expect(hook.status, hook.text).toBe(201);
    const rita = await createAccount(t, fleetB.fleet, { email: recipient, fullName: 'Rita' });
    const rule = await t
      .api({ token: await tokenFor(t, rita) })
      .post(
        'notification-rules',
        ruleInput({ kinds: ['LOW_VEHICLE_BATTERY'], channels: ['IN_APP', 'EMAIL'] }),
      );
    expect(rule.status, rule.text).toBe(201);
    const bikeB = await createBike(t, fleetB.fleet);
    await openAlert(bikeB);
    const ofEndpoint = `data->>'deliveryId' IN (SELECT d.id::text FROM webhook_delivery d
                                                  WHERE d.endpoint_id = $2)`;
    delivery = await jobOf('webhooks.deliver', ofEndpoint, [hook.body.webhook.id]);
    mail = await jobOf(
      'notifications.deliver',
      `data->>'deliveryId' IN (SELECT d.id::text FROM notification_delivery d
                                 WHERE d.account_id = $2)`,
      [rita.id],
    );
    const sent = await t
      .api({ token: fleetB.adminToken })
      .post(`webhooks/${hook.body.webhook.id}/test`);
    expect(sent.status, sent.text).toBe(201);
    testEvent = await jobOf('webhooks.deliver', `data->>'deliveryId' = $2`, [sent.body.deliveryId]);

    // fleet A: its own delivery
    const hookA = await t.api({ token: fleetA.adminToken }).post('webhooks', {
      url: `${receiver.url}/a`,
      kinds: ['LOW_VEHICLE_BATTERY'],
    });
    expect(hookA.status, hookA.text).toBe(201);
    await openAlert(await createBike(t, fleetA.fleet));
    own = await jobOf('webhooks.deliver', ofEndpoint, [hookA.body.webhook.id]);

    // the operator's: a sweep (no fleet)
    await t.server.jobs.send(null, 'alerts.sweep', {});
    operator = await jobOf('alerts.sweep', 'true', []);

    await failAfterEveryRetry(delivery.id, 'connect ECONNREFUSED 127.0.0.1:9');
    await failAfterEveryRetry(mail.id, `550 5.1.1 <${recipient}>: mailbox unavailable`);
    await failAfterEveryRetry(own.id, 'socket hang up');
    await failAfterEveryRetry(operator.id, 'deadlock detected');
  }, 120_000);

  it('names the fleet in every job a fleet’s work sends', async () => {
    expect(delivery.data.fleetId).toBe(fleetB.fleet.id);
    expect(testEvent.data.fleetId).toBe(fleetB.fleet.id);
    expect(mail.data.fleetId).toBe(fleetB.fleet.id);
    // and no job of a fleet queue went without its fleet meanwhile
    const orphans = await t.server.database.query<{ name: string }>(
      `SELECT j.name FROM pgboss.job j
        WHERE j.name = ANY($1::text[]) AND ${JOB_FLEET_SQL('j')} IS NULL`,
      [fleetQueues()],
    );
    expect(orphans).toEqual([]);
  });

  it('shows a fleet administrator only their fleet’s jobs and counts', async () => {
    const seen = await overview(fleetA);
    const ids = seen.failed.content.map((job) => job.id);
    expect(ids).toContain(own.id);
    for (const foreign of [delivery.id, mail.id, operator.id]) expect(ids).not.toContain(foreign);
    expect(JSON.stringify(seen)).not.toContain(recipient);
    expect(seen.failed.totalElements).toBe(1);
    // the counts are the fleet's alone; the operator's queues are not listed
    const queues = seen.queues.map((q) => q.queue);
    expect(queues).toEqual(expect.arrayContaining(fleetQueues()));
    for (const queue of ['alerts.sweep', 'jobs.probe', 'commands.expire', 'auth.maintenance'])
      expect(queues).not.toContain(queue);
    const failed = await failedInDatabase(fleetA.fleet.id);
    for (const q of seen.queues) expect(q.failed).toBe(failed[q.queue] ?? 0);
    expect(seen.queues.find((q) => q.queue === 'webhooks.deliver')?.failed).toBe(1);
    expect(seen.queues.find((q) => q.queue === 'notifications.deliver')?.failed).toBe(0);
  });

  it('answers 404 to a retry of another fleet’s job or the operator’s', async () => {
    const admin = t.api({ token: fleetA.adminToken });
    for (const id of [delivery.id, mail.id, operator.id]) {
      const res = await admin.post(`fleet/admin/jobs/${id}/retry`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(await state(id)).toBe('failed');
    }
  });

  it('lets the fleet’s own administrator see and retry their jobs', async () => {
    const seen = await overview(fleetB);
    const listed = seen.failed.content.find((job) => job.id === mail.id);
    expect(listed).toMatchObject({ queue: 'notifications.deliver' });
    expect(listed?.error).toContain(recipient);
    expect(seen.failed.content.map((job) => job.id)).not.toContain(own.id);
    expect(seen.failed.content.map((job) => job.id)).not.toContain(operator.id);
    const retried = await t
      .api({ token: fleetB.adminToken })
      .post(`fleet/admin/jobs/${delivery.id}/retry`);
    expect(retried.status).toBe(204);
    expect(await state(delivery.id)).not.toBe('failed');
    const ownRetry = await t
      .api({ token: fleetA.adminToken })
      .post(`fleet/admin/jobs/${own.id}/retry`);
    expect(ownRetry.status).toBe(204);
  });

  it('shows every failed job to the operator, each with its fleet or as theirs', async () => {
    const lines = await listJobs(t.server.database);
    expect(lines.find((l) => l.startsWith(operator.id))).toContain('alerts.sweep\t(operator)');
    expect(lines.find((l) => l.startsWith(mail.id))).toContain(
      `notifications.deliver\tfleet ${fleetB.fleet.name}`,
    );
  });
});

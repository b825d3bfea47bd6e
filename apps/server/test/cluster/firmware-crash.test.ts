// ADR 0129, docs/firmware.md "What drives it": a firmware campaign whose worker process is
// killed (SIGKILL) mid-campaign loses no module's state and offers no module twice. Real
// processes (src/cluster/local-cluster.ts): one API (the routes and the download), one ingest
// (the reports, the offers' dispatcher), one worker (the firmware.tick jobs), on this run's
// PostgreSQL database and the machine's Mosquitto, with simulated modules on that broker that
// download over HTTP and report each step (test/firmware/module-double.ts).
//
// The first kill lands inside a tick's transaction, for sure: the test holds the `event` table
// (LOCK … EXCLUSIVE) so that the tick, having marked the canary OFFERED, waits on its audit
// rows; the worker is killed there. The second lands while the offered modules download and
// report (the ingest, alive, applies their reports). Runs with DATABASE_URL, MQTT_URL and
// VFM_CLUSTER_TEST=1 (.ci/run's cluster pass); skipped otherwise.
import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, XSRF_COOKIE } from '@vfm/contract';
import { startNodes, type ClusterNode, type LocalCluster } from '../../src/cluster/local-cluster';
import { Jobs } from '../../src/jobs/job-queue';
import { JOBS_SCHEMA } from '../../src/jobs/queues';
import { loginPair } from '../helpers/auth';
import { createBike } from '../helpers/bikes';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createAccount, createFleet } from '../helpers/factories';
import { connectModule, waitFor } from '../helpers/mqtt';
import {
  CLUSTER_MQTT_URL,
  createTestCluster,
  nodeAsTestServer,
  noClusterPass,
} from '../helpers/cluster';
import { TEST_API_KEY } from '../helpers/server';
import { speakFirmware, type FirmwareModule } from '../firmware/module-double';

const MODULES = 20;
const CANARY_PERCENT = 25;
const CANARY = MODULES * (CANARY_PERCENT / 100);
/** a module's reboot: modules are still updating when the worker dies the second time */
const REBOOT_MS = 3_000;
/** HH:MM (UTC) this many minutes from now */
const hhmm = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);

describe.skipIf(noClusterPass)('a firmware campaign whose worker is killed (SIGKILL)', () => {
  let testDb: TestDatabase;
  let cluster: LocalCluster | undefined;
  let api: ClusterNode;
  let worker: ClusterNode;
  let jobs: Jobs | undefined;
  let token: string;
  const modules: FirmwareModule[] = [];
  const clients: MqttClient[] = [];
  const timings: Record<string, number> = {};
  const db = () => testDb.database;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    cluster = await createTestCluster(testDb.url!, 'fw-crash', [
      { name: 'api', roles: ['api'] },
      { name: 'ingest', roles: ['ingest'] },
      { name: 'worker', roles: ['worker'] },
    ]);
    api = cluster.node('api');
    worker = cluster.node('worker');
    // the offers name the API process's address (the ingest writes them)
    for (const node of cluster.nodes) node.env.FIRMWARE_BASE_URL = api.url;
    const starting = startNodes(cluster);
    starting.catch(() => {}); // awaited below
    const server = nodeAsTestServer(api, db());
    const fleet = await createFleet(server);
    const admin = await createAccount(server, fleet, { admin: true });
    for (let i = 0; i < MODULES; i += 1) {
      const bike = await createBike(server, fleet, {
        hardware_version: 'VFM-IOT-3',
        firmware_version: '1.0.0',
      });
      const client = await connectModule(
        CLUSTER_MQTT_URL!,
        bike.moduleId,
        'no-secret-on-this-broker',
      );
      clients.push(client);
      modules.push(
        await speakFirmware(
          client,
          { id: bike.id, vehicleNumber: bike.vehicleNumber },
          bike.moduleId,
          { rebootMs: REBOOT_MS },
        ),
      );
    }
    await starting;
    token = (await loginPair(server, admin)).jwtToken;
    jobs = await Jobs.open(db(), pino({ level: 'silent' }), false);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
    console.info(`firmware crash test timings: ${JSON.stringify(timings)}`);
    await jobs?.stop().catch(() => {});
    await cluster?.stop(5_000);
    await testDb?.drop();
  }, 60_000);

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${api.url}${API_PREFIX}/${path}`, {
      method,
      headers: {
        'x-api-key': TEST_API_KEY,
        authorization: `Bearer ${token}`,
        cookie: `${XSRF_COOKIE}=x`,
        'x-xsrf-token': 'x',
        ...(body instanceof FormData ? {} : body ? { 'content-type': 'application/json' } : {}),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const tick = () => jobs!.send(null, 'firmware.tick', {});
  const states = async (campaignId: string) =>
    Object.fromEntries(
      (
        await db().query<{ state: string; n: number }>(
          `SELECT state, count(*)::int AS n FROM firmware_target WHERE campaign_id = $1 GROUP BY state`,
          [campaignId],
        )
      ).map((r) => [r.state, r.n]),
    ) as Record<string, number>;
  const campaignState = async (campaignId: string) =>
    (
      await db().query<{ state: string }>('SELECT state FROM firmware_campaign WHERE id = $1', [
        campaignId,
      ])
    )[0]!.state;
  const eventsOf = async (campaignId: string) =>
    (
      await db().query<{ name: string; vehicle_number: string | null }>(
        `SELECT name, vehicle_number FROM event WHERE data->>'campaignId' = $1 ORDER BY id`,
        [campaignId],
      )
    ).map((e) => e.name);

  it('loses no module state and offers each module once across two kills and restarts', async () => {
    const form = new FormData();
    form.append('version', '4.2.0');
    form.append('moduleModel', 'VFM-IOT-3');
    form.append('file', new Blob([randomBytes(40_000)]), 'fw.bin');
    const pkg = await call('POST', 'firmware/packages', form);
    expect(pkg.status, JSON.stringify(pkg.body)).toBe(201);
    const created = await call('POST', 'firmware/campaigns', {
      packageId: pkg.body.id,
      name: 'Killed worker',
      target: { models: ['VFM-IOT-3'] },
      canaryPercent: CANARY_PERCENT,
      autoApproveSuccessPercent: 100,
      pacePerMinute: 1000,
      // shut until the test opens it (below): no tick offers anything before the test holds
      // the audit table
      windowStart: hhmm(12 * 60),
      windowEnd: hhmm(12 * 60 + 1),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    // the worker's first ticks (at its start) may have run before the campaign: wait idle
    await waitFor(
      async () =>
        (
          await db().query(
            `SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = 'firmware.tick' AND state IN ('created', 'active', 'retry')`,
          )
        ).length === 0,
      60_000,
      'no tick pending',
    );
    expect(await states(id)).toEqual({ PENDING: MODULES });
    // the window opens (as if its hour had come)
    await db().query(
      'UPDATE firmware_campaign SET window_start = NULL, window_end = NULL WHERE id = $1',
      [id],
    );

    // 1. the tick's transaction waits on the audit rows (the test holds the event table)
    const lock = await db().transaction(async (tx) => {
      await tx.query('LOCK TABLE event IN EXCLUSIVE MODE');
      await tick();
      const [blocked] = await waitFor(
        async () => {
          // (pg_locks, not pg_stat_activity: that one is a snapshot taken once a transaction)
          const rows = await tx.query<{ pid: number }>(
            `SELECT waiting.pid FROM pg_locks waiting
                WHERE waiting.relation = 'event'::regclass AND NOT waiting.granted
                  AND EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = waiting.pid AND l.granted
                                 AND l.relation = 'firmware_target'::regclass
                                 AND l.mode = 'RowExclusiveLock')`,
          );
          return rows.length > 0 && rows;
        },
        60_000,
        'the tick blocked mid-transaction, its offers written',
      );
      // killed there: its writes never commit
      await worker.kill('SIGKILL');
      return blocked!.pid;
    });
    expect(lock).toBeGreaterThan(0);
    expect(worker.running).toBe(false);
    // the dead worker's backend rolls back once it sees its client gone
    await waitFor(
      async () =>
        (await db().query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [lock])).length === 0,
      30_000,
      'the dead worker’s transaction rolled back',
    );
    expect(await states(id)).toEqual({ PENDING: MODULES });
    expect(await campaignState(id)).toBe('CANARY');
    expect(await eventsOf(id)).toEqual(['FIRMWARE_CAMPAIGN_CREATED']);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(modules.flatMap((m) => m.offers)).toEqual([]);

    // restarted: its first tick offers the canary again, which updates
    let restarted = Date.now();
    await worker.start();
    timings.workerRestartMs = Date.now() - restarted;
    await waitFor(
      async () => (await states(id)).UPDATED === CANARY,
      60_000,
      'the canary updated after the restart',
    );
    // 2. the canary settled: the next tick goes on (automatic approval) and offers the rest;
    // the worker dies while those modules download and report
    await tick();
    await waitFor(async () => (await states(id)).PENDING === undefined, 60_000, 'the rest offered');
    await worker.kill('SIGKILL');
    const killedAt = Date.now();
    // killed mid-campaign: modules still downloading or rebooting (REBOOT_MS)
    expect((await states(id)).UPDATED ?? 0).toBeLessThan(MODULES);
    await waitFor(
      async () => (await states(id)).UPDATED === MODULES,
      60_000,
      'every module updated while the worker is dead',
    );
    timings.updatedWithoutWorkerMs = Date.now() - killedAt;
    restarted = Date.now();
    await worker.start(); // its tick at start finishes the campaign
    await waitFor(
      async () => (await campaignState(id)) === 'FINISHED' || (await tick(), false),
      60_000,
      'the campaign finished',
    );
    timings.finishedAfterRestartMs = Date.now() - restarted;

    // nothing lost, nothing twice: one offer per module, one attempt, one audit row per step
    const targets = await db().query<{ state: string; attempts: number; bike_id: number }>(
      'SELECT state, attempts, bike_id FROM firmware_target WHERE campaign_id = $1',
      [id],
    );
    expect(targets).toHaveLength(MODULES);
    expect(targets.every((t) => t.state === 'UPDATED' && t.attempts === 1)).toBe(true);
    for (const m of modules) {
      expect(m.offers.map((o) => o.version)).toEqual(['4.2.0']);
      expect(m.versions).toEqual(['4.2.0']);
    }
    const names = await eventsOf(id);
    const count = (name: string) => names.filter((n) => n === name).length;
    expect(count('FIRMWARE_OFFERED')).toBe(MODULES);
    expect(count('FIRMWARE_UPDATED')).toBe(MODULES);
    expect(count('FIRMWARE_FAILED')).toBe(0);
    expect(count('FIRMWARE_CAMPAIGN_APPROVED')).toBe(1);
    expect(count('FIRMWARE_CAMPAIGN_FINISHED')).toBe(1);
    // after its reboot each module's telemetry shows the new version
    await waitFor(
      async () =>
        (
          await db().query(
            `SELECT 1 FROM bike WHERE id = ANY($1::bigint[]) AND firmware_version = '4.2.0'`,
            [targets.map((t) => t.bike_id)],
          )
        ).length === MODULES,
      30_000,
      'every bike showing 4.2.0',
    );
  }, 300_000);
});

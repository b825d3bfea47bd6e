// docs/operations.md, a cluster proven on the real services: two API processes and two workers (roles
// ingest and worker: module traffic and jobs; real `node src/main.ts` processes started by
// src/cluster/local-cluster.ts) on one PostgreSQL database of this run and the machine's
// Mosquitto, the workers in one shared subscription. Runs only with DATABASE_URL, MQTT_URL and
// VFM_CLUSTER_TEST=1 (CI's third pass, .ci/run, alone); skipped on the embedded defaults. The database is this file's
// own (helpers/database.ts: created beside DATABASE_URL's, dropped after); the shared-
// subscription group and client ids are this run's own, so parallel runs on the same broker
// never take each other's messages.
import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { upTopic } from '@vfm/contract';
import { JOBS_SCHEMA } from '../../src/jobs/queues';
import { Jobs } from '../../src/jobs/job-queue';
import { startNodes, type ClusterNode, type LocalCluster } from '../../src/cluster/local-cluster';
import { ApiClient } from '../helpers/api-client';
import { loginPair } from '../helpers/auth';
import { createBike, type BikeRow } from '../helpers/bikes';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createAccount, createFleet } from '../helpers/factories';
import { connectModule, nextSeq, subscribeCommands, telemetry, waitFor } from '../helpers/mqtt';
import {
  CLUSTER_MQTT_URL,
  createTestCluster,
  nodeAsTestServer,
  noClusterPass,
} from '../helpers/cluster';
import { TEST_API_KEY } from '../helpers/server';
import { openStream, type SseStream } from '../helpers/sse';

/** modules × messages each published while an ingest worker is killed */
const LOAD_MODULES = 4;
const LOAD_MESSAGES = 100;

describe.skipIf(noClusterPass)(
  'a cluster: two API processes, two workers (ingest and jobs)',
  () => {
    let testDb: TestDatabase;
    let cluster: LocalCluster | undefined;
    let apiA: ClusterNode;
    let apiB: ClusterNode;
    let token: string;
    const clients: MqttClient[] = [];
    const streams: SseStream[] = [];
    let bikes: BikeRow[];
    /** the test's own handle on the jobs home: it sends, never works */
    let jobs: Jobs | undefined;
    const serverOf = (node: ClusterNode) => nodeAsTestServer(node, testDb.database);
    const api = (node: ClusterNode) => new ApiClient(node.url, { apiKey: TEST_API_KEY, token });
    /** what the run measured, printed at the end (the CI log keeps it) */
    const timings: Record<string, number | number[]> = {};

    beforeAll(async () => {
      const begun = Date.now();
      testDb = await createTestDatabase();
      cluster = await createTestCluster(testDb.url!, 'cluster');
      // the database is migrated (createTestDatabase): the four start side by side
      const starting = startNodes(cluster);
      starting.catch(() => {}); // awaited below, after the data is written
      const db = serverOf(cluster.nodes[0]!);
      const fleet = await createFleet(db);
      const manager = await createAccount(db, fleet);
      bikes = [];
      for (let i = 0; i < 2 + LOAD_MODULES; i += 1) bikes.push(await createBike(db, fleet));
      await starting;
      timings.clusterStartMs = Date.now() - begun;
      apiA = cluster.node('api-a');
      apiB = cluster.node('api-b');
      token = (await loginPair(serverOf(apiA), manager)).jwtToken;
      jobs = await Jobs.open(testDb.database, pino({ level: 'silent' }), false);
    }, 240_000);

    afterAll(async () => {
      streams.forEach((stream) => stream.close());
      await Promise.all(clients.map((client) => client.endAsync(true).catch(() => {})));
      console.info(`cluster test timings: ${JSON.stringify(timings)}`);
      await jobs?.stop().catch(() => {});
      await cluster?.stop(5_000);
      await testDb?.drop();
    }, 60_000);

    const online = async (bike: BikeRow) => {
      const client = await connectModule(
        CLUSTER_MQTT_URL!,
        bike.moduleId,
        'no-secret-on-this-broker',
      );
      clients.push(client);
      return client;
    };
    const publish = (client: MqttClient, bike: BikeRow, kind: 'telemetry' | 'ack', body: unknown) =>
      client.publishAsync(upTopic(bike.moduleId, kind), JSON.stringify(body), { qos: 1 });
    const storedBy = async (node: ClusterNode) => {
      const text = await (await fetch(`${node.url}/metrics`)).text();
      return text
        .split('\n')
        .filter((line) => line.startsWith('vfm_ingest_stored_total'))
        .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
    };
    const probes = async (token: string) =>
      testDb.database.query<{ job_id: string; process_id: number; runs: number }>(
        'SELECT job_id, process_id, runs FROM job_probe WHERE token = $1',
        [token],
      );
    const pids = () =>
      Object.fromEntries(
        cluster!.nodes.filter((n) => n.running).map((n) => [n.child!.pid!, n.name]),
      ) as Record<number, string>;
    const telemetryRows = async (bikeIds: number[]) => {
      const [row] = await testDb.database.query<{ n: number; distinct: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT (bike_id, seq))::int AS distinct
         FROM telemetry WHERE bike_id = ANY($1::bigint[])`,
        [bikeIds],
      );
      return row!;
    };

    it('streams telemetry ingested by each worker to an SSE client of API A within 1 s', async () => {
      const bike = bikes[0]!;
      const module = await online(bike);
      const stream = await openStream(serverOf(apiA), token);
      streams.push(stream);
      expect(stream.status).toBe(200);
      await stream.next((f) => f.event === 'ready');
      const ingest = cluster!.nodes.filter((node) => node.name.startsWith('ingest'));
      let stored = await Promise.all(ingest.map(storedBy));
      const delays: number[] = [];
      /** which worker stored each measured message */
      const ingestedBy: string[] = [];
      // the first one warms up the read path of both API processes; the next ones are measured
      for (let i = 0; i <= 6; i += 1) {
        const latitude = 45.7 + i / 1000;
        const seen = stream.frames.length;
        const sent = Date.now();
        await publish(module, bike, 'telemetry', telemetry({ lat: latitude, lon: 4.83 }));
        await stream.next(
          (f) =>
            stream.frames.indexOf(f) >= seen &&
            f.event === 'bikes' &&
            f.data.bikes.some(
              (b: { vehicleNumber: string; latitude: number }) =>
                b.vehicleNumber === bike.vehicleNumber && Math.abs(b.latitude - latitude) < 1e-6,
            ),
          10_000,
        );
        const delay = Date.now() - sent;
        // the message was stored once, by one worker or the other (the broker chooses)
        const now = await Promise.all(ingest.map(storedBy));
        const by = ingest.filter((_, w) => now[w]! > stored[w]!).map((node) => node.name);
        expect(now.reduce((a, b) => a + b) - stored.reduce((a, b) => a + b)).toBe(1);
        stored = now;
        if (i > 0) {
          delays.push(delay);
          ingestedBy.push(by[0]!);
        }
      }
      timings.streamDelaysMs = delays;
      // the broker gives the group's messages to one member after the other: both took some
      expect(new Set(ingestedBy), ingestedBy.join(', ')).toEqual(new Set(['ingest-1', 'ingest-2']));
      expect(Math.max(...delays), `delays ${delays.join(', ')} ms`).toBeLessThanOrEqual(1_000);
    });

    it('takes a command through API B to its module, and shows its acknowledgement on API A', async () => {
      const bike = bikes[1]!;
      const module = await online(bike);
      const commands = await subscribeCommands(module, bike.moduleId);
      const sent = await api(apiB).post(`commands/lockControl/${bike.vehicleNumber}`, undefined, {
        query: { active: true },
      });
      expect(sent.status).toBe(202);
      const [command] = sent.body.commands as Array<{ id: string; status: string }>;
      expect(command!.status).toBe('PENDING');
      const received = await commands.next(15_000);
      expect(received).toMatchObject({ commandId: command!.id, type: 'LOCK_CONTROL', value: true });
      await publish(module, bike, 'ack', {
        seq: nextSeq(),
        ts: new Date().toISOString(),
        commandId: command!.id,
        status: 'OK',
      });
      const history = await waitFor(
        async () => {
          const res = await api(apiA).get(`products/details/commands/${bike.vehicleNumber}`);
          const shown = (res.body as Array<{ id: string; status: string }>).find(
            (c) => c.id === command!.id,
          );
          return shown?.status === 'ACKNOWLEDGED' && shown;
        },
        15_000,
        'the acknowledgement on API A',
      );
      expect(history).toMatchObject({ id: command!.id, status: 'ACKNOWLEDGED' });
    });

    it('runs each job once with two workers competing for the queue', async () => {
      const token = randomBytes(6).toString('hex');
      const count = 6;
      // 300 ms each: a worker holds one probe at a time, so both take some
      for (let i = 0; i < count; i += 1)
        await jobs!.send(null, 'jobs.probe', { token, waitMs: 300 });
      const rows = await waitFor(
        async () => {
          const found = await probes(token);
          return found.length === count && found;
        },
        60_000,
        'every probe done',
      );
      // the effect (the row) once per job, each delivered once
      expect(rows.every((row) => row.runs === 1)).toBe(true);
      const workers = new Set(rows.map((row) => pids()[row.process_id]));
      expect([...workers].sort()).toEqual(['ingest-1', 'ingest-2']);
    }, 120_000);

    it('loses no acknowledged message when an ingest worker is killed (SIGKILL) under load', async () => {
      const load = bikes.slice(2);
      const modules = await Promise.all(load.map(online));
      const victim = cluster!.node('ingest-1');
      const survivor = cluster!.node('ingest-2');
      const survivorBefore = await storedBy(survivor);
      let acknowledged = 0;
      let killed: Promise<void> | null = null;
      // every module publishes its messages one after the other (QoS 1: each acknowledged by the
      // broker before the next); the worker dies when a third of them are acknowledged
      await Promise.all(
        load.map(async (bike, m) => {
          for (let i = 0; i < LOAD_MESSAGES; i += 1) {
            await publish(modules[m]!, bike, 'telemetry', telemetry({ lat: 45 + i / 10_000 }));
            acknowledged += 1;
            if (!killed && acknowledged >= (LOAD_MODULES * LOAD_MESSAGES) / 3) {
              killed = victim.kill('SIGKILL');
            }
            if (i % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
          }
        }),
      );
      await killed;
      expect(victim.running).toBe(false);
      expect(acknowledged).toBe(LOAD_MODULES * LOAD_MESSAGES);
      // the other worker went on taking its share while the first was dead
      await waitFor(async () => (await storedBy(survivor)) > survivorBefore, 10_000, 'ingest-2');
      // the broker kept what it had given the dead worker in its session: the same client id
      // takes it again (the other worker kept taking the rest meanwhile)
      const restarted = Date.now();
      await victim.start();
      timings.workerRestartMs = Date.now() - restarted;
      const ids = load.map((bike) => bike.id);
      const rows = await waitFor(
        async () => {
          const counted = await telemetryRows(ids);
          return counted.distinct === acknowledged && counted;
        },
        30_000,
        'every acknowledged message stored',
      );
      // once each: a message redelivered after its commit is a duplicate, not a second row
      expect(rows).toEqual({ n: acknowledged, distinct: acknowledged });
    }, 180_000);

    it('answers the same markers ETag on API A and API B: a browser moved between them gets 304', async () => {
      const markers = (node: ClusterNode, etag?: string) =>
        api(node).get('fleet/markers', etag ? { headers: { 'if-none-match': etag } } : {});
      const first = await markers(apiA);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      expect((await markers(apiB)).headers.get('etag')).toBe(etag);
      const moved = await markers(apiB, etag);
      expect(moved.status).toBe(304);
      // a change (telemetry through either worker) moves both to the same new tag
      const module = clients[0]!;
      await publish(module, bikes[0]!, 'telemetry', telemetry({ lat: 46.1, lon: 4.9 }));
      const changed = await waitFor(
        async () => {
          const res = await markers(apiA, etag);
          return res.status === 200 && res.headers.get('etag');
        },
        10_000,
        'a new ETag on API A',
      );
      // API B's snapshot is at most MARKERS_SNAPSHOT_MS (1 s) old (ADR 0114): within it, the
      // same tag (it read 200 once, its snapshot still of the version before)
      await waitFor(
        async () => (await markers(apiB, changed)).status === 304,
        5_000,
        'the same new ETag on API B',
      );
      // a process started later (API B restarted: its count of anything starts again) agrees
      await apiB.kill('SIGKILL');
      const restarted = Date.now();
      await apiB.start();
      timings.apiRestartMs = Date.now() - restarted;
      expect((await markers(apiB, changed)).status).toBe(304);
      expect((await markers(apiB)).headers.get('etag')).toBe(changed);
    }, 180_000);

    it('finishes the job of a worker killed (SIGKILL) mid-job on the other worker', async () => {
      const token = randomBytes(6).toString('hex');
      // two slow probes: each worker holds one (one at a time), both active together
      for (let i = 0; i < 2; i += 1) await jobs!.send(null, 'jobs.probe', { token, waitMs: 6_000 });
      await waitFor(
        async () => {
          const [row] = await testDb.database.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job
              WHERE name = 'jobs.probe' AND state = 'active' AND data->>'token' = $1`,
            [token],
          );
          return row!.n === 2;
        },
        30_000,
        'both probes active',
      );
      const victim = cluster!.node('ingest-1');
      const survivor = cluster!.node('ingest-2');
      await victim.kill('SIGKILL');
      // the dead worker's lease (10 s) expires, the job is retried by the one alive
      const killedAt = Date.now();
      const rows = await waitFor(
        async () => {
          const found = await probes(token);
          return found.length === 2 && found;
        },
        90_000,
        'both probes done',
      );
      timings.jobTakenOverMs = Date.now() - killedAt;
      expect(rows.map((row) => row.process_id)).toEqual([survivor.child!.pid, survivor.child!.pid]);
      expect(rows.every((row) => row.runs === 1)).toBe(true);
    }, 180_000);
  },
);

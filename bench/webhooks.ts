// npm run bench -- webhooks
// docs/performance.md, from a module's message to the webhook received, p95 ≤ 2 s: a server (embedded
// broker, ingest, worker, API; WEBHOOK_ALLOW_PRIVATE for the local receiver) on a fleet of
// 1,000 bikes with the most webhook endpoints a fleet may have (20), all taking low batteries;
// a module publishes a low battery (which opens LOW_VEHICLE_BATTERY), the time runs until a
// local HTTP receiver gets the signed request for that bike — at the first endpoint, and at
// the last of the 20. Each signature is verified (standardwebhooks). Ends with one
// `BENCH {json}` line.
// And the burst: 1,000 alerts opened in a minute (alert.opened published as the
// reconciliation does, 1,000 bikes), one endpoint, the worker restarted (stopped, a new server
// started on the same database) half-way: every alert delivered, none twice.
//   BENCH_ONLY        latency | burst (one part)
//   BENCH_DATABASES   pglite,postgres (default: pglite; postgres needs PG_ADMIN_URL)
//   BENCH_SAMPLES     samples per database (50)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { MqttClient } from 'mqtt';
import { Webhook as Verifier } from 'standardwebhooks';
import {
  API_PREFIX,
  MQTT_QOS,
  ROLE_ADMIN,
  ROLE_USER,
  WEBHOOKS_PER_FLEET_MAX,
  XSRF_COOKIE,
  XSRF_HEADER,
  upTopic,
} from '@vfm/contract';
import type { Database } from '../apps/server/src/db/client';
import { connectModules, provisionBenchBikes } from './_modules';
import { FLEET, seedSql } from './_fleet-seed';
import { PG_ADMIN_URL } from './_ingest-run';
import { BENCH_API_KEY, startBenchServer, benchDatabases } from './_server';
import { percentile } from './_clients';

const ONLY = process.env.BENCH_ONLY;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);
const BURST = 1000;
const BURST_SECONDS = 60;
const WARM_UP = 10;
const GAP_MS = 300;
const { kinds: KINDS, withDatabase } = benchDatabases('webhooks', PG_ADMIN_URL, 'pglite');
type Kind = (typeof KINDS)[number];

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Arrival {
  at: number;
  path: string;
  vehicleNumber: string;
  webhookId: string;
  alertId: string;
}

/** A receiver on 127.0.0.1: every request's arrival, its bike, its signature checked. */
async function startReceiver(secrets: Map<string, string>) {
  const arrivals: Arrival[] = [];
  let badSignatures = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '';
      try {
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([k, v]) => [k, String(v)]),
        );
        const event = new Verifier(secrets.get(path)!).verify(body, headers) as {
          data: { bike: { vehicleNumber: string }; alert: { id: string } };
        };
        arrivals.push({
          at,
          path,
          vehicleNumber: event.data.bike.vehicleNumber,
          webhookId: headers['webhook-id']!,
          alertId: event.data.alert.id,
        });
      } catch {
        badSignatures += 1;
      }
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    badSignatures: () => badSignatures,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Makes the seed's account an administrator and creates endpoints through the API. */
async function createEndpoints(
  database: Database,
  bench: Awaited<ReturnType<typeof startBenchServer>>,
  receiverOrigin: string,
  secrets: Map<string, string>,
  count: number,
  kinds: string[],
) {
  await database.query('UPDATE account SET roles = $1 WHERE email = $2', [
    [ROLE_USER, ROLE_ADMIN],
    'bench@example.com',
  ]);
  const token = await bench.tokenFor('bench@example.com');
  for (let i = 0; i < count; i += 1) {
    const path = `/hook/${i}`;
    const res = await fetch(`${bench.origin}${API_PREFIX}/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': BENCH_API_KEY,
        authorization: `Bearer ${token}`,
        cookie: `${XSRF_COOKIE}=bench`,
        [XSRF_HEADER]: 'bench',
      },
      body: JSON.stringify({ url: `${receiverOrigin}${path}`, kinds }),
    });
    if (res.status !== 201) throw new Error(`webhook ${res.status} ${await res.text()}`);
    secrets.set(path, ((await res.json()) as { secret: string }).secret);
  }
}

async function latency(kind: Kind) {
  return withDatabase(kind, async (database) => {
    const bench = await startBenchServer(database, {
      VFM_ROLES: 'api,ingest,worker',
      MQTT_PORT: '0',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    const modules: MqttClient[] = [];
    const secrets = new Map<string, string>();
    const receiver = await startReceiver(secrets);
    try {
      await database.exec(seedSql(1000));
      await createEndpoints(database, bench, receiver.origin, secrets, WEBHOOKS_PER_FLEET_MAX, [
        'LOW_VEHICLE_BATTERY',
      ]);
      const bikes = WARM_UP + SAMPLES;
      const provisioned = await provisionBenchBikes(database, bikes, 'HOOK', 'WH');
      await connectModules(bench.server.iot!.brokerUrl, provisioned.modules, modules);
      const waitFor = async (test: () => Arrival | undefined, timeoutMs: number) => {
        const deadline = performance.now() + timeoutMs;
        for (;;) {
          const found = test();
          if (found) return found;
          if (performance.now() > deadline) throw new Error('no webhook');
          await sleep(5);
        }
      };
      const lastPath = `/hook/${WEBHOOKS_PER_FLEET_MAX - 1}`;
      // each bike once: a low battery opens its alert
      const sample = async (i: number) => {
        const vehicleNumber = `HOOK-${i}`;
        const started = performance.now();
        await modules[i]!.publishAsync(
          upTopic(provisioned.modules[i]!.moduleId, 'telemetry'),
          JSON.stringify({
            seq: 1,
            ts: new Date().toISOString(),
            lat: 48.85,
            lon: 2.35,
            speedKmh: 0,
            mode: 'STANDBY',
            bikeBattery: 10,
            iotBattery: 90,
          }),
          { qos: MQTT_QOS },
        );
        const first = await waitFor(
          () => receiver.arrivals.find((a) => a.vehicleNumber === vehicleNumber),
          15_000,
        );
        const last = await waitFor(
          () =>
            receiver.arrivals.find((a) => a.vehicleNumber === vehicleNumber && a.path === lastPath),
          15_000,
        );
        return { first: first.at - started, last: last.at - started };
      };
      for (let i = 0; i < WARM_UP; i += 1) {
        await sample(i).catch(() => null);
        await sleep(GAP_MS);
      }
      const first: number[] = [];
      const last: number[] = [];
      let missed = 0;
      for (let i = WARM_UP; i < bikes; i += 1) {
        try {
          const times = await sample(i);
          first.push(times.first);
          last.push(times.last);
        } catch {
          missed += 1;
        }
        await sleep(GAP_MS);
      }
      first.sort((a, b) => a - b);
      last.sort((a, b) => a - b);
      // every bike's alert reached every endpoint exactly once
      await sleep(1000);
      const perBike = new Map<string, number>();
      for (const a of receiver.arrivals)
        perBike.set(a.vehicleNumber, (perBike.get(a.vehicleNumber) ?? 0) + 1);
      const duplicates = [...perBike.values()].filter((n) => n > WEBHOOKS_PER_FLEET_MAX).length;
      const figures = {
        samples: first.length,
        endpoints: WEBHOOKS_PER_FLEET_MAX,
        firstP50: round(percentile(first, 50)),
        firstP95: round(percentile(first, 95)),
        lastP50: round(percentile(last, 50)),
        lastP95: round(percentile(last, 95)),
        max: round(last.at(-1) ?? 0),
        missed,
        duplicates,
        badSignatures: receiver.badSignatures(),
      };
      console.log(
        `  ${kind}: message → webhook, first endpoint p50 ${figures.firstP50} / p95 ${figures.firstP95} ms; all ${figures.endpoints} p50 ${figures.lastP50} / p95 ${figures.lastP95} / max ${figures.max} ms (${figures.samples} samples, ${missed} missed, ${duplicates} duplicated, ${figures.badSignatures} bad signatures)`,
      );
      return figures;
    } finally {
      await Promise.all(modules.map((m) => m.endAsync(true)));
      await receiver.close();
      await bench.close();
    }
  });
}

// ---------------------------------------------------------------------------------------
// burst: 1,000 alerts in a minute, the worker restarted half-way

async function burst(kind: Kind) {
  return withDatabase(kind, async (database) => {
    const secrets = new Map<string, string>();
    const receiver = await startReceiver(secrets);
    const env = { VFM_ROLES: 'api,worker', WEBHOOK_ALLOW_PRIVATE: 'true' };
    let bench = await startBenchServer(database, env);
    try {
      await database.exec(seedSql(1000));
      // a kind the seed never opens by itself (no zone): only the burst's alerts are sent
      await createEndpoints(database, bench, receiver.origin, secrets, 1, ['PARKED_IN_NO_PARKING']);
      const alerts = await database.query<{ id: string; bike_id: number; vn: string }>(
        `INSERT INTO alert (fleet_id, bike_id, kind, opened_at)
         SELECT fleet_id, id, 'PARKED_IN_NO_PARKING', now() FROM bike WHERE fleet_id = $1
         ORDER BY id LIMIT ${BURST}
         RETURNING id, bike_id, (SELECT vehicle_number FROM bike b WHERE b.id = bike_id) AS vn`,
        [FLEET],
      );
      const started = performance.now();
      let restartMs = 0;
      for (let i = 0; i < alerts.length; i += 1) {
        if (i === alerts.length / 2) {
          // the worker restarted: stopped (its jobs in flight come back after their lease), a
          // new server on the same database
          const stopAt = performance.now();
          await bench.close();
          bench = await startBenchServer(database, env);
          restartMs = performance.now() - stopAt;
        }
        const a = alerts[i]!;
        await database.transaction((tx) =>
          bench.server.jobs.publish(tx, [
            {
              name: 'alert.opened',
              data: {
                fleetId: FLEET,
                bikeId: a.bike_id,
                vehicleNumber: a.vn,
                alertId: a.id,
                kind: 'PARKED_IN_NO_PARKING',
              },
            },
          ]),
        );
        const due = started + ((i + 1) * BURST_SECONDS * 1000) / alerts.length;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
      }
      const published = performance.now();
      const deadline = published + 120_000;
      const delivered = () => new Set(receiver.arrivals.map((a) => a.alertId)).size;
      while (delivered() < alerts.length && performance.now() < deadline) await sleep(100);
      const lastAt = Math.max(...receiver.arrivals.map((a) => a.at));
      await sleep(2000);
      const ids = receiver.arrivals.map((a) => a.webhookId);
      const figures = {
        alerts: alerts.length,
        publishSeconds: round((published - started) / 1000),
        restartMs: round(restartMs),
        delivered: delivered(),
        requests: ids.length,
        duplicates: ids.length - new Set(ids).size,
        lastAfterPublishMs: round(lastAt - published),
        badSignatures: receiver.badSignatures(),
      };
      console.log(
        `  ${kind}: ${figures.delivered} / ${figures.alerts} alerts delivered (published in ${figures.publishSeconds} s, worker restarted in ${figures.restartMs} ms half-way), ${figures.duplicates} sent twice, last ${figures.lastAfterPublishMs} ms after the last publish`,
      );
      return figures;
    } finally {
      await receiver.close();
      await bench.close();
    }
  });
}

console.log(`webhooks benchmark: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]}`);
const result: Record<string, unknown> = { name: 'webhooks' };
const targets: Record<string, boolean> = {};
for (const kind of KINDS) {
  if (!ONLY || ONLY === 'latency') {
    const figures = await latency(kind);
    result[kind] = figures;
    targets[kind] =
      figures.lastP95 <= 2000 &&
      figures.missed === 0 &&
      figures.duplicates === 0 &&
      figures.badSignatures === 0;
  }
  if (!ONLY || ONLY === 'burst') {
    const figures = await burst(kind);
    result[`${kind}Burst`] = figures;
    targets[`${kind}Burst`] =
      figures.delivered === figures.alerts &&
      figures.duplicates === 0 &&
      figures.badSignatures === 0;
  }
}
result.loadAverage = os.loadavg()[0];
result.targets = targets;
console.log(`BENCH ${JSON.stringify(result)}`);
process.exit(0);

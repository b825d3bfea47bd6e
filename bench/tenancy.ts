// npm run bench -- tenancy
// One fleet never delays another (docs/decisions/0118, 0119): two fleets on one server (api,
// worker, the embedded broker), fleet A measured, fleet B as unlucky or as hostile as it may be.
//
// deliveries: fleet A's alert → its webhook and alert → its e-mail, p95 ≤ 2 s, first alone
//   (the baseline), then while fleet B opens two alerts a second with the most webhook
//   endpoints a fleet may have (20), all on a receiver that accepts and never answers, a
//   technician with 20 push endpoints that never answer, and a manager whose mailbox the mail
//   server refuses (550).
// zones: fleet A's `fleet/list` p95 (two clients back to back) within 1.2 × its own baseline
//   while fleet B imports zig-zag zones up to its corner budget, deletes them and imports them
//   again, over and over.
// Ends with one `BENCH {json}` line.
//   BENCH_ONLY        deliveries | zones (one part)
//   BENCH_DATABASES   pglite,postgres (default: pglite; postgres needs PG_ADMIN_URL)
//   BENCH_SAMPLES     fleet A's alerts per phase (30)
//   BENCH_SECONDS     seconds of each list phase (20)
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import { SMTPServer } from 'smtp-server';
import {
  API_PREFIX,
  ROLE_ADMIN,
  ROLE_USER,
  WEBHOOKS_PER_FLEET_MAX,
  XSRF_COOKIE,
  XSRF_HEADER,
  ZONE_VERTICES_MAX,
} from '@vfm/contract';
import * as contract from '@vfm/contract';
import type { Database } from '../apps/server/src/db/client';
import { JOBS_SCHEMA } from '../apps/server/src/jobs/queues';
import { measureClients } from './_clients';
import { FLEET, OTHER_FLEET, seedSql } from './_fleet-seed';
import { PG_ADMIN_URL } from './_ingest-run';
import {
  BENCH_API_KEY,
  startBenchServer,
  withBenchDatabase,
  type BenchServer,
  benchDatabaseKinds,
} from './_server';
import { startZoneLoad } from './_zone-load';

const ONLY = process.env.BENCH_ONLY;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const LIST_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const KINDS = benchDatabaseKinds('pglite');
type Kind = (typeof KINDS)[number];
/** the alert kind of the bench: never opened by the server itself here (no zone) */
const KIND = 'PARKED_IN_NO_PARKING';
const DEAD_PUSH_ENDPOINTS = 20;
/** fleet B's zone budget when the contract names none (before ADR 0119) */
const FLEET_CORNERS =
  (contract as unknown as { ZONE_FLEET_VERTICES_MAX?: number }).ZONE_FLEET_VERTICES_MAX ?? 200_000;

const MANAGER_A = 'bench@example.com';
const ADMIN_B = 'admin-b@example.com';
const TECH_B = 'tech-b@example.com';
const REFUSED_B = 'refused-b@example.com';

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An HTTP server on 127.0.0.1: `answer` requests are answered and timed, others never are. */
async function startReceiver() {
  const arrivals = new Map<string, number>();
  const sockets = new Set<Socket>();
  let silent = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (!request.url?.startsWith('/answer')) {
        silent += 1; // accepted, read, never answered
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const vehicle = /"vehicleNumber":"([^"]+)"/.exec(body)?.[1];
      if (vehicle && !arrivals.has(vehicle)) arrivals.set(vehicle, performance.now());
      response.end('ok');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    silent: () => silent,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** An SMTP server on 127.0.0.1 that refuses one mailbox (550) and times the others' mails. */
async function startSmtp(refused: string) {
  const arrivals = new Map<string, number>();
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase() !== refused) return callback();
      refusals += 1;
      const error = new Error('5.1.1 mailbox unavailable') as Error & { responseCode: number };
      error.responseCode = 550;
      callback(error);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        for (const vehicle of raw.match(/TEN-A-\d+/g) ?? [])
          if (!arrivals.has(vehicle)) arrivals.set(vehicle, performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    arrivals,
    refusals: () => refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const apiHeaders = (token: string) => ({
  'x-api-key': BENCH_API_KEY,
  authorization: `Bearer ${token}`,
  cookie: `${XSRF_COOKIE}=bench`,
  [XSRF_HEADER]: 'bench',
});

async function api(
  bench: BenchServer,
  token: string,
  method: string,
  path: string,
  /** an object, or its JSON text already made (a big body made once, not on every request) */
  body?: unknown,
) {
  const res = await fetch(`${bench.origin}${API_PREFIX}${path}`, {
    method,
    headers: {
      ...apiHeaders(token),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** Fleet B's accounts and a bike of each fleet per alert; fleet A's manager e-mailed at once. */
async function seedTwoFleets(database: Database, bikesPerFleet: number) {
  await database.exec(seedSql(0));
  await database.exec(`
    UPDATE account SET roles = ARRAY['${ROLE_USER}', '${ROLE_ADMIN}'] WHERE email = '${MANAGER_A}';
    INSERT INTO account (fleet_id, email, roles, status) VALUES
      ('${OTHER_FLEET}', '${ADMIN_B}', ARRAY['${ROLE_USER}', '${ROLE_ADMIN}'], 'ACTIVE'),
      ('${OTHER_FLEET}', '${TECH_B}', ARRAY['${ROLE_USER}'], 'ACTIVE'),
      ('${OTHER_FLEET}', '${REFUSED_B}', ARRAY['${ROLE_USER}'], 'ACTIVE');
    INSERT INTO bike (fleet_id, vehicle_number, bike_code, latitude, longitude)
    SELECT '${FLEET}', 'TEN-A-' || i, 'TAC-' || i, 48.85, 2.35 FROM generate_series(1, ${bikesPerFleet}) i;
    INSERT INTO bike (fleet_id, vehicle_number, bike_code, latitude, longitude)
    SELECT '${OTHER_FLEET}', 'TEN-B-' || i, 'TBC-' || i, 45.7, 4.8 FROM generate_series(1, ${bikesPerFleet}) i;
    INSERT INTO notification_rule (fleet_id, account_id, name, kinds, bike_scope, channels)
    SELECT a.fleet_id, a.id, 'Bench', ARRAY['${KIND}'], 'ALL',
           CASE WHEN a.email = '${TECH_B}' THEN ARRAY['PUSH'] ELSE ARRAY['EMAIL'] END
      FROM account a WHERE a.email IN ('${MANAGER_A}', '${TECH_B}', '${REFUSED_B}');`);
}

/** 20 push subscriptions of fleet B's technician, on a receiver that never answers. */
async function deadPushEndpoints(database: Database, origin: string) {
  const [tech] = await database.query<{ id: string }>('SELECT id FROM account WHERE email = $1', [
    TECH_B,
  ]);
  for (let i = 0; i < DEAD_PUSH_ENDPOINTS; i += 1) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    await database.query(
      `INSERT INTO push_subscription (fleet_id, account_id, endpoint, p256dh, auth)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        OTHER_FLEET,
        tech!.id,
        `${origin}/dead-push/${i}`,
        ecdh.getPublicKey().toString('base64url'),
        randomBytes(16).toString('base64url'),
      ],
    );
  }
}

/** Opens an alert on a bike and publishes it as the reconciliation does. */
async function openAlert(database: Database, bench: BenchServer, vehicleNumber: string) {
  await database.transaction(async (tx) => {
    const [alert] = await tx.query<{ id: string; bike_id: number; fleet_id: string }>(
      `INSERT INTO alert (fleet_id, bike_id, kind, opened_at)
       SELECT fleet_id, id, $2, now() FROM bike WHERE vehicle_number = $1
       RETURNING id, bike_id, fleet_id`,
      [vehicleNumber, KIND],
    );
    await bench.server.jobs.publish(tx, [
      {
        name: 'alert.opened',
        data: {
          fleetId: alert!.fleet_id,
          bikeId: alert!.bike_id,
          vehicleNumber,
          alertId: alert!.id,
          kind: KIND,
        },
      },
    ]);
  });
}

async function waitFor(found: () => number | undefined, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const at = found();
    if (at !== undefined) return at;
    if (performance.now() > deadline) return undefined;
    await sleep(5);
  }
}

async function deliveries(kind: Kind) {
  return withBenchDatabase(kind, 'tenancy', PG_ADMIN_URL, async (database) => {
    const receiver = await startReceiver();
    const smtp = await startSmtp(REFUSED_B);
    const bench = await startBenchServer(database, {
      VFM_ROLES: 'api,worker',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL_THROTTLE_MINUTES: '0',
    });
    let loading = false;
    let loadAlerts = 0;
    try {
      await seedTwoFleets(database, 2 * SAMPLES + 2000);
      const tokenA = await bench.tokenFor(MANAGER_A);
      const tokenB = await bench.tokenFor(ADMIN_B);
      const hookA = await api(bench, tokenA, 'POST', '/webhooks', {
        url: `${receiver.origin}/answer/a`,
        kinds: [KIND],
      });
      if (hookA.status !== 201) throw new Error(`webhook A ${hookA.status}`);
      for (let i = 0; i < WEBHOOKS_PER_FLEET_MAX; i += 1) {
        const hook = await api(bench, tokenB, 'POST', '/webhooks', {
          url: `${receiver.origin}/silent/${i}`,
          kinds: [KIND],
        });
        if (hook.status !== 201) throw new Error(`webhook B ${hook.status}`);
      }
      await deadPushEndpoints(database, receiver.origin);

      let next = 1;
      const phase = async () => {
        const webhook: number[] = [];
        const email: number[] = [];
        let missed = 0;
        for (let i = 0; i < SAMPLES; i += 1) {
          const vehicle = `TEN-A-${next++}`;
          const started = performance.now();
          await openAlert(database, bench, vehicle);
          const [hookAt, mailAt] = await Promise.all([
            waitFor(() => receiver.arrivals.get(vehicle), 20_000),
            waitFor(() => smtp.arrivals.get(vehicle), 20_000),
          ]);
          if (hookAt === undefined || mailAt === undefined) missed += 1;
          if (hookAt !== undefined) webhook.push(hookAt - started);
          if (mailAt !== undefined) email.push(mailAt - started);
          await sleep(300);
        }
        return {
          webhookP50: round(percentile(webhook, 50)),
          webhookP95: round(percentile(webhook, 95)),
          emailP50: round(percentile(email, 50)),
          emailP95: round(percentile(email, 95)),
          missed,
        };
      };

      const baseline = await phase();
      console.log(
        `  ${kind} alone: alert → webhook p50 ${baseline.webhookP50} / p95 ${baseline.webhookP95} ms, alert → e-mail p50 ${baseline.emailP50} / p95 ${baseline.emailP95} ms (${baseline.missed} missed)`,
      );
      // fleet B: two alerts a second for as long as fleet A is measured, after 10 s of head start
      loading = true;
      const load = (async () => {
        let b = 1;
        while (loading) {
          await openAlert(database, bench, `TEN-B-${b++}`);
          loadAlerts += 1;
          await sleep(500);
        }
      })();
      await sleep(10_000);
      const loaded = await phase();
      loading = false;
      await load;
      const figures = {
        baseline,
        loaded,
        fleetBAlerts: loadAlerts,
        silentRequests: receiver.silent(),
        refusedMails: smtp.refusals(),
      };
      console.log(
        `  ${kind} beside fleet B: alert → webhook p50 ${loaded.webhookP50} / p95 ${loaded.webhookP95} ms, alert → e-mail p50 ${loaded.emailP50} / p95 ${loaded.emailP95} ms (${loaded.missed} missed; fleet B: ${loadAlerts} alerts, ${figures.silentRequests} requests never answered, ${figures.refusedMails} mails refused)`,
      );
      return figures;
    } finally {
      loading = false;
      await bench.close();
      await receiver.close();
      await smtp.close();
    }
  });
}

/** A zig-zag polygon of `corners` positions (a comb's teeth: valid, and dense in segments). */
function zigZag(west: number, south: number, corners: number) {
  const teeth = corners - 3; // and two bottom corners, and the closing position
  const width = 0.02;
  const ring: Array<[number, number]> = [];
  for (let i = 0; i < teeth; i += 1)
    ring.push([
      round(west + (width * i) / (teeth - 1), 7),
      round(south + (i % 2 ? 0.01 : 0.005), 7),
    ]);
  ring.push([west + width, south], [west, south], ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}

/** Waits (at most 3 minutes) until no job is due or running, twice in a row. */
async function untilJobsDrained(database: Database) {
  const until = performance.now() + 180_000;
  let quiet = 0;
  while (quiet < 2 && performance.now() < until) {
    const [row] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job
        WHERE state = 'active' OR (state IN ('created', 'retry') AND start_after <= now())`,
    );
    quiet = row?.n ? 0 : quiet + 1;
    await sleep(500);
  }
}

async function zones(kind: Kind) {
  return withBenchDatabase(kind, 'tenancy_zones', PG_ADMIN_URL, async (database) => {
    const bench = await startBenchServer(database, { VFM_ROLES: 'api,worker' });
    let stopLoad: (() => Promise<unknown>) | undefined;
    try {
      await database.exec(seedSql(10_000));
      await database.exec(`INSERT INTO account (fleet_id, email, roles, status)
        VALUES ('${OTHER_FLEET}', '${ADMIN_B}', ARRAY['${ROLE_USER}', '${ROLE_ADMIN}'], 'ACTIVE')`);
      const tokenA = await bench.tokenFor(MANAGER_A);
      const tokenB = await bench.tokenFor(ADMIN_B);
      const perZone = Math.min(ZONE_VERTICES_MAX, 10_000);
      const count = Math.max(1, Math.floor(FLEET_CORNERS / perZone));
      const features = Array.from({ length: count }, (_, i) => ({
        type: 'Feature',
        geometry: zigZag(4.7 + (i % 10) * 0.03, 45.6 + Math.floor(i / 10) * 0.02, perZone),
        properties: { name: `Comb ${i}`, type: 'NO_PARKING' },
      }));
      /** three 10,000-corner zones a request: what a 1 MiB body holds — their text made once */
      const collections = Array.from({ length: Math.ceil(count / 3) }, (_, i) =>
        JSON.stringify({ type: 'FeatureCollection', features: features.slice(3 * i, 3 * i + 3) }),
      );
      const sorts = ['vehicleNumber,asc', 'bikeBatteryLevel,desc', 'lastCommunicationDate,desc'];
      // fleet A's two clients and fleet B's imports each in a process of their own, as browsers
      // and scripts are: in the bench's process they took the server's thread
      const listUrls = sorts.map(
        (sort) => `${bench.origin}${API_PREFIX}/fleet/list?page=0&size=50&sort=${sort}`,
      );
      const listPhase = async () => {
        const figures = await measureClients(2, 0, listUrls, apiHeaders(tokenA), 5, LIST_SECONDS);
        return { calls: figures.n, p50: figures.p50, p95: figures.p95 };
      };
      // the worker's first work on the new fleet (its bikes' alerts, tasks, placement) done
      // before anything is measured: on PGlite it shares the server's thread
      await untilJobsDrained(database);
      await listPhase(); // warm-up
      const baseline = await listPhase();
      const load = await startZoneLoad(
        `${bench.origin}${API_PREFIX}`,
        apiHeaders(tokenB),
        collections,
      );
      stopLoad = load.stop;
      const loaded = await listPhase();
      const { imports, refused, importMs } = await load.stop();
      stopLoad = undefined;
      const figures = {
        baseline,
        loaded,
        ratio: round(loaded.p95 / baseline.p95, 2),
        zonesPerImport: count,
        cornersPerImport: count * perZone,
        imports,
        refused,
        importMeanMs: imports ? round(importMs / imports) : null,
      };
      console.log(
        `  ${kind}: fleet A's list p95 ${baseline.p95} ms alone, ${loaded.p95} ms while fleet B imports ${count} × ${perZone} corners (${imports} imports of ≤ 3 zones, ${refused} refused, ${figures.importMeanMs} ms each): ${figures.ratio} ×`,
      );
      return figures;
    } finally {
      await stopLoad?.().catch(() => undefined);
      await bench.close();
    }
  });
}

console.log(`tenancy benchmark: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]}`);
const result: Record<string, unknown> = { name: 'tenancy' };
const targets: Record<string, boolean> = {};
for (const kind of KINDS) {
  if (!ONLY || ONLY === 'deliveries') {
    const figures = await deliveries(kind);
    result[`${kind}Deliveries`] = figures;
    targets[`${kind}Deliveries`] =
      figures.loaded.webhookP95 <= 2000 &&
      figures.loaded.emailP95 <= 2000 &&
      !figures.loaded.missed;
  }
  if (!ONLY || ONLY === 'zones') {
    const figures = await zones(kind);
    result[`${kind}Zones`] = figures;
    targets[`${kind}Zones`] = figures.ratio <= 1.2;
  }
}
result.loadAverage = os.loadavg()[0];
result.targets = targets;
console.log(`BENCH ${JSON.stringify(result)}`);
process.exit(0);

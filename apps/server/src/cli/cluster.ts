// `npm run cluster`: the cluster of docs/operations.md on one machine, to try — two API processes and
// two workers (module traffic in one shared MQTT subscription, and jobs) on PostgreSQL and an
// MQTT broker, plus a simulator process driving the demo fleet's modules through the broker.
// The cluster test (test/cluster/cluster.test.ts) starts the same processes
// (src/cluster/local-cluster.ts).
//
//   npm run cluster [-- --port 3000 --bikes 200]
//
// DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/vfm_cluster, created if absent)
// and MQTT_URL (default mqtt://127.0.0.1:1883) name the services. Ctrl-C stops everything.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEFAULT_DEMO_PASSWORD } from '../config/config';
import { createDatabaseIfMissing } from './queries';
import {
  createCluster,
  DEFAULT_NODES,
  startNodes,
  type ClusterNode,
} from '../cluster/local-cluster';

const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/vfm_cluster';
const DEFAULT_MQTT_URL = 'mqtt://127.0.0.1:1883';
const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** Creates the database of the URL when it does not exist (the cluster's own, by default). */
async function ensureDatabase(url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (await createDatabaseIfMissing(client, name)) console.log(`created database ${name}`);
  } finally {
    await client.end();
  }
}

/** A pino JSON line as `name level message`; any other line as it is. */
function show(node: ClusterNode, line: string) {
  let text = line;
  try {
    const entry = JSON.parse(line) as { level?: number; msg?: string };
    if (entry.msg !== undefined) text = `${LEVELS[entry.level ?? 30] ?? entry.level} ${entry.msg}`;
  } catch {
    // not JSON
  }
  console.log(`${node.name.padEnd(9)} ${text}`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '3000' },
      bikes: { type: 'string', default: '200' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'usage: npm run cluster [-- --port <first HTTP port, 3000> --bikes <simulated, 200; 0 = none>]',
    );
    return;
  }
  const basePort = Number(values.port);
  const bikes = Number(values.bikes);
  if (!Number.isInteger(basePort) || basePort < 1 || basePort > 65_530) {
    throw new Error('--port must be a port number');
  }
  if (!Number.isInteger(bikes) || bikes < 0) throw new Error('--bikes must be 0 or more');
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const mqttUrl = process.env.MQTT_URL || DEFAULT_MQTT_URL;
  await ensureDatabase(databaseUrl);

  // the simulator process seeds the demo (accounts, "Demo Fleet", its modules), alone, once
  // the ingest workers subscribe
  const simulator = bikes
    ? [
        {
          name: 'simulator',
          roles: ['simulator'],
          env: { DEMO: 'true', SIMULATOR_BIKES: String(bikes) },
        },
      ]
    : [];
  const cluster = await createCluster({
    databaseUrl,
    mqttUrl,
    sharedGroup: 'vfm-cluster',
    basePort,
    nodes: [...DEFAULT_NODES, ...simulator],
    env: {
      HOST: process.env.HOST || '127.0.0.1',
      // every process signs and checks the same access tokens
      JWT_SECRET: process.env.JWT_SECRET || randomBytes(32).toString('base64url'),
      DEMO: 'false',
      SIMULATOR_BIKES: '0',
      // the broker keeps a stopped worker's messages this long (production: a day)
      MQTT_SESSION_EXPIRY: process.env.MQTT_SESSION_EXPIRY || '600',
    },
    onLine: show,
    readyTimeoutMs: 180_000,
  });

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      console.log('stopping the cluster…');
      await cluster.stop();
      process.exit(0);
    })();
    return stopping;
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  console.log('starting two API processes and two workers (ingest and jobs)…');
  await startNodes(
    cluster,
    cluster.nodes.filter((node) => node.name !== 'simulator'),
  );
  const seeding = cluster.nodes.filter((node) => node.name === 'simulator');
  if (seeding.length) {
    console.log(`starting the simulator (${bikes} bikes, demo data first)…`);
    await startNodes(cluster, seeding);
  }
  console.log('');
  console.log(`database ${new URL(databaseUrl).pathname.slice(1)}, broker ${mqttUrl}`);
  for (const node of cluster.nodes) {
    console.log(`  ${node.name.padEnd(9)} ${node.spec.roles.join(',').padEnd(16)} ${node.url}`);
  }
  if (bikes) {
    const password = process.env.DEMO_PASSWORD ? '(DEMO_PASSWORD)' : DEFAULT_DEMO_PASSWORD;
    console.log(`demo accounts admin@vfm.demo, manager@vfm.demo — password ${password}`);
  }
  console.log('Ctrl-C stops all of them.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

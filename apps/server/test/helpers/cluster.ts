// Real server processes for the cluster tests (src/cluster/local-cluster.ts) on this run's own
// database (helpers/database.ts) and the machine's Mosquitto. They run in CI's cluster pass
// alone (.ci/run: DATABASE_URL, MQTT_URL and VFM_CLUSTER_TEST=1): their modules' traffic on the
// shared broker reaches every other test server's ingest.
import { randomBytes } from 'node:crypto';
import {
  createCluster,
  type ClusterNode,
  type ClusterOptions,
  type LocalCluster,
} from '../../src/cluster/local-cluster';
import type { Database } from '../../src/db/client';
import { ApiClient } from './api-client';
import { TEST_API_KEY, type TestServer } from './server';

export const CLUSTER_MQTT_URL = process.env.MQTT_URL;
/** Not CI's cluster pass, or no PostgreSQL and Mosquitto: the cluster tests skip. */
export const noClusterPass =
  !process.env.DATABASE_URL || !CLUSTER_MQTT_URL || process.env.VFM_CLUSTER_TEST !== '1';

/**
 * The processes (DEFAULT_NODES, or `nodes`) on the database at `databaseUrl`, in a
 * shared-subscription group and with a JWT secret of this run's own (named after `name`).
 */
export function createTestCluster(
  databaseUrl: string,
  name: string,
  nodes?: ClusterOptions['nodes'],
): Promise<LocalCluster> {
  const unique = randomBytes(4).toString('hex');
  return createCluster({
    databaseUrl,
    mqttUrl: CLUSTER_MQTT_URL!,
    sharedGroup: `vfm-${name}-${unique}`,
    // about 10 s alone on two cores; far longer while other suites load the machine
    readyTimeoutMs: 150_000,
    ...(nodes ? { nodes } : {}),
    baseEnv: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR },
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      API_KEYS: TEST_API_KEY,
      JWT_SECRET: `${name}-${unique}-secret-secret-secret-secret`,
      PUBLIC_URL: 'http://vfm.test',
      DEMO: 'false',
      SIMULATOR_BIKES: '0',
      INGEST_FLUSH_MS: '20',
      // the broker forgets this run's worker sessions a minute after the run
      MQTT_SESSION_EXPIRY: '60',
    },
  });
}

/** The helpers' view of one process: its URL, the run's database, an API client. */
export const nodeAsTestServer = (node: ClusterNode, database: Database) =>
  ({
    url: node.url,
    server: { database },
    api: (options = {}) => new ApiClient(node.url, { apiKey: TEST_API_KEY, ...options }),
  }) as unknown as TestServer;

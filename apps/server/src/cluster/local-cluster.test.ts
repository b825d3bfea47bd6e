// The cluster's processes as they are prepared (no service needed): roles, ports, client ids and
// data directories of their own; a process that cannot start fails its start with its log.
// The cluster itself runs in test/cluster/cluster.test.ts (PostgreSQL and Mosquitto).
import { access } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROLES, INGEST_ROLES, createCluster } from './local-cluster';

const options = {
  databaseUrl: 'postgresql://nobody@127.0.0.1:1/none',
  mqttUrl: 'mqtt://127.0.0.1:1',
  sharedGroup: 'vfm-cluster-unit',
  baseEnv: { PATH: process.env.PATH },
};

describe('createCluster', () => {
  it('prepares two API processes and two workers, each with its port, client id and data', async () => {
    const cluster = await createCluster({ ...options, basePort: 4100, env: { LOG_LEVEL: 'warn' } });
    try {
      expect(cluster.nodes.map((node) => [node.name, node.env.VFM_ROLES, node.port])).toEqual([
        ['api-a', API_ROLES.join(','), 4100],
        ['api-b', API_ROLES.join(','), 4101],
        ['ingest-1', INGEST_ROLES.join(','), 4102],
        ['ingest-2', INGEST_ROLES.join(','), 4103],
      ]);
      expect(INGEST_ROLES).toEqual(['ingest', 'worker']);
      const ingest = cluster.nodes.slice(2);
      expect(ingest.map((node) => node.env.MQTT_CLIENT_ID)).toEqual([
        'vfm-cluster-unit-ingest-1',
        'vfm-cluster-unit-ingest-2',
      ]);
      for (const node of cluster.nodes) {
        expect(node.env).toMatchObject({
          DATABASE_URL: options.databaseUrl,
          MQTT_URL: options.mqttUrl,
          MQTT_SHARED_GROUP: options.sharedGroup,
          LOG_LEVEL: 'warn',
          PORT: String(node.port),
        });
      }
      expect(new Set(cluster.nodes.map((node) => node.env.DATA_DIR)).size).toBe(4);
    } finally {
      await cluster.stop();
    }
    const root = path.dirname(cluster.nodes[0]!.env.DATA_DIR!);
    await expect(access(root)).rejects.toThrow();
  });

  it('fails a start with the log of a process that exited', async () => {
    const cluster = await createCluster({
      ...options,
      nodes: [{ name: 'broken', roles: ['no-such-role'] }],
    });
    try {
      await expect(cluster.node('broken').start()).rejects.toThrow(
        /broken exited:[\s\S]*unknown role "no-such-role"/,
      );
      expect(cluster.node('broken').running).toBe(false);
    } finally {
      await cluster.stop();
    }
  }, 30_000);
});

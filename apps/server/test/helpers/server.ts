// Starts a real VFM server for one test file: its own database (see database.ts), its own
// DATA_DIR in tmp, a free port. `close()` stops it and drops the database.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config/config';
import type { ResolvedConfig } from '../../src/config/secrets';
import { createServer, type VfmServer } from '../../src/server';
import { ApiClient, type ApiClientOptions } from './api-client';
import { createTestDatabase } from './database';

export const TEST_API_KEY = 'test-api-key';

export interface TestServer {
  url: string;
  server: VfmServer;
  config: ResolvedConfig;
  dataDir: string;
  /** a client with the test api key and XSRF pair; pass a token for authenticated calls */
  api(options?: ApiClientOptions): ApiClient;
  /** .eml files written so far (file mail mode), oldest first, as text */
  mails(): Promise<string[]>;
  /** the test clock: starts at the real time, moved by advance() */
  clock: TestClock;
  close(): Promise<void>;
}

export class TestClock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface StartOptions {
  env?: Record<string, string>;
  config?: Partial<Config>;
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vfm-test-'));
  const testDb = await createTestDatabase();
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://vfm.test',
    API_KEYS: TEST_API_KEY,
    DEMO: 'false',
    SIMULATOR_BIKES: '0',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // the embedded MQTT broker on a free port: test files run in parallel
    MQTT_PORT: '0',
    // every markers call sees the last write (markers-snapshot.test.ts sets its own)
    MARKERS_SNAPSHOT_MS: '0',
    ...options.env,
  });
  const config = { ...base, ...options.config } as ResolvedConfig;
  const clock = new TestClock();
  const dropAll = async () => {
    await testDb.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  // a server that does not start (a test of a refused start) leaves no database behind
  const server = await createServer(config, { database: testDb.database, now: clock.now }).catch(
    async (error: unknown) => {
      await dropAll().catch(() => undefined);
      throw error;
    },
  );
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  const mailDir = path.join(dataDir, 'mail');
  return {
    url,
    server,
    config,
    dataDir,
    clock,
    api: (clientOptions) => new ApiClient(url, { apiKey: TEST_API_KEY, ...clientOptions }),
    async mails() {
      const files = (await readdir(mailDir).catch(() => [] as string[]))
        .filter((file) => file.endsWith('.eml'))
        .sort();
      return Promise.all(files.map((file) => readFile(path.join(mailDir, file), 'utf8')));
    },
    async close() {
      // the database and the folder go even when the server's stop fails
      try {
        await server.close();
      } finally {
        await dropAll();
      }
    },
  };
}

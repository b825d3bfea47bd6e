// A Mosquitto of the test's own (its configuration, password file and ACL) for the broker-side
// rules that the machine's anonymous Mosquitto cannot show. Tests skip when the binary is
// missing (`mosquittoAvailable`).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  writeMosquittoFiles,
  type MosquittoConfigOptions,
} from '../../src/ingest/mosquitto-config';
import type { Database } from '../../src/db/client';
import { freePort } from '../../src/cluster/local-cluster';

export const mosquittoAvailable = spawnSync('mosquitto', ['-h']).error === undefined;

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface TestMosquitto {
  port: number;
  url: string;
  dir: string;
  /** rewrites password file and ACL from the database and reloads Mosquitto (SIGHUP) */
  reload(database: Database | null): Promise<void>;
  stop(): Promise<void>;
}

export async function startMosquitto(
  options: Omit<MosquittoConfigOptions, 'port' | 'bind' | 'persistenceDir' | 'runAs'>,
): Promise<TestMosquitto> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vfm-mosquitto-'));
  const port = await freePort(); // Mosquitto cannot listen on port 0
  // started as root, Mosquitto would switch to its own user and not read our temp files
  const runAs = os.userInfo().username;
  const config = { ...options, port, bind: '127.0.0.1', persistenceDir: null, runAs };
  await writeMosquittoFiles(null, dir, config);
  const child: ChildProcess = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await accepting(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`mosquitto did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    dir,
    async reload(database) {
      await writeMosquittoFiles(database, dir, config);
      child.kill('SIGHUP');
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

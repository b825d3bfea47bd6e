// The server as a real process (`src/main.ts`, as `npm start` runs it), for the tests that kill
// it (SIGKILL) and start it again: webhooks-crash, notifications-crash, durability. Its database
// is the test's: PostgreSQL when the pass has one, else PGlite in the process's DATA_DIR.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { openDatabase, type Database } from '../../src/db/client';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/** The variables every such process gets; a test adds its own. */
export function serverProcessEnv(options: {
  dataDir: string;
  databaseUrl?: string | null;
  jwtSecret: string;
}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    DATA_DIR: options.dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    PORT: '0',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    DEMO: 'false',
    SIMULATOR_BIKES: '0',
    JWT_SECRET: options.jwtSecret,
    LOG_LEVEL: 'info',
  };
}

/**
 * Starts the server; settles once `ready(output)` returns a value (by default: it listens),
 * with the process and that value. Fails with the output if it exits or takes longer than
 * timeoutMs.
 */
export function startServerProcess<T = true>(
  env: NodeJS.ProcessEnv,
  ready: (output: string) => T | null | undefined = (output) =>
    (/listening on http:\/\/localhost:\d+/.test(output) || null) as T | null,
  timeoutMs = 90_000,
): Promise<{ child: ChildProcess; ready: T }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output}`)),
      timeoutMs,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const value = ready(output);
      if (value !== null && value !== undefined) {
        clearTimeout(timer);
        resolve({ child, ready: value });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
}

/** Ends the process (SIGKILL by default: no goodbye) and settles once it has exited. */
export const stopProcess = (child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

/** The process's database, opened for the test (the process stopped, on PGlite). */
export async function withProcessDatabase<T>(
  where: { dataDir: string; databaseUrl?: string | null },
  fn: (db: Database) => Promise<T>,
): Promise<T> {
  const db = await openDatabase({
    databaseUrl: where.databaseUrl ?? null,
    dataDir: where.databaseUrl ? null : path.join(where.dataDir, 'pglite'),
  });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

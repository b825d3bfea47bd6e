// The admin CLI (DESIGN §2): on a temporary DATA_DIR (PGlite), or on a fresh PostgreSQL
// database when DATABASE_URL is set. What it creates works for real: the printed passwords sign
// in, the printed API key is accepted. Its commands run in this process (runAdmin, with this
// file's environment and buffers for its output); the process itself — `npm run admin`'s entry,
// its exit codes and the DATA_DIR lock held by another process — is run as one where that is
// what is tested.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPasswordValid } from '@vfm/contract';
import { runAdmin } from '../../src/cli/admin';
import { loadConfig } from '../../src/config/config';
import { resolveSecrets } from '../../src/config/secrets';
import { createServer, type VfmServer } from '../../src/server';
import { sha256 } from '../../src/lib/crypto';
import { ApiClient } from '../helpers/api-client';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../helpers/database';

const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');

let dataDir: string;
let testDb: TestDatabase | null = null;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vfm-cli-'));
  if (usingPostgres()) testDb = await createTestDatabase();
  env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}),
  };
});
afterAll(async () => {
  await testDb?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The CLI as a process: `npm run admin -- …` */
function cliProcess(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/admin-main.ts', ...args],
      { cwd: SERVER_ROOT, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** One command in this process, its output as the process would print it */
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(args, {
    env,
    out: (line) => out.push(`${line}\n`),
    err: (line) => err.push(`${line}\n`),
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const passwordOf = (stdout: string) => /^password: (\S+)$/m.exec(stdout)?.[1];

async function startServerOnSameDatabase(): Promise<{ server: VfmServer; url: string }> {
  const config = await resolveSecrets(
    loadConfig({ ...env, DEMO: 'false', API_KEYS: 'cli-test-key', LOG_LEVEL: 'silent' }),
  );
  const server = await createServer(config);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}` };
}

// each case spawns a process: generous limits on a shared machine
describe('usage', { timeout: 120_000 }, () => {
  it('prints the help with exit 0', async () => {
    const res = await cliProcess('help');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('create-fleet --name <fleet> --admin-email <e-mail>');
  });

  it('exits 2 with the usage for no command, an unknown command or a missing option', async () => {
    for (const args of [
      [],
      ['explode'],
      ['create-fleet', '--name', 'X'],
      ['create-admin', '--bogus'],
    ]) {
      const res = await cli(...args);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toContain('Usage: npm run admin --');
    }
    // and as the process's exit code
    const process = await cliProcess('explode');
    expect(process.code).toBe(2);
    expect(process.stderr).toContain('Unknown command "explode"');
  });
});

describe('commands', { timeout: 120_000 }, () => {
  const created: { fleetAdmin?: string; secondAdmin?: string; apiKey?: string } = {};

  it('create-fleet creates the fleet and an active admin, printing a policy-compliant password', async () => {
    const res = await cli(
      'create-fleet',
      '--name',
      'Bordeaux Vélos',
      '--admin-email',
      'Boss@Example.com',
    );
    expect(res.code, res.stderr).toBe(0);
    created.fleetAdmin = passwordOf(res.stdout);
    expect(created.fleetAdmin && isPasswordValid(created.fleetAdmin)).toBe(true);
    expect(res.stdout).toContain('admin: boss@example.com');
  });

  it('refuses a fleet name already taken, and an e-mail already used (exit 1)', async () => {
    const fleet = await cli(
      'create-fleet',
      '--name',
      'bordeaux vélos',
      '--admin-email',
      'x@example.com',
    );
    expect(fleet.code).toBe(1);
    expect(fleet.stderr).toContain('already exists');
    const email = await cli('create-fleet', '--name', 'Other', '--admin-email', 'boss@example.com');
    expect(email.code).toBe(1);
    expect(email.stderr).toContain('boss@example.com already exists');
  });

  it('create-admin adds an administrator to an existing fleet; unknown fleet → exit 1', async () => {
    const res = await cli(
      'create-admin',
      '--fleet',
      'Bordeaux Vélos',
      '--email',
      'second@example.com',
      '--language',
      'en',
    );
    expect(res.code, res.stderr).toBe(0);
    created.secondAdmin = passwordOf(res.stdout);
    expect(created.secondAdmin).toBeTruthy();
    const unknown = await cli('create-admin', '--fleet', 'Nowhere', '--email', 'z@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No fleet named "Nowhere"');
  });

  it('create-api-key prints the key once and stores only its hash', async () => {
    const res = await cli('create-api-key', '--name', 'partner');
    expect(res.code, res.stderr).toBe(0);
    created.apiKey = /^api key: (\S+)$/m.exec(res.stdout)?.[1];
    expect(created.apiKey?.length).toBeGreaterThan(30);
  });

  it('what it created works against a server on the same database', async () => {
    const { server, url } = await startServerOnSameDatabase();
    try {
      const rows = await server.database.query<{ key_hash: string }>(
        'SELECT key_hash FROM api_key',
      );
      expect(rows.map((r) => r.key_hash)).toEqual([sha256(created.apiKey!)]);
      const api = new ApiClient(url, { apiKey: created.apiKey! });
      expect((await api.get('app-settings')).status).toBe(200);
      for (const [email, password] of [
        ['boss@example.com', created.fleetAdmin],
        ['second@example.com', created.secondAdmin],
      ]) {
        const res = await api.post('auth/login', { email, password, application: 'VFM' });
        expect(res.status, email).toBe(200);
        const me = await api.with({ token: res.body.jwtToken }).get('accounts/me');
        expect(me.body).toMatchObject({
          roles: ['ROLE_VFM', 'ROLE_VFM_ADMIN'],
          fleet: { name: 'Bordeaux Vélos' },
        });
      }
      if (!usingPostgres()) {
        // PGlite is single-process: the CLI refuses while the server holds DATA_DIR
        const busy = await cliProcess('create-api-key', '--name', 'while-running');
        expect(busy.code).toBe(1);
        expect(busy.stderr).toMatch(/DATA_DIR .* is in use by process \d+/);
      }
    } finally {
      await server.close();
    }
  });

  it('quarantine lists the messages the ingest could not store, of every fleet or one', async () => {
    const { server } = await startServerOnSameDatabase();
    try {
      await server.database.query(
        `INSERT INTO ingest_quarantine (fleet_id, module_id, kind, payload, reason, received_at)
         SELECT id, 'Q00001', 'telemetry', '{}', 'RangeError: Invalid time value', now()
           FROM fleet WHERE name = 'Bordeaux Vélos'`,
      );
    } finally {
      await server.close();
    }
    const all = await cli('quarantine');
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toMatch(/^quarantined messages: 1$/m);
    expect(all.stdout).toMatch(
      /^\d+\tBordeaux Vélos\tQ00001\ttelemetry\t\S+Z\tattempts 1\tRangeError: Invalid time value$/m,
    );
    const one = await cli('quarantine', '--fleet', 'Bordeaux Vélos');
    expect(one.stdout).toMatch(/^quarantined messages: 1$/m);
    const unknown = await cli('quarantine', '--fleet', 'Nowhere');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No fleet is named "Nowhere"/);
  });
});

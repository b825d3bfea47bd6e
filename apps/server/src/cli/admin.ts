// `npm run admin -- <command>`: the admin CLI (DESIGN §2). Works on the
// configured database; with the embedded PGlite it takes the DATA_DIR lock, so it refuses
// while a server runs on the same DATA_DIR. Exit codes: 0 done, 1 refused/failed, 2 usage.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config';
import type { Database } from '../db/client';
import { acquireDataDirLock, DataDirBusyError } from '../db/data-dir-lock';
import { CliError } from './cli-error';

export const USAGE = `VFM admin CLI

Usage: npm run admin -- <command> [options]

Commands:
  create-fleet --name <fleet> --admin-email <e-mail> [--full-name <name>] [--language <lang>]
      Create a fleet and its first administrator (active, with a one-time password).
  create-admin --fleet <fleet> --email <e-mail> [--full-name <name>] [--language <lang>]
      Add an administrator to an existing fleet (one-time password).
  create-api-key --name <name>
      Create an x-api-key value for a client. The key is shown once and stored hashed.
  quarantine [--fleet <fleet>]
      List the module messages the ingest could not store (every fleet, or one), newest
      first: id, fleet, module, kind, received, attempts, reason. Fleet administrators store
      them again or clear them in Administration → Quarantine (docs/operations.md).
  jobs [--retry <job id>]
      The background jobs (ADR 0081): counts per queue and state, then the jobs that failed
      after every retry (the dead letters), newest first, each with its fleet or "(operator)".
      --retry sends one of them again (one more attempt). The operator's jobs (sweeps,
      housekeeping, the probe) are seen and retried only here; a fleet's administrators see
      and retry their own fleet's jobs in Administration → Jobs (ADR 0120).
  help
      Show this help.

The database is the configured one: DATABASE_URL, else PGlite in DATA_DIR (./data), which
must not be in use by a running server. Passwords are printed as "password: <password>";
sign in with it and change it under My account.

Exit codes: 0 done, 1 refused or failed, 2 wrong usage.`;

class UsageError extends Error {}

const OPTIONS = {
  name: { type: 'string' },
  'admin-email': { type: 'string' },
  fleet: { type: 'string' },
  email: { type: 'string' },
  'full-name': { type: 'string' },
  language: { type: 'string' },
  retry: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

function required(values: Values, name: keyof Values): string {
  const value = values[name];
  if (typeof value !== 'string' || !value.trim()) throw new UsageError(`--${name} is required.`);
  return value;
}

type Job = (database: Database) => Promise<string[]>;

/** Checks the options of a command and returns its job: usage errors come before any I/O. */
function plan(command: string, values: Values): Job {
  const admin = (emailOption: 'admin-email' | 'email') => ({
    email: required(values, emailOption),
    fullName: values['full-name'],
    language: values.language,
  });
  const commands = () => import('./commands');
  switch (command) {
    case 'create-fleet': {
      const [name, input] = [required(values, 'name'), admin('admin-email')];
      return async (database) => {
        const created = await (await commands()).createFleetWithAdmin(database, name, input);
        return [
          `fleet: ${created.fleetName} (${created.fleetId})`,
          `admin: ${created.email} (${created.accountId})`,
          `password: ${created.password}`,
        ];
      };
    }
    case 'create-admin': {
      const [fleet, input] = [required(values, 'fleet'), admin('email')];
      return async (database) => {
        const created = await (await commands()).createAdmin(database, fleet, input);
        return [`admin: ${created.email} (${created.accountId})`, `password: ${created.password}`];
      };
    }
    case 'create-api-key': {
      const name = required(values, 'name');
      return async (database) => {
        const created = await (await commands()).createApiKey(database, name);
        // running servers pick it up within 30 s (plugins/api-key.ts)
        return [`api key: ${created.key}`, `name: ${created.name} (${created.id})`];
      };
    }
    case 'quarantine': {
      const fleet = values.fleet;
      return async (database) => (await commands()).listQuarantine(database, fleet);
    }
    case 'jobs': {
      const retry = values.retry;
      return async (database) =>
        retry === undefined
          ? (await commands()).listJobs(database)
          : (await commands()).retryFailedJob(database, retry);
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

/** Parses the arguments and checks them before any database is opened. */
function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [command, ...extra] = parsed.positionals;
  if (extra.length) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  return { command, values: parsed.values };
}

/** Where the CLI writes: the process's streams, or a test's buffers. */
export interface AdminIo {
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
}

const processIo: AdminIo = {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

/** Runs one command; the exit code: 0 done, 1 refused or failed, 2 wrong usage. */
export async function runAdmin(argv: string[], io: AdminIo = processIo): Promise<number> {
  try {
    return await main(argv, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (
      error instanceof CliError ||
      error instanceof DataDirBusyError ||
      error instanceof ConfigError
    ) {
      io.err(error.message);
      return 1;
    }
    io.err(String((error as Error)?.stack ?? error));
    return 1;
  }
}

async function main(argv: string[], io: AdminIo): Promise<number> {
  const { command, values } = parse(argv);
  if (!command || command === 'help' || values.help) {
    if (!command && !values.help) throw new UsageError('A command is required.');
    io.out(USAGE);
    return 0;
  }
  const job = plan(command, values);
  // the database stack is loaded only now: help and usage errors answer at once
  const { openDatabase } = await import('../db/client');
  const { migrate } = await import('../migrate');
  // the queues migrate() creates are the modules' (ADR 0123)
  await import('../modules');
  const config = loadConfig(io.env);
  const release = config.databaseUrl ? null : await acquireDataDirLock(config.dataDir);
  try {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? null : path.join(config.dataDir, 'pglite'),
      poolSize: 1,
    });
    try {
      await migrate(database);
      for (const line of await job(database)) io.out(line);
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    await release?.();
  }
}

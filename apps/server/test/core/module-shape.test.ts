// The shape of a server module (docs/architecture.md "Server modules"): every module with
// routes has its index.ts entry; a routes.ts is HTTP only — no SQL, no database call —
// which the lint rule vfm/no-sql-in-routes enforces (checked here on samples and on the tree);
// and every SQL text of the server is in a query file — a `queries.ts` or a file of a
// `queries/` folder, of a module or of another part (ingest, jobs, demo, cli) — never in a
// service, a plugin, a helper or a process; `db/` (the driver, the migrations' runner) keeps
// its own bookkeeping (ADR 0112).
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { noSqlInRoutes } from '../../../../tools/eslint-boundaries.js';

const MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/modules');
const SRC = path.dirname(MODULES);
const modules = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The server's source files (not tests), relative to src. */
const sources = () =>
  readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );

/** Whether a file (relative to src) may hold SQL: a query file, or the database layer's own. */
function mayHoldSql(file: string): boolean {
  const parts = file.split(path.sep);
  return (
    parts[0] === 'db' || parts.at(-1) === 'queries.ts' || parts.slice(0, -1).includes('queries')
  );
}

/** The lines of a file's SQL texts (linted as if the file were a routes.ts: its database calls
 *  are not counted, they are a service's right). */
function sqlLines(code: string): number[] {
  return lint(code, path.join(MODULES, 'any', 'routes.ts'))
    .filter((message) => message.messageId === 'sql')
    .map((message) => message.line);
}

function lint(code: string, file: string) {
  const linter = new Linter({ configType: 'flat' });
  return linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as never },
        plugins: { vfm: { rules: { 'no-sql-in-routes': noSqlInRoutes } } },
        rules: { 'vfm/no-sql-in-routes': 'error' },
      },
    ],
    file,
  );
}

describe('server module shape', () => {
  it('keeps the central parts free of the modules that plug in (ADR 0123: manifests)', () => {
    // the ingest, the jobs home, the processes and the live stream learn of these modules from
    // their manifests only (routes, queues, live reads, ingest steps, owned reports, services)
    const PLUGGED = ['firmware', 'rules', 'reports', 'rebalancing', 'battery'];
    const central = sources().filter((file) => {
      const [part, module, sub] = file.split(path.sep);
      return (
        ['ingest', 'jobs', 'app.ts', 'worker.ts', 'server.ts'].includes(part!) ||
        (part === 'modules' && module === 'fleet' && sub === 'stream')
      );
    });
    expect(central.length).toBeGreaterThan(20);
    const named = central.flatMap((file) => {
      const code = readFileSync(path.join(SRC, file), 'utf8');
      return PLUGGED.filter((m) => new RegExp(`from '[./]*(modules/)?${m}/`).test(code)).map(
        (m) => `${file} → ${m}`,
      );
    });
    expect(named).toEqual([]);
  });

  it('gives every module with routes an index.ts entry (the shared base has no routes)', () => {
    const withRoutes = modules.filter((name) => existsSync(path.join(MODULES, name, 'routes.ts')));
    expect(withRoutes.length).toBeGreaterThan(8);
    expect(modules.filter((name) => !withRoutes.includes(name)).sort()).toEqual([
      'bikes',
      'events',
      'manifest',
    ]);
    for (const name of withRoutes) {
      expect(existsSync(path.join(MODULES, name, 'index.ts')), `${name}/index.ts`).toBe(true);
    }
  });

  it('keeps SQL out of every routes.ts', () => {
    for (const name of modules) {
      const file = path.join(MODULES, name, 'routes.ts');
      if (!existsSync(file)) continue;
      expect(lint(readFileSync(file, 'utf8'), file), `${name}/routes.ts`).toEqual([]);
    }
  });

  it('keeps every SQL text of the server in query files (ADR 0112)', () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(250);
    const misplaced = files
      .filter((file) => !mayHoldSql(file))
      .flatMap((file) =>
        sqlLines(readFileSync(path.join(SRC, file), 'utf8')).map((line) => `${file}:${line}`),
      );
    expect(misplaced).toEqual([]);
    // the scan sees the query files' SQL at all
    expect(
      sqlLines(readFileSync(path.join(SRC, 'jobs', 'queries', 'index.ts'), 'utf8')).length,
    ).toBe(3);
  });

  it('tells a query file from any other file, and sees SQL text in either', () => {
    const at = (...parts: string[]) => path.join(...parts);
    expect(mayHoldSql(at('modules', 'auth', 'queries', 'sessions.ts'))).toBe(true);
    expect(mayHoldSql(at('ingest', 'queries', 'history.ts'))).toBe(true);
    expect(mayHoldSql(at('jobs', 'queries.ts'))).toBe(true);
    expect(mayHoldSql(at('db', 'migrate.ts'))).toBe(true);
    expect(mayHoldSql(at('plugins', 'auth.ts'))).toBe(false);
    expect(mayHoldSql(at('modules', 'auth', 'session-service.ts'))).toBe(false);
    expect(mayHoldSql(at('modules', 'queries-helper.ts'))).toBe(false);
    expect(sqlLines("await db.query('SELECT 1');")).toEqual([1]);
    expect(
      sqlLines('const t = 1;\nawait tx.exec(`CREATE TABLE ${name} (LIKE telemetry)`);'),
    ).toEqual([2]);
    expect(sqlLines("db.query(`SELECT pg_notify('c', p) FROM unnest($1::text[]) AS p`)")).toEqual([
      1,
    ]);
    expect(sqlLines("throw new Error('Select a bike first, then update the list.');")).toEqual([]);
  });

  it("writes the command table's state in commands/queries.ts only (the command life cycle)", () => {
    const writes = /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+command\b/;
    const writers = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => writes.test(readFileSync(path.join(SRC, file), 'utf8')));
    expect(writers).toEqual([path.join('modules', 'commands', 'queries.ts')]);
  });

  it('flags SQL and database calls in a routes.ts, and only there', () => {
    const routes = path.join(MODULES, 'example', 'routes.ts');
    const sql = 'const rows = q(`SELECT id FROM bike WHERE fleet_id = $1`);';
    const insert = "run('INSERT INTO event (name) VALUES ($1)');";
    const aliased = "run('UPDATE command c SET sent_at = NULL WHERE c.id = $1');";
    const call = 'app.ctx.database.query(text);';
    expect(lint(sql, routes).map((m) => m.messageId)).toEqual(['sql']);
    expect(lint(insert, routes).map((m) => m.messageId)).toEqual(['sql']);
    expect(lint(aliased, routes).map((m) => m.messageId)).toEqual(['sql']);
    expect(lint(call, routes).map((m) => m.messageId)).toEqual(['database']);
    expect(lint("const summary = 'Select the bikes from the list';", routes)).toEqual([]);
    expect(lint(sql, path.join(MODULES, 'example', 'queries.ts'))).toEqual([]);
  });

  it('keeps files short (ADR 0123): no production file over 400 lines, no query file over 300', () => {
    const lines = (file: string) =>
      readFileSync(path.join(SRC, file), 'utf8').split('\n').length - 1;
    const isQueryFile = (file: string) => {
      const parts = file.split(path.sep);
      return parts.at(-1) === 'queries.ts' || parts.slice(0, -1).includes('queries');
    };
    const over = Object.fromEntries(
      sources()
        .map((file) => [file.split(path.sep).join('/'), lines(file), isQueryFile(file)] as const)
        .filter(([, count, query]) => count > (query ? 300 : 400))
        .map(([file, count]) => [file, count]),
    );
    // the files already over their limit when the rule came: each may shrink, none may grow, and
    // a file back under its limit leaves this list (a query file becomes a `queries/` folder)
    const GRANDFATHERED: Record<string, number> = {};
    for (const [file, count] of Object.entries(over))
      expect(count, `${file}: ${count} lines`).toBeLessThanOrEqual(GRANDFATHERED[file] ?? 0);
    expect(Object.keys(over).sort(), 'files back under their limit').toEqual(
      Object.keys(GRANDFATHERED).sort(),
    );
  });
});

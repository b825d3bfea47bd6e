// The shape of a server module (docs/architecture.md "Server modules"): every module with
// routes has its index.ts entry; a routes.ts is HTTP only — no SQL, no database call —
// which the lint rule vfm/no-sql-in-routes enforces (checked here on samples and on the tree);
// the module's SQL is in its queries.ts, not in its services.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { noSqlInRoutes } from '../../../../tools/eslint-boundaries.js';

const MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/modules');
const modules = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The live stream keeps its reads beside it (docs/architecture.md "Server modules"). */
const SQL_BESIDE_QUERIES = [path.join('fleet', 'stream') + path.sep];

/** The module's source files (not tests), relative to src/modules. */
function sourcesOf(name: string): string[] {
  return readdirSync(path.join(MODULES, name), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(name, file));
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
  it('gives every module with routes an index.ts entry (bikes and events have no routes)', () => {
    const withRoutes = modules.filter((name) => existsSync(path.join(MODULES, name, 'routes.ts')));
    expect(withRoutes.length).toBeGreaterThan(8);
    expect(modules.filter((name) => !withRoutes.includes(name)).sort()).toEqual([
      'bikes',
      'events',
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

  it('keeps the SQL of every module with routes in its queries.ts', () => {
    const withRoutes = modules.filter((name) => existsSync(path.join(MODULES, name, 'routes.ts')));
    expect(withRoutes).toEqual(expect.arrayContaining(['auth', 'provisioning', 'bike-records']));
    for (const file of withRoutes.flatMap(sourcesOf)) {
      if (path.basename(file) === 'queries.ts') continue;
      if (SQL_BESIDE_QUERIES.some((folder) => file.startsWith(folder))) continue;
      // linted as if it were a routes.ts: its SQL text is reported (its database calls are
      // a service's right)
      const asRoutes = path.join(MODULES, path.dirname(file), 'routes.ts');
      const sql = lint(readFileSync(path.join(MODULES, file), 'utf8'), asRoutes).filter(
        (message) => message.messageId === 'sql',
      );
      expect(sql, file).toEqual([]);
    }
  });

  it("writes the command table's state in commands/queries.ts only (the command life cycle)", () => {
    const SRC = path.dirname(MODULES);
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
});

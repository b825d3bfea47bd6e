// The server's parts depend one way (docs/architecture.md, tools/eslint-boundaries.js server-layers):
// a lower part never imports a higher one, and only the processes run the simulator.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { serverLayers, serverPartOf } from '../../../../tools/eslint-boundaries.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

function errors(code: string, file: string) {
  const linter = new Linter({ configType: 'flat' });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser as never },
          plugins: { vfm: { rules: { 'server-layers': serverLayers } } },
          rules: { 'vfm/server-layers': 'error' },
        },
      ],
      path.join(SRC, file),
    )
    .map((message) => message.message);
}

describe('server layers', () => {
  it('places a file in its part, a file with its own rank apart from its folder', () => {
    expect(serverPartOf(path.join(SRC, 'modules/alerts/service.ts'))).toBe('modules');
    expect(serverPartOf(path.join(SRC, 'db/client.ts'))).toBe('db');
    expect(serverPartOf(path.join(SRC, 'db/migrate.ts'))).toBe('db');
    expect(serverPartOf(path.join(SRC, 'migrate.ts'))).toBe('migrate.ts');
    expect(serverPartOf(path.join(SRC, 'main.ts'))).toBe('main.ts');
  });

  it('lets a part import lower parts only', () => {
    expect(
      errors(`import { x } from '../../plugins/request-scope';`, 'modules/a/service.ts'),
    ).toEqual([]);
    expect(errors(`import { x } from '../../ingest/pipeline';`, 'modules/a/service.ts')).toEqual([
      expect.stringContaining("'modules' must not import 'ingest'"),
    ]);
    expect(errors(`import { x } from '../plugins/auth';`, 'lib/a.ts')).toEqual([
      expect.stringContaining("'lib' must not import 'plugins'"),
    ]);
    // the database layer knows nothing of the jobs home: the queues are installed after it
    expect(errors(`import { JOBS_SCHEMA } from '../jobs/queues';`, 'db/migrate.ts')).toEqual([
      expect.stringContaining("'db' must not import 'jobs'"),
    ]);
    expect(errors(`import { migrateTables } from '../db/migrate';`, 'jobs/a.ts')).toEqual([]);
    expect(errors(`import { x } from '../migrate';`, 'jobs/job-queue.ts')).toEqual([
      expect.stringContaining("'jobs' must not import 'migrate.ts'"),
    ]);
    expect(errors(`import { x } from '../db/client';`, 'lib/a.ts')).toEqual([
      expect.stringContaining("'lib' must not import 'db'"),
    ]);
  });

  it('keeps the simulator to the processes', () => {
    expect(errors(`import { x } from '@vfm/simulator';`, 'demo/seed.ts')).toEqual([]);
    expect(errors(`import { x } from '@vfm/simulator';`, 'modules/a/service.ts')).toEqual([
      expect.stringContaining("must not import '@vfm/simulator'"),
    ]);
  });

  it('asks a new top folder for its rank', () => {
    expect(errors(`export const x = 1;`, 'newfolder/a.ts')).toEqual([
      expect.stringContaining('give it a rank in SERVER_LAYERS'),
    ]);
  });

  it('has no exception: no import is exempted from the rule (docs/architecture.md)', () => {
    const exempted = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) =>
        /eslint-disable.*vfm\/server-layers/.test(readFileSync(path.join(SRC, file), 'utf8')),
      );
    expect(exempted).toEqual([]);
  });

  it("keeps the modules' shared base under every module (docs/architecture.md)", () => {
    // bikes, then manifest and events: they import no feature module, and each other downwards
    // only, so no module's import can reach back up through them
    const BASE = ['bikes', 'manifest', 'events'];
    const below: Record<string, string[]> = { bikes: [], manifest: ['bikes'], events: ['bikes'] };
    const modules = path.join(SRC, 'modules');
    const reached = BASE.flatMap((name) =>
      readdirSync(path.join(modules, name), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .flatMap((file) => {
          const full = path.join(modules, name, file);
          return [...readFileSync(full, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)]
            .map(([, source]) => path.resolve(path.dirname(full), source!))
            .filter((target) => target.startsWith(modules + path.sep))
            .map((target) => path.relative(modules, target).split(path.sep)[0]!)
            .filter((other) => other !== name && !below[name]!.includes(other))
            .map((other) => `${name}/${file} → ${other}`);
        }),
    );
    expect(reached).toEqual([]);
  });

  it('has no loop between modules: a module never reaches back to one that imports it', () => {
    const modules = path.join(SRC, 'modules');
    const names = readdirSync(modules, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const edges = new Map<string, Set<string>>(names.map((name) => [name, new Set()]));
    for (const name of names) {
      const files = readdirSync(path.join(modules, name), {
        recursive: true,
        encoding: 'utf8',
      }).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
      for (const file of files) {
        const full = path.join(modules, name, file);
        for (const [, source] of readFileSync(full, 'utf8').matchAll(
          /(?:from|import\()\s*'(\.[^']+)'/g,
        )) {
          const target = path.relative(modules, path.resolve(path.dirname(full), source!));
          const other = target.split(path.sep)[0]!;
          if (other !== name && edges.has(other)) edges.get(name)!.add(other);
        }
      }
    }
    // every loop, as the path that closes it
    const loops: string[] = [];
    const visit = (from: string, trail: string[]) => {
      for (const next of edges.get(from)!) {
        if (next === trail[0]) loops.push([...trail, next].join(' → '));
        else if (!trail.includes(next) && next > trail[0]!) visit(next, [...trail, next]);
      }
    };
    for (const name of names) visit(name, [name]);
    expect(loops).toEqual([]);
    // the check sees imports between modules at all
    expect(edges.get('accounts')!.has('auth')).toBe(true);
  });
});

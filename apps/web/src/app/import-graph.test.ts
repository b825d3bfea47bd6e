// The web app's modules form no import cycle (STYLE.md; the folder order itself is the lint
// rule vfm/web-layers): every relative import, `export … from` and dynamic import() counts,
// type-only imports too, tests excepted.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolveModule(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    if (file.includes(`${path.sep}testing${path.sep}`)) continue;
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(SPECIFIER)]
      .map((match) => resolveModule(file, match[1]!))
      .filter((target): target is string => target !== null && /\.tsx?$/.test(target));
    graph.set(file, targets);
  }
  return graph;
}

function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, 'open');
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle.map((file) => path.relative(SRC, file));
  }
  return null;
}

describe('import graph of apps/web/src', () => {
  it('reads the imports of the app', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(50);
    const router = [...graph.entries()].find(([file]) => file.endsWith('app/router.tsx'));
    // dynamic imports count: the router lazy-loads every page
    expect(router?.[1].some((target) => target.includes('fleet-page'))).toBe(true);
  });

  it('has no cycle', () => {
    expect(findCycle(importGraph())).toBeNull();
  });
});

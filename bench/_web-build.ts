// The web app as a benchmark measures it: built by Vite, with its manifest, into a folder of
// the benchmark's own.
import { spawnSync, type StdioOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const repoRoot = path.resolve(import.meta.dirname, '..');

/** `vite build --manifest` of apps/web into `outDir` (with `args` after), and its manifest. */
export function buildWeb(
  outDir: string,
  { args = [], stdio = 'inherit' }: { args?: string[]; stdio?: StdioOptions } = {},
): Manifest {
  const build = spawnSync(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
      'build',
      '--manifest',
      '--outDir',
      outDir,
      ...args,
    ],
    { cwd: path.join(repoRoot, 'apps/web'), stdio },
  );
  if (build.status !== 0) throw new Error('vite build failed');
  return JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

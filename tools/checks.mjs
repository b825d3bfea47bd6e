// `npm test`'s static checks side by side: the type check of each workspace and of e2e/, lint
// and formatting, two at a time (the machine's two cores; run one after the other they took
// 76 s, docs/performance.md "The CI run"). Each check's output is printed when it ends, whole,
// so that two checks' lines never interleave; the first failure's exit code is the script's.
// Each check alone: npm run typecheck | lint | format:check.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = (project) => ['node_modules/typescript/bin/tsc', ['-p', project]];

/** the longest first, so that the two lanes end together */
const CHECKS = [
  ['type check: web', ...tsc('apps/web/tsconfig.json')],
  ['type check: server', ...tsc('apps/server/tsconfig.json')],
  ['lint', 'node_modules/eslint/bin/eslint.js', ['.', '--max-warnings', '0']],
  ['format', 'node_modules/prettier/bin/prettier.cjs', ['--check', '.', '--log-level', 'warn']],
  ['type check: e2e', ...tsc('e2e/tsconfig.json')],
  ['type check: simulator', ...tsc('apps/simulator/tsconfig.json')],
  ['type check: contract', ...tsc('packages/contract/tsconfig.json')],
  ['type check: demo city', ...tsc('packages/demo-city/tsconfig.json')],
  ['stand-alone', 'tools/stand-alone.mjs', []],
  ['file sizes', 'tools/file-sizes.mjs', []],
];

function run([name, script, args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { cwd: root });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      process.stdout.write(
        `${code === 0 ? '✓' : '✗'} ${name} (${seconds} s)${text ? `\n${text}` : ''}\n`,
      );
      resolve(code ?? 1);
    });
  });
}

const queue = [...CHECKS];
let status = 0;
const lane = async () => {
  for (let check = queue.shift(); check; check = queue.shift()) {
    const code = await run(check);
    if (code !== 0 && status === 0) status = code;
  }
};
await Promise.all(Array.from({ length: Math.max(1, Math.min(2, availableParallelism())) }, lane));
process.exit(status);

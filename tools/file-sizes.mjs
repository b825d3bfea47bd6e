// Files stay short (ADR 0123, docs/architecture.md "Growth rules"): no production file of the
// repository — the apps' and packages' sources and the tools — over 400 lines. Tests, test
// helpers and declaration files are not counted. The server's query files have a tighter limit
// (300), checked with the rest of the module shape (apps/server/test/core/module-shape.test.ts).
// Part of `npm run checks`; alone: node tools/file-sizes.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const MAX_LINES = 400;
const PRODUCTION = /^(?:apps\/[^/]+\/src|packages\/[^/]+\/src|tools)\/.*\.(?:tsx?|[cm]?js)$/;
const NOT_COUNTED = /\.test\.|\/test\/|\/testing\/|\.d\.ts$/;

const over = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => PRODUCTION.test(file) && !NOT_COUNTED.test(file))
  .flatMap((file) => {
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      return []; // listed by git, removed from the work tree
    }
    const lines = text.split('\n').length - 1;
    return lines > MAX_LINES ? [`${file}: ${lines} lines (at most ${MAX_LINES})`] : [];
  });

if (over.length) {
  console.error(`${over.join('\n')}\nsplit it where its parts have names of their own`);
  process.exit(1);
}
process.stdout.write(`no production file over ${MAX_LINES} lines\n`);

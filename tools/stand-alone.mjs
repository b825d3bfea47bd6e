// The repository stands alone (standards/README.md): no code, test, script or configuration
// reads a path outside it. Every relative path written in a tracked source file (a run of
// `../` and what follows) is resolved from that file's folder; one that leaves the repository
// is named and the check fails. Part of `npm run checks`; alone: node tools/stand-alone.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(?:[cm]?[jt]sx?|json|ya?ml|sh)$|^\.ci\/run$/;
/** vendored, published texts: their own relative links are theirs */
const VENDORED = /^standards\//;

const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && SOURCE.test(file) && !VENDORED.test(file));

const found = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // listed by git, removed from the work tree
  }
  const folder = path.dirname(path.join(root, file));
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/(?:\.\.\/)+[\w.@-]*/g)) {
      const target = path.resolve(folder, match[0]);
      if (target !== root && !target.startsWith(root + path.sep))
        found.push(`${file}:${index + 1}: ${match[0]} leaves the repository (${target})`);
    }
  });
}
if (found.length) {
  console.error(
    `Paths outside the repository (a clone has nothing beside it; vendor what is needed):\n${found.join('\n')}`,
  );
  process.exit(1);
}
process.stdout.write(`${files.length} files read: no path leaves the repository\n`);

// The repository stands alone (standards/README.md, docs/architecture.md):
// - no code, test, script or configuration reads a path outside it: every relative path written
//   in a tracked source file (a run of `../` and what follows) is resolved from that file's
//   folder, and one that leaves the repository is named;
// - no file speaks of the team's tracker (an issue number): a reader of the repository has no
//   tracker — the ADRs (docs/decisions) and the docs are the project's memory, so a rule points
//   to the one it comes from.
// Part of `npm run checks`; alone: node tools/stand-alone.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(?:[cm]?[jt]sx?|json|ya?ml|sh)$|^\.ci\/run$/;
/** every text file of ours: code, docs, SQL, styles, translations */
const TEXT = /\.(?:[cm]?[jt]sx?|json|ya?ml|sh|md|sql|css|html)$|^\.ci\/run$/;
const TRACKER = /\b[Ii]ssues? (?:#?\d+|"[^"]+")/;
/** vendored, published texts: their own relative links are theirs */
const VENDORED = /^standards\//;

const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(
    (file) => file && TEXT.test(file) && !VENDORED.test(file) && file !== 'package-lock.json',
  );

const found = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // listed by git, removed from the work tree
  }
  const folder = path.dirname(path.join(root, file));
  const source = SOURCE.test(file);
  text.split('\n').forEach((line, index) => {
    const tracker = TRACKER.exec(line);
    if (tracker)
      found.push(`${file}:${index + 1}: "${tracker[0]}" names the tracker: name the ADR or doc`);
    if (!source) return;
    for (const match of line.matchAll(/(?:\.\.\/)+[\w.@-]*/g)) {
      const target = path.resolve(folder, match[0]);
      if (target !== root && !target.startsWith(root + path.sep))
        found.push(`${file}:${index + 1}: ${match[0]} leaves the repository (${target})`);
    }
  });
}
if (found.length) {
  console.error(
    `The repository does not stand alone (a clone has nothing beside it and no tracker):\n${found.join('\n')}`,
  );
  process.exit(1);
}
process.stdout.write(
  `${files.length} files read: no path leaves the repository, none names the tracker\n`,
);

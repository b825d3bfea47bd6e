// npm ci → postinstall: makes the PGlite templates of pglite-template.ts (the plain cluster, then
// the same with this tree's migrations). Never fails the install: without them, the first start
// runs initdb or the migrations itself.
import { makeTemplate } from './pglite-template';

try {
  process.stdout.write(`PGlite template: ${await makeTemplate()}\n`);
  const { makeMigratedTemplate } = await import('./pglite-migrated-template');
  process.stdout.write(`PGlite migrated template: ${await makeMigratedTemplate()}\n`);
} catch (error) {
  console.warn(
    `PGlite template not made (${(error as Error).message}): the first start runs initdb and the migrations`,
  );
}

// npm ci → postinstall: makes the PGlite template of pglite-template.ts. Never fails the
// install: without it, the first start runs initdb itself.
import { makeTemplate } from './pglite-template';

try {
  process.stdout.write(`PGlite template: ${await makeTemplate()}\n`);
} catch (error) {
  console.warn(
    `PGlite template not made (${(error as Error).message}): the first start runs initdb`,
  );
}

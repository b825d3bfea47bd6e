// npm ci → postinstall: makes the PGlite template of pglite-template.ts. Never fails the
// install: without it, the first start runs initdb itself.
import { makeTemplate } from './pglite-template';

try {
  console.log(`PGlite template: ${await makeTemplate()}`);
} catch (error) {
  console.warn(
    `PGlite template not made (${(error as Error).message}): the first start runs initdb`,
  );
}

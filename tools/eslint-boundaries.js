// ESLint rules of the code's shape (STYLE.md "Features, not layers").
//  - feature-boundaries: a feature folder does not import another feature. Web features meet
//    in src/app; server modules meet through services, never routes.
//  - web-layers: the web app's folders depend one way, app → features → shared → ui, and the
//    shared folders in a fixed order, so no import cycle can form between folders.
//  - server-layers: the server's parts depend one way too, config → db → jobs/lib → plugins →
//    modules → ingest → the processes (demo, worker, app, server, cli, main).
//  - no-sql-in-routes: a server module's routes.ts holds no SQL and calls no database method;
//    its SQL lives in the module's queries.ts (docs/architecture.md "Server modules").
// The import rules see static imports, `export … from` and dynamic `import()`.
import { existsSync } from 'node:fs';
import path from 'node:path';

const AREAS = [
  { root: 'apps/web/src/features', forbid: () => true },
  // a server module may use another module's services and queries, never its routes or entry
  {
    root: 'apps/server/src/modules',
    forbid: (rest) => rest === '' || /(^|\/)(routes|index)(\.ts)?$/.test(rest),
  },
];

const WEB_ROOT = 'apps/web/src';
/**
 * Rank of each top folder of apps/web/src: a folder imports only folders of a lower rank (or
 * itself). Folders of one rank never import each other.
 *   ui        presentational components and their hooks, nothing of the app
 *   i18n, session   translations; the session store and token claims
 *   api       the HTTP client, its errors, query keys, plain fetchers
 *   services  what the app shares by context (app info, session, http, query client, toasts)
 *   account   the signed-in user's account operations and the login flow
 *   format, live    formatters in the user's units; the app-wide stream controller
 *   bike      how a bike's state is shown (labels, chips, gauges, relative times)
 *   map, alerts, zones, notifications, shortcuts, pwa, tasks   the shared map module; a
 *                   bike's alerts (states, actions: docs/web.md); the fleet's zones (queries,
 *                   GeoJSON, labels: docs/zones.md); the user's notifications and alert rules (bell,
 *                   rules' queries: docs/notifications.md); the keyboard shortcuts and their help (docs/manager-tools.md)
 *                  ; the installable app: service worker registration, offline and update
 *                   notices (docs/manager-tools.md); tasks (docs/tasks.md: queries, actions and their offline
 *                   queue, the dialog, a task's card); battery (docs/battery.md: a bike's battery
 *                   section, its queries and chart)
 *   features, shell   pages and the signed-in frame
 *   app       where everything meets; main.tsx starts it
 * `testing/` (test helpers) and tests may import anything.
 */
export const WEB_LAYERS = {
  ui: 0,
  i18n: 1,
  session: 1,
  api: 2,
  services: 3,
  account: 4,
  format: 5,
  live: 5,
  bike: 6,
  map: 7,
  alerts: 7,
  zones: 7,
  notifications: 7,
  shortcuts: 7,
  pwa: 7,
  tasks: 7,
  battery: 7,
  features: 8,
  shell: 8,
  app: 9,
  'main.tsx': 10,
};

function featureOf(file, root) {
  const rel = path.relative(path.resolve(root), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [feature, ...rest] = rel.split(path.sep);
  // a file directly in the root (e.g. modules/index.ts) is where features
  // meet, not a feature — named with its extension or, in an import, without
  if (!rest.length && (path.extname(feature) || existsSync(`${path.resolve(root, feature)}.ts`)))
    return null;
  return { feature, rest: rest.join('/') };
}

/** The top folder of apps/web/src a file belongs to, or null outside it. */
export function webFolderOf(file) {
  const rel = path.relative(path.resolve(WEB_ROOT), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0];
}

const isTestFile = (file) =>
  /\.test\.tsx?$/.test(file) || webFolderOf(file) === 'testing' || file.endsWith('.d.ts');

/** Calls `check(node, source)` for every relative module specifier of a file. */
function onEverySource(check) {
  const visit = (node) => {
    const source = node.source;
    if (source && source.type === 'Literal' && typeof source.value === 'string') {
      if (source.value.startsWith('.')) check(node, source.value);
    }
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossing:
        "Feature '{{from}}' must not import feature '{{to}}' ({{source}}): meet in app/ or through a service.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    return onEverySource((node, source) => {
      const target = path.resolve(path.dirname(file), source);
      for (const area of AREAS) {
        const from = featureOf(file, area.root);
        const to = featureOf(target, area.root);
        if (!from || !to || from.feature === to.feature || !area.forbid(to.rest)) continue;
        context.report({
          node,
          messageId: 'crossing',
          data: { from: from.feature, to: to.feature, source },
        });
      }
    });
  },
};

export const webLayers = {
  meta: {
    type: 'problem',
    messages: {
      upward:
        "'{{from}}' must not import '{{to}}' ({{source}}): the web app depends one way, app → features → shared → ui (tools/eslint-boundaries.js).",
      unknown:
        "'{{from}}' is not a known folder of apps/web/src: give it a rank in WEB_LAYERS (tools/eslint-boundaries.js).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = webFolderOf(file);
    if (!from || isTestFile(file)) return {};
    if (!(from in WEB_LAYERS)) {
      return {
        Program(node) {
          context.report({ node, messageId: 'unknown', data: { from } });
        },
      };
    }
    return onEverySource((node, source) => {
      const to = webFolderOf(path.resolve(path.dirname(file), source));
      if (!to || to === from) return;
      const allowed = to in WEB_LAYERS && WEB_LAYERS[to] < WEB_LAYERS[from];
      if (!allowed) context.report({ node, messageId: 'upward', data: { from, to, source } });
    });
  },
};

const SERVER_ROOT = 'apps/server/src';
/**
 * Rank of each part of apps/server/src (a top folder or file; a file listed on its own outranks
 * its folder): a part imports only parts of a lower rank, or itself. Packages of another app
 * have a rank too: only the processes may run the simulator.
 *   config, mail, lib  the configuration; the mail transport; helpers without HTTP (problems,
 *                  tokens, passwords, the metrics' text format…)
 *   db             the database handle and the tables' migrations
 *   jobs           the jobs home (its queues installed after the tables: jobs/queries/install.ts)
 *   plugins        Fastify plugins: the app context, auth, the request scope, rate limits
 *   migrate.ts     a database brought up to date: the tables, then the queues
 *   modules        the API's modules (docs/architecture.md "Server modules")
 *   ingest         the IoT path: broker, pipeline, writer, dispatcher
 *   demo, cluster, worker.ts, app.ts   what a process runs; @vfm/simulator
 *   server.ts      a process of any roles; cli, main.ts start them
 */
export const SERVER_LAYERS = {
  config: 0,
  mail: 0,
  lib: 0,
  db: 1,
  jobs: 2,
  plugins: 3,
  'migrate.ts': 3,
  modules: 4,
  ingest: 5,
  demo: 6,
  cluster: 6,
  'worker.ts': 6,
  'app.ts': 6,
  '@vfm/simulator': 5.5,
  'server.ts': 7,
  cli: 8,
  'main.ts': 8,
};

/** The part of apps/server/src a file belongs to (its own entry if it has one), or null. */
export function serverPartOf(file) {
  const rel = path.relative(path.resolve(SERVER_ROOT), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const posix = rel.split(path.sep).join('/');
  const withTs = posix.endsWith('.ts') ? posix : `${posix}.ts`;
  if (withTs in SERVER_LAYERS) return withTs;
  return posix.split('/')[0];
}

export const serverLayers = {
  meta: {
    type: 'problem',
    messages: {
      upward:
        "'{{from}}' must not import '{{to}}' ({{source}}): the server depends one way, config → db → jobs/lib → plugins → modules → ingest → processes (tools/eslint-boundaries.js).",
      unknown:
        "'{{from}}' is not a known part of apps/server/src: give it a rank in SERVER_LAYERS (tools/eslint-boundaries.js).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = serverPartOf(file);
    if (!from || /\.test\.ts$/.test(file)) return {};
    if (!(from in SERVER_LAYERS)) {
      return {
        Program(node) {
          context.report({ node, messageId: 'unknown', data: { from } });
        },
      };
    }
    const check = (node, source, to) => {
      if (!to || to === from) return;
      const allowed = to in SERVER_LAYERS && SERVER_LAYERS[to] < SERVER_LAYERS[from];
      if (!allowed) context.report({ node, messageId: 'upward', data: { from, to, source } });
    };
    const visit = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (source.value.startsWith('.'))
        check(node, source.value, serverPartOf(path.resolve(path.dirname(file), source.value)));
      else if (source.value in SERVER_LAYERS) check(node, source.value, source.value);
    };
    return {
      ImportDeclaration: visit,
      ExportNamedDeclaration: visit,
      ExportAllDeclaration: visit,
      ImportExpression: visit,
    };
  },
};

/** SQL statements as they start in this code base (keywords in capitals, docs/architecture.md). */
const SQL =
  /\b(SELECT\s[\s\S]*\bFROM|INSERT\s+INTO|UPDATE\s+\w+(?:\s+\w+)?\s+SET|DELETE\s+FROM|WITH\s+\w+\s+AS\s*\()\b/;
/** A text that is a statement by its first word alone (`SELECT 1`, `CREATE TABLE …`, `LISTEN …`). */
const SQL_START =
  /^\s*(SELECT|INSERT\s+INTO|UPDATE|DELETE\s+FROM|WITH|CREATE|ALTER|DROP|TRUNCATE|LISTEN|UNLISTEN|NOTIFY)\s/;
/** Whether a text holds SQL (a statement, or a text that starts like one). */
export const isSqlText = (text) => SQL.test(text) || SQL_START.test(text);
/** The database handle's methods: a route passes the request scope to a service instead. */
const DATABASE_METHODS = new Set(['query', 'exec', 'transaction', 'listen', 'notify']);

/** Whether a file is a server module's routes.ts (the HTTP layer of the module shape). */
export function isModuleRoutes(file) {
  return /(^|[\\/])apps[\\/]server[\\/]src[\\/]modules[\\/].+[\\/]routes\.ts$/.test(file);
}

export const noSqlInRoutes = {
  meta: {
    type: 'problem',
    messages: {
      sql: "routes.ts is HTTP only: move this SQL to the module's queries.ts (docs/architecture.md).",
      database:
        "routes.ts is HTTP only: call the module's service with scopeOf(request) instead of database.{{method}}().",
    },
    schema: [],
  },
  create(context) {
    if (!isModuleRoutes(context.filename)) return {};
    const check = (node, text) => {
      if (typeof text === 'string' && isSqlText(text)) context.report({ node, messageId: 'sql' });
    };
    return {
      Literal: (node) => check(node, node.value),
      TemplateLiteral: (node) =>
        check(node, node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ')),
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.property.type === 'Identifier' &&
          DATABASE_METHODS.has(callee.property.name) &&
          /database|db|tx/i.test(context.sourceCode.getText(callee.object))
        ) {
          context.report({ node, messageId: 'database', data: { method: callee.property.name } });
        }
      },
    };
  },
};

// The module list (ADR 0123): the one place that names the server's modules, one line each. Each
// module declares what it brings in its index.ts (its manifest, shaped by manifest/define.ts) —
// routes under the API prefix or outside it, queues with their policy, owner, events heard and
// handler — and the jobs home's queues, the app's routes and the worker's queues are derived from
// this list (the process, server.ts, hands them to app.ts and worker.ts: ADR 0142).
// docs/architecture.md "Server modules" tells the shape of a module and how to add one.
import type { FastifyPluginAsync } from 'fastify';
import { registerQueues, type QueueName, type QueueSpec } from '../jobs/queues';
import { registerIngestHooks } from './manifest/ingest-steps';
import type { LiveRead, ModuleManifest, QueueDeclaration, QueueNamesOf } from './manifest/define';
import health from './health';
import appInfo from './app-info';
import gbfs from './gbfs';
import mds from './mds';
import accounts from './accounts';
import auth from './auth';
import settings from './settings';
import commands from './commands';
import provisioning from './provisioning';
import fleet from './fleet';
import bikeRecords from './bike-records';
import administration from './administration';
import quarantine from './quarantine';
import zones from './zones';
import alerts from './alerts';
import jobs from './jobs';
import openData from './open-data';
import cityAccess from './city-access';
import webhooks from './webhooks';
import notifications from './notifications';
import shares from './shares';
import trackExport from './track-export';
import tasks from './tasks';
import maintenance from './maintenance';
import taskStatistics from './task-statistics';
import battery from './battery';
import firmware from './firmware';
import reports from './reports';
import rebalancing from './rebalancing';
import rules from './rules';

export const MODULES = [
  health,
  appInfo,
  gbfs,
  mds,
  auth,
  settings,
  accounts,
  bikeRecords,
  fleet,
  commands,
  provisioning,
  administration,
  quarantine,
  zones,
  alerts,
  jobs,
  openData,
  cityAccess,
  webhooks,
  notifications,
  shares,
  trackExport,
  tasks,
  maintenance,
  taskStatistics,
  battery,
  firmware,
  reports,
  rebalancing,
  rules,
] as const;

declare module '../jobs/queues' {
  /** every queue a module declares: QueueName is their union */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the augmentation is the point
  interface QueueRegistry extends Record<QueueNamesOf<(typeof MODULES)[number]>, true> {}
}

/** The routes under the API prefix (/api/wf/rest/v1), in the list's order. */
export const apiModules: FastifyPluginAsync[] = MODULES.flatMap((m) =>
  'api' in m && m.api ? [m.api] : [],
);

/** The routes outside the API prefix (health, open data, the one-click unsubscribe…). */
export const rootModules: FastifyPluginAsync[] = MODULES.flatMap((m) =>
  'root' in m && m.root ? [...m.root] : [],
);

/** The modules' parts of the live stream (fleet/stream/stream-hub.ts), by module name. */
export const liveReads: ReadonlyMap<string, LiveRead> = new Map(
  MODULES.flatMap((m) => ('live' in m && m.live ? [[m.name, m.live] as const] : [])),
);

/** Every queue with its declaration, in the list's order. */
export const queueDeclarations = (): Array<[QueueName, QueueDeclaration]> =>
  MODULES.flatMap((m) => Object.entries(m.queues ?? {}) as Array<[QueueName, QueueDeclaration]>);

registerQueues(Object.fromEntries(queueDeclarations()) as Record<string, QueueSpec>);

// the modules' ingest steps, reports and services (manifest/ingest-steps.ts), in the list's
// order
registerIngestHooks(
  new Map(
    MODULES.map((m) => {
      const manifest: ModuleManifest = m;
      return [m.name, { step: manifest.ingest, reports: manifest.reports, iot: manifest.iot }];
    }),
  ),
);

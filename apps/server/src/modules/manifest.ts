// The shape of a module's manifest (ADR 0123, docs/architecture.md "Server modules"): what a
// module brings to the processes, declared in its index.ts — its routes (under the API prefix,
// or outside it), its queues (policy, owner, the events each hears, and its handler) and what
// it does when a worker starts. The module list (modules/index.ts) is the one place that names
// the modules; app.ts, worker.ts and the jobs home's queue list are derived from it, so adding a
// module is its folder and one line of that list.
import type { FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import type { Job } from '../jobs/job-queue';
import type { QueueSpec } from '../jobs/queues';
import type { AppContext } from '../plugins/context';

/** What a handler works with: the process's context and its logger. */
export interface WorkerScope {
  ctx: AppContext;
  log: Logger;
}

/** A queue's handler: a batch of jobs (one job for a queue worked in slots, ADR 0118). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler names its own data
export type QueueHandler<T = any> = (batch: Job<T>[], worker: WorkerScope) => Promise<void>;

/** A queue as a module declares it: its policy and owner, what it hears, who works it. */
export interface QueueDeclaration extends QueueSpec {
  handler: QueueHandler;
}

export interface ModuleManifest<Q extends string = string> {
  name: string;
  /** registered under the API prefix (/api/wf/rest/v1) */
  api?: FastifyPluginAsync;
  /** registered outside it (open data, health, one-click unsubscribe…) */
  root?: readonly FastifyPluginAsync[];
  queues?: { readonly [N in Q]: QueueDeclaration };
}

/** A manifest, its queue names kept as a union (the jobs home's QueueName is derived from them). */
export const defineModule = <const Q extends string = never>(manifest: ModuleManifest<Q>) =>
  manifest;

/** The queue names of a manifest. */
export type QueueNamesOf<M> = M extends ModuleManifest<infer Q> ? Q : never;

// The shape of a module's manifest (ADR 0123, docs/architecture.md "Server modules"): what a
// module brings to the processes, declared in its index.ts — its routes (under the API prefix,
// or outside it), its queues (policy, owner, the events each hears, and its handler) and what
// it does when a worker starts. The module list (modules/index.ts) is the one place that names
// the modules; the app's routes, the worker's queues and the jobs home's queue list are derived
// from it, so adding a module is its folder and one line of that list.
import type { StreamEventName, StreamPayloads } from '@vfm/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import type { IngestStep, IotService, ReportHandler } from './ingest-steps';
import type { Job } from '../../jobs/job-queue';
import type { QueueSpec } from '../../jobs/queues';
import type { AppContext } from '../../plugins/context';
import type { FleetChangeKind } from '../bikes/fleet-changes';

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

/** What a module's live read sees of one fleet's stream (fleet/stream/stream-hub.ts). */
export interface LiveFeed {
  readonly fleetId: string;
  /** database time (µs) when the fleet's first stream opened */
  readonly openedAt: number;
  /** how far behind its cursor a read by time looks (µs): a transaction that commits late
   *  carries an older time */
  readonly lookbackUs: number;
  /** the module's own memory for this fleet (a cursor…), kept while its streams are open */
  readonly memory: Map<string, unknown>;
  /** whether an administrator's stream is open */
  readonly hasAdmins: boolean;
  broadcast<K extends StreamEventName>(event: K, data: StreamPayloads[K]): void;
  broadcastToAdmins<K extends StreamEventName>(event: K, data: StreamPayloads[K]): void;
}

/**
 * A module's part of the live stream (ADR 0123): after a fleet change notice of one of these
 * kinds, the stream runs `push` for that fleet — coalesced with the other reads, at most once per
 * interval, shared by all of the fleet's streams.
 */
export interface LiveRead {
  after: readonly FleetChangeKind[];
  push(feed: LiveFeed, database: Database): Promise<void>;
}

/** What the HTTP application takes of the module list (app.ts): the routes under the API prefix
 *  and outside it, and the live reads by module name. */
export interface ModuleRoutes {
  api: readonly FastifyPluginAsync[];
  root: readonly FastifyPluginAsync[];
  live: ReadonlyMap<string, LiveRead>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the modules' live reads, by module name (app.ts, from the module list) */
    liveReads: ReadonlyMap<string, LiveRead>;
  }
}

export interface ModuleManifest<Q extends string = string> {
  name: string;
  /** registered under the API prefix (/api/wf/rest/v1) */
  api?: FastifyPluginAsync;
  /** registered outside it (open data, health, one-click unsubscribe…) */
  root?: readonly FastifyPluginAsync[];
  queues?: { readonly [N in Q]: QueueDeclaration };
  /** what the module pushes on the fleet's live stream, and after which change notices */
  live?: LiveRead;
  /** what the module does with each ingest batch, in its transaction (ingest-steps.ts) */
  ingest?: IngestStep;
  /** the messages of a kind the module owns, applied in the batch's transaction (ingest-steps.ts) */
  reports?: ReportHandler;
  /** what the module runs in an ingest process, with the MQTT connection (ingest-steps.ts) */
  iot?: IotService;
}

/** A manifest, its queue names kept as a union (the jobs home's QueueName is derived from them). */
export const defineModule = <const Q extends string = never>(manifest: ModuleManifest<Q>) =>
  manifest;

/** The queue names of a manifest. */
export type QueueNamesOf<M> = M extends ModuleManifest<infer Q> ? Q : never;

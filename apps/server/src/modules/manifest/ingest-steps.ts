// What modules bring to the ingest (ADR 0123), declared in their manifests and registered here
// by the module list (modules/index.ts), as the queues are:
// - steps (`ingest`): after the batch's bike states are derived and saved, in the batch's
//   transaction, each step sees the batch — the bikes before and after, their messages — and
//   writes what is its own (a module's rows, commands, live notices) and answers the domain
//   events it calls for. The zones module places every position in its fleet's zones this way;
//   the ingest (ingest/batch-writer.ts) runs them.
// - reports (`reports`): the messages of a kind a module owns, not a bike state's (`up/firmware`),
//   taken out of the batch write and applied by the module in the batch's transaction
//   (ingest/module-hooks.ts).
// - services (`iot`): what a module runs in an ingest process beside the command dispatcher,
//   with the MQTT connection (the firmware offers' dispatcher).
import type { Logger } from 'pino';
import type { TelemetryMessage, UpKind, UpMessageByKind } from '@vfm/contract';
import type { Database, TxQuery } from '../../db/client';
import type { ResolvedConfig } from '../../config/secrets';
import type { DomainEvent } from '../../jobs/domain-events';
import type { FleetChanges } from '../bikes/fleet-changes';
import type { BikeState, ZoneMarks } from '../bikes/bike-state';

/** A bike of the batch as it was loaded, before the batch. */
export interface BatchBike {
  moduleId: string;
  state: BikeState;
  /** its zone marks before the batch (the zones' placement wrote them) */
  zoneMarks: ZoneMarks;
}

/** One message of the batch, of a module whose bike is known. */
export interface BatchMessage<K extends UpKind = UpKind> {
  bikeId: number;
  moduleId: string;
  kind: K;
  message: UpMessageByKind[K];
  /** when the broker handed it to the ingest */
  ts: Date;
}

/** One stored message of a bike as its derivation reads it (ingest/derive.ts): an ack carries
 *  what its command asked (the command's type and value, from the commands module). */
export type DerivationInput =
  | { kind: 'telemetry'; seq: number; ts: Date; telemetry: TelemetryMessage }
  | { kind: 'event'; seq: number; ts: Date; name: string; source: string; data?: unknown }
  | { kind: 'ack'; seq: number; ts: Date; ok: boolean; type: string; value: string }
  | { kind: 'autotest'; seq: number; ts: Date };

/** What a step sees of one batch. */
export interface IngestBatch {
  now: Date;
  /** the batch's bikes as they were loaded (before it), by bike id */
  loaded: ReadonlyMap<number, BatchBike>;
  /** the bikes whose state the batch derived, as saved */
  states: readonly BikeState[];
  /** the batch's stored messages, in batch order (duplicates left out) */
  messages: readonly BatchMessage[];
  /** the inputs of each bike's derivation, by bike id (the acks that applied, with their
   *  command) — what the bike's state was derived from, in the order they came */
  inputs: ReadonlyMap<number, readonly DerivationInput[]>;
  /** the fleets' live notice, sent at the end of the batch: a step adds its kinds */
  changes: FleetChanges;
}

export interface IngestStep {
  /** runs in the batch's transaction; its answer is published with the batch's events */
  run(tx: TxQuery, batch: IngestBatch): Promise<DomainEvent[]>;
}

/** A message of a kind a module owns, of a known bike. */
export interface OwnedReport<K extends UpKind = UpKind> {
  /** its place in the batch */
  index: number;
  bike: { id: number; fleetId: string; vehicleNumber: string };
  message: UpMessageByKind[K];
  ts: Date;
}

export interface ReportHandler<K extends UpKind = UpKind> {
  kind: K;
  /** applies the batch's reports in its transaction; answers the indexes of those it stored */
  apply(tx: TxQuery, reports: OwnedReport<K>[], now: Date): Promise<Set<number>>;
}

/** What the ingest's MQTT side offers a module's service. */
export interface ModuleTransport {
  publishFirmware(moduleId: string, payload: Buffer): Promise<void>;
  /** the modules connected now (null: not known here, an external broker) */
  onlineModules(): Set<string> | null;
}

export interface IotServiceScope {
  database: Database;
  config: ResolvedConfig;
  transport: ModuleTransport;
  logger: Logger;
  now: () => Date;
}

/** Starts a module's service in an ingest process; resolves once it runs. */
export type IotService = (scope: IotServiceScope) => Promise<{ stop(): Promise<void> }>;

interface IngestHooks {
  step?: IngestStep;
  reports?: ReportHandler;
  iot?: IotService;
}

const STEPS = new Map<string, IngestStep>();
const REPORTS = new Map<UpKind, ReportHandler>();
const SERVICES = new Map<string, IotService>();

/** The modules' ingest hooks by module name (modules/index.ts); steps run in that order. */
export function registerIngestHooks(hooks: ReadonlyMap<string, IngestHooks>): void {
  for (const [name, { step, reports, iot }] of hooks) {
    if (step) STEPS.set(name, step);
    if (reports) {
      const owner = REPORTS.get(reports.kind);
      if (owner && owner !== reports) throw new Error(`up/${reports.kind} owned twice (${name})`);
      REPORTS.set(reports.kind, reports);
    }
    if (iot) SERVICES.set(name, iot);
  }
}

export const ingestSteps = (): Iterable<IngestStep> => STEPS.values();
/** the report handlers by the kind of message each owns */
export const reportHandlers = (): ReadonlyMap<UpKind, ReportHandler> => REPORTS;
export const iotServices = (): Iterable<IotService> => SERVICES.values();

// The ingest's steps that modules bring (ADR 0123): after the batch's bike states are derived
// and saved, in the batch's transaction, each step registered here sees the batch — the bikes
// before and after, their messages — and writes what is its own (a module's rows, commands,
// live notices) and answers the domain events it calls for. The zones module places every
// position in its fleet's zones this way; a module declares its step in its manifest
// (`ingest`), and modules/index.ts registers them, as it does the queues; the ingest
// (ingest/batch-writer.ts) runs them.
import type { TelemetryMessage, UpKind, UpMessageByKind } from '@vfm/contract';
import type { TxQuery } from '../db/client';
import type { DomainEvent } from '../jobs/domain-events';
import type { BikeState } from './bikes/bike-state';
import type { FleetChanges } from './bikes/fleet-changes';
import type { ZoneMarks } from './zones/zone-conditions';

/** A bike of the batch as it was loaded, before the batch. */
export interface BatchBike {
  moduleId: string;
  state: BikeState;
  /** its zone marks before the batch (zones/zone-conditions.ts) */
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

const STEPS = new Map<string, IngestStep>();

/** The modules' steps by module name (modules/index.ts), run in that order. */
export function registerIngestSteps(steps: ReadonlyMap<string, IngestStep>): void {
  for (const [name, step] of steps) {
    if (STEPS.has(name) && STEPS.get(name) !== step)
      throw new Error(`ingest step ${name} declared twice`);
    STEPS.set(name, step);
  }
}

export const ingestSteps = (): Iterable<IngestStep> => STEPS.values();

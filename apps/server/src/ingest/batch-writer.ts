// Writes one batch of validated module messages in ONE transaction (ADR 0010): history rows
// (idempotent on module + seq), command acks, derived bike state, trips, usage, the commands a
// rider's theft declaration calls for, and one fleet notification per fleet. The commands' state
// is the commands module's (modules/commands/lifecycle.ts: one call per batch for the acks, one
// for the commands due). The pipeline acknowledges the messages (PUBACK) only after this
// commit. Raw set-based SQL on purpose: one
// statement per kind of row for the whole batch (json_to_recordset), not one per message, is
// what lets one ingest process commit 10,000+ messages/s (docs/performance.md "Ingest").
import type { TxQuery } from '../db/client';
import { FleetChanges } from '../modules/bikes/fleet-changes';
import { enqueueCommands } from '../modules/commands/command-service';
import {
  ackEvent,
  acknowledgeCommands,
  commandsDueForBikes,
  settleAcknowledged,
} from '../modules/commands/lifecycle';
import { UP_KINDS, type EventSource, type UpKind, type UpMessageByKind } from '@vfm/contract';
import { recordEvents, type EventRecord } from '../modules/events/queries';
import { deriveBike, type BikeInput, type BikeState, type DerivedTrip } from './derive';
import { loadBikesForUpdate, saveBikeStates, type LoadedBike } from './queries/bike-state';
import { refreshUsage } from './queries/usage';
import { insertAutotests, insertTelemetry, insertTrips } from './queries/history';
import { warningEvents } from './warning-events';
import { TELEMETRY_EXTRA } from './telemetry-extra';
import type { DomainEvent } from '../jobs/domain-events';
import { ingestSteps, type BatchMessage } from '../modules/manifest/ingest-steps';

export interface ValidMessage<K extends UpKind = UpKind> {
  moduleId: string;
  kind: K;
  message: UpMessageByKind[K];
  ts: Date;
}

export type MessageOutcome = 'stored' | 'duplicate' | 'unknown_module';

export interface BatchResult {
  /** outcome of each message, in batch order */
  outcomes: MessageOutcome[];
  /** PENDING commands of the batch's modules that are due for (re)delivery */
  commandsToDispatch: string[];
}

export interface WriteBatchOptions {
  now: Date;
  /** a PENDING command published longer ago than this is published again when its module talks */
  resendBefore: Date;
  /** publishes the batch's domain events (warnings that start or end) in its transaction */
  publish?: (tx: TxQuery, events: DomainEvent[]) => Promise<void>;
}

/** A number for a `real` column: PostgreSQL refuses one that float4 rounds to zero (1e-50). */
const asReal = (value: number) => (Math.fround(value) === 0 ? 0 : value);

const key = (bikeId: number, seq: number, ms?: number) => `${bikeId}:${seq}:${ms ?? ''}`;

export async function writeBatch(
  tx: TxQuery,
  batch: ValidMessage[],
  options: WriteBatchOptions,
): Promise<BatchResult> {
  const bikes = await loadBikesForUpdate(tx, [...new Set(batch.map((m) => m.moduleId))]);
  const work = sortBatch(batch, bikes);
  await storeTelemetry(tx, work, options.now);
  await storeEventsAndAutotests(tx, work);
  const commandEvents: DomainEvent[] = [];
  const ackedBikes = await applyAcks(tx, work, commandEvents);
  const changes = new FleetChanges();
  const events = [
    ...commandEvents,
    ...(await applyDerivedState(tx, work, ackedBikes, changes, options.now)),
  ];
  if (events.length && options.publish) await options.publish(tx, events);
  // commands waiting for a module that just talked: it is online, (re)deliver them
  const { now, resendBefore: before } = options;
  const commandsToDispatch = await commandsDueForBikes(tx, [...work.loaded.keys()], now, before);
  await changes.notify(tx);
  return { outcomes: work.outcomes, commandsToDispatch };
}

type Sorted = { index: number; bike: LoadedBike; m: ValidMessage };

/** What the steps of one batch share: each message's outcome, the messages by kind (of known
 * modules), the loaded bikes and the inputs of their derivation. */
interface BatchWork {
  outcomes: MessageOutcome[];
  byKind: Record<UpKind, Sorted[]>;
  loaded: Map<number, LoadedBike>;
  inputs: Map<number, BikeInput[]>;
  addInput(bikeId: number, input: BikeInput): void;
}

/** The messages by kind; those of an unknown module are answered as such. */
function sortBatch(batch: ValidMessage[], bikes: Map<string, LoadedBike>): BatchWork {
  const outcomes: MessageOutcome[] = batch.map(() => 'duplicate');
  const byKind = {} as BatchWork['byKind'];
  for (const kind of UP_KINDS) byKind[kind] = [];
  batch.forEach((m, index) => {
    const bike = bikes.get(m.moduleId);
    if (!bike) outcomes[index] = 'unknown_module';
    else byKind[m.kind].push({ index, bike, m });
  });
  const inputs = new Map<number, BikeInput[]>();
  return {
    outcomes,
    byKind,
    loaded: new Map([...bikes.values()].map((bike) => [bike.state.id, bike])),
    inputs,
    addInput(bikeId, input) {
      const list = inputs.get(bikeId);
      if (list) list.push(input);
      else inputs.set(bikeId, [input]);
    },
  };
}

/** Telemetry history: every message once, whatever its age. A message is the same one when
 * its (module, seq) was seen (DESIGN §6), whatever its ts: the first copy in the batch, and
 * only if no stored row has that seq (the (bike, seq, ts) index serves the lookup; the
 * partitioned table cannot have a unique index without ts). */
async function storeTelemetry(tx: TxQuery, work: BatchWork, now: Date): Promise<void> {
  const { byKind, outcomes } = work;
  const firstCopies = new Set<string>();
  byKind.telemetry = byKind.telemetry.filter(({ bike, m }) => {
    const k = key(bike.state.id, m.message.seq);
    if (firstCopies.has(k)) return false;
    firstCopies.add(k);
    return true;
  });
  if (byKind.telemetry.length) {
    const rows = byKind.telemetry.map(({ bike, m }) => {
      const t = m.message as UpMessageByKind['telemetry'];
      const extra: Record<string, unknown> = {};
      for (const name of TELEMETRY_EXTRA) if (t[name] !== undefined) extra[name] = t[name];
      return {
        bike_id: bike.state.id,
        seq: t.seq,
        ts: m.ts.toISOString(),
        received_at: now.toISOString(),
        latitude: t.lat ?? null,
        longitude: t.lon ?? null,
        speed_kmh: t.speedKmh === undefined ? null : asReal(t.speedKmh),
        iot_mode: t.mode ?? null,
        bike_battery: t.bikeBattery ?? null,
        iot_battery: t.iotBattery ?? null,
        battery_plugged: t.batteryPlugged ?? null,
        assistance_locked: t.assistanceLocked ?? null,
        odometer_km: t.odometerKm ?? null,
        extra: Object.keys(extra).length ? extra : null,
      };
    });
    const inserted = await insertTelemetry(tx, rows);
    const fresh = new Set(inserted.map((r) => key(r.bike_id, r.seq, r.ms)));
    for (const { index, bike, m } of byKind.telemetry) {
      const k = key(bike.state.id, m.message.seq, m.ts.getTime());
      if (!fresh.delete(k)) continue; // a second copy in the same batch is a duplicate too
      outcomes[index] = 'stored';
      work.addInput(bike.state.id, {
        kind: 'telemetry',
        seq: m.message.seq,
        ts: m.ts,
        telemetry: m.message as UpMessageByKind['telemetry'],
      });
    }
  }
}

/** Module events, then self-diagnosis reports (each also an AUTOTEST event of the history). */
async function storeEventsAndAutotests(tx: TxQuery, work: BatchWork): Promise<void> {
  const { byKind, outcomes } = work;
  const eventRows: EventRecord[] = [];
  for (const { bike, m } of byKind.event) {
    const e = m.message as UpMessageByKind['event'];
    eventRows.push(eventRow(bike.state, e.seq, m.ts, e.name, e.source, e.data ?? null));
  }
  if (byKind.autotest.length) {
    const rows = byKind.autotest.map(({ bike, m }) => ({
      bike_id: bike.state.id,
      seq: m.message.seq,
      ts: m.ts.toISOString(),
      results: (m.message as UpMessageByKind['autotest']).results,
    }));
    const inserted = await insertAutotests(tx, rows);
    const fresh = new Set(inserted.map((r) => key(r.bike_id, r.seq)));
    for (const { index, bike, m } of byKind.autotest) {
      if (!fresh.delete(key(bike.state.id, m.message.seq))) continue;
      outcomes[index] = 'stored';
      work.addInput(bike.state.id, { kind: 'autotest', seq: m.message.seq, ts: m.ts });
      const results = (m.message as UpMessageByKind['autotest']).results;
      const count = (status: string) => results.filter((r) => r.status === status).length;
      eventRows.push(
        eventRow(bike.state, m.message.seq, m.ts, 'AUTOTEST', 'MODULE', {
          ok: count('OK'),
          ko: count('KO'),
          na: count('NA'),
        }),
      );
    }
  }
  if (eventRows.length) {
    const inserted = await recordEvents(tx, eventRows);
    const fresh = new Set(inserted.map((r) => key(r.bike_id, r.module_seq)));
    for (const { index, bike, m } of byKind.event) {
      if (!fresh.delete(key(bike.state.id, m.message.seq))) continue;
      const e = m.message as UpMessageByKind['event'];
      outcomes[index] = 'stored';
      work.addInput(bike.state.id, {
        kind: 'event',
        seq: e.seq,
        ts: m.ts,
        name: e.name,
        source: e.source,
        data: e.data,
      });
    }
  }
}

/** Command acks: PENDING → ACKNOWLEDGED / FAILED, once (a repeated ack changes nothing).
 * Answers the bikes whose pending flags need a refresh. */
async function applyAcks(
  tx: TxQuery,
  work: BatchWork,
  events: DomainEvent[],
): Promise<Set<number>> {
  const { byKind, outcomes } = work;
  const ackedBikes = new Set<number>();
  if (byKind.ack.length) {
    const applied = await acknowledgeCommands(
      tx,
      byKind.ack.map(({ bike, m }) => {
        const a = m.message as UpMessageByKind['ack'];
        return {
          commandId: a.commandId,
          bikeId: bike.state.id,
          ok: a.status === 'OK',
          at: m.ts,
          detail: a.detail ?? null,
        };
      }),
    );
    for (const { index, bike, m } of byKind.ack) {
      const a = m.message as UpMessageByKind['ack'];
      const ack = applied.get(a.commandId.toLowerCase());
      if (!ack) continue;
      applied.delete(ack.commandId);
      outcomes[index] = 'stored';
      ackedBikes.add(bike.state.id);
      events.push(ackEvent(ack, bike.state));
      work.addInput(bike.state.id, {
        kind: 'ack',
        seq: a.seq,
        ts: m.ts,
        ok: ack.ok,
        type: ack.type,
        value: ack.value,
      });
    }
  }

  return ackedBikes;
}

/**
 * Derived state, trips, usage, pending flags, the commands a rider's theft declaration calls
 * for; returns the domain events of the warnings that started or ended.
 */
async function applyDerivedState(
  tx: TxQuery,
  work: BatchWork,
  ackedBikes: Set<number>,
  changes: FleetChanges,
  now: Date,
): Promise<DomainEvent[]> {
  const events: DomainEvent[] = [];
  const states: BikeState[] = [];
  const trips: Array<DerivedTrip & { bikeId: number; fleetId: string }> = [];
  const derivedCommands: Array<{
    bike: BikeState;
    type: 'MODE';
    value: string;
    requestedBy: string;
  }> = [];
  for (const [bikeId, list] of work.inputs) {
    const bike = work.loaded.get(bikeId)!;
    const derivation = deriveBike(bike.state, list, bike.settings, now);
    states.push(derivation.state);
    if (derivation.kinds.has('warning'))
      events.push(...warningEvents(bike.state, derivation.state, bike.settings, now));
    changes.add(bike.state.fleetId, ...derivation.kinds).addBikes(bike.state.fleetId, [bikeId]);
    for (const trip of derivation.trips)
      trips.push({ ...trip, bikeId, fleetId: bike.state.fleetId });
    for (const command of derivation.commands)
      derivedCommands.push({ bike: derivation.state, ...command });
  }
  await saveBikeStates(tx, states);
  // the modules' steps (modules/manifest/ingest-steps.ts): the zones' placement, the rules (ADR 0126)
  const messages = storedMessages(work);
  const batch = { now, loaded: work.loaded, states, messages, inputs: work.inputs, changes };
  for (const step of ingestSteps()) events.push(...(await step.run(tx, batch)));
  if (trips.length) {
    await insertTrips(
      tx,
      trips.map((t) => ({
        fleet_id: t.fleetId,
        bike_id: t.bikeId,
        started_at: t.startedAt.toISOString(),
        ended_at: t.endedAt.toISOString(),
        distance_km: t.distanceKm,
        duration_minutes: t.durationMinutes,
        start_latitude: t.startLatitude,
        start_longitude: t.startLongitude,
        end_latitude: t.endLatitude,
        end_longitude: t.endLongitude,
      })),
    );
    await refreshUsage(tx, [...new Set(trips.map((t) => t.bikeId))]);
  }
  await settleAcknowledged(
    tx,
    [...ackedBikes].map((bikeId) => ({ bikeId, fleetId: work.loaded.get(bikeId)!.state.fleetId })),
    changes,
  );
  for (const { bike, type, value, requestedBy } of derivedCommands) {
    await enqueueCommands(tx, {
      fleetId: bike.fleetId,
      bikes: [{ bikeId: bike.id, vehicleNumber: bike.vehicleNumber }],
      type,
      value,
      requestedBy,
      now: now,
      changes,
    });
  }
  return events;
}

/** The batch's stored messages of known modules, in batch order. */
function storedMessages(work: BatchWork): BatchMessage[] {
  return Object.values(work.byKind)
    .flat()
    .filter(({ index }) => work.outcomes[index] === 'stored')
    .sort((a, b) => a.index - b.index)
    .map(({ bike, m }) => ({ bikeId: bike.state.id, ...m }) as BatchMessage);
}

function eventRow(
  bike: BikeState,
  seq: number,
  ts: Date,
  name: string,
  source: EventSource,
  data: Record<string, unknown> | null,
): EventRecord {
  return {
    fleetId: bike.fleetId,
    bikeId: bike.id,
    vehicleNumber: bike.vehicleNumber,
    type: 'PRODUCT',
    name,
    source,
    data,
    occurredAt: ts,
    moduleSeq: seq,
  };
}

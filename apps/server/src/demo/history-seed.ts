// 30 days of history for the demo fleet, written once (DESIGN §2: statistics are rich at the
// first start): trips, thinned telemetry plus the turns of each ride (so that a trip's replay
// follows the streets), events, self-diagnosis, the manager's commands, and each bike's current
// state and usage figures at the end of it.
import { firmwareOf, generateHistory, type BikeHistory } from '@vfm/simulator';
import type { Database, TxQuery } from '../db/client';
import { ensureTelemetryPartitions } from '../modules/bikes/queries/partitions';
import { refreshUsage } from '../ingest/queries/usage';
import { FleetChanges } from '../modules/bikes/fleet-changes';
import { insertPastCommands } from '../modules/commands/queries';
import { recordEvents, type EventRecord } from '../modules/events/queries';
import { insertQuarantined } from '../modules/quarantine/queries';
import { markTheftReported } from '../modules/bike-records/queries';
import { demoWarnings, type DemoBike } from './demo-fleet';
import {
  HISTORY_CHUNK,
  deleteBikesHistory,
  fleetHasTrips,
  insertDemoHistory,
  insertHistoryAutotests,
  insertHistoryTelemetry,
  insertHistoryTrips,
  insertSeededDemoHistory,
  markDemoHistorySeeded,
  selectDemoHistory,
  setFinalBikeStates,
} from './queries/history';

export const HISTORY_DAYS = 30;
const DEMO_MANAGER = 'manager@vfm.demo';
const CHUNK = HISTORY_CHUNK;
/**
 * Bikes whose history is generated and written in one transaction. The whole fleet's 30 days
 * in one transaction held PGlite's only connection for the whole seed: signing in waited 14 s
 * at the first start (ADR 0102). One bike is ≈ 3,000 rows, a transaction of a few tens of
 * milliseconds; requests that arrived meanwhile go between two bikes.
 */
const BIKES_PER_TRANSACTION = 1;

type HistoryState = 'none' | 'partial' | 'done';

/** How far the seed of this fleet went (migration 0890; a fleet seeded before it: done). */
async function historyState(database: Database, fleetId: string): Promise<HistoryState> {
  const row = await selectDemoHistory(database, fleetId);
  if (row) return row.seeded_at ? 'done' : 'partial';
  if (!(await fleetHasTrips(database, fleetId))) return 'none';
  await insertSeededDemoHistory(database, fleetId);
  return 'done';
}

/** What a seed stopped in the middle wrote: gone, so that the next one starts clean. */
async function forgetPartialHistory(database: Database, bikes: DemoBike[]) {
  const ids = bikes.map((bike) => bike.id);
  await database.transaction((tx) => deleteBikesHistory(tx, ids));
}

/** Lets the requests and timers that are waiting run first: the seed is background work. */
const yieldToRequests = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * Bikes between two full garbage collections while seeding. A bike's history (≈ 3,000 rows and
 * their JSON) lives across the awaits of its transaction, so V8 moves it to the old generation,
 * which it collects only when that has grown a lot: the seed's garbage took the server from
 * ≈ 400 MB to ≈ 790 MB at the first start (ADR 0102: ≤ 500 MB). With `--expose-gc` (as
 * `npm start` and the Dockerfile run the server) it is collected every few bikes — ≈ 50 pauses
 * of tens of milliseconds; without it (tests) nothing changes.
 */
const BIKES_PER_COLLECTION = 10;
const collectGarbage = () => (globalThis as { gc?: () => void }).gc?.();

export async function seedDemoHistory(
  database: Database,
  fleetId: string,
  bikes: DemoBike[],
  now: Date,
  /** true once the server stops: the seed ends between two bikes (the next start seeds again) */
  stopping: () => boolean = () => false,
  /** settles when the server answers no request (request-gate.ts): requests go first */
  idle: () => Promise<void> = () => Promise.resolve(),
): Promise<boolean> {
  if (!bikes.length) return false;
  const state = await historyState(database, fleetId);
  if (state === 'done') return false;
  if (state === 'partial') await forgetPartialHistory(database, bikes);
  else await insertDemoHistory(database, fleetId);
  const from = new Date(now.getTime() - (HISTORY_DAYS + 1) * 86_400_000);
  await ensureTelemetryPartitions(database, from, now);
  const warnings = demoWarnings(bikes);
  for (let i = 0; i < bikes.length; i += BIKES_PER_TRANSACTION) {
    if (stopping()) return false;
    const histories: Array<{ bike: DemoBike; history: BikeHistory }> = [];
    for (const bike of bikes.slice(i, i + BIKES_PER_TRANSACTION)) {
      const history = generateHistory(bike.moduleId, {
        days: HISTORY_DAYS,
        now: now.getTime(),
        silent: bike === warnings.silent,
      });
      const low = warnings.lowBattery.indexOf(bike);
      if (low >= 0) drainBattery(history, [9, 14, 17][low]!);
      histories.push({ bike, history });
      await yieldToRequests();
    }
    await idle();
    await database.transaction((tx) => insertHistories(tx, fleetId, histories));
    if ((i / BIKES_PER_TRANSACTION + 1) % BIKES_PER_COLLECTION === 0) collectGarbage();
    await yieldToRequests();
  }
  collectGarbage();
  await database.transaction(async (tx) => {
    await refreshUsage(
      tx,
      bikes.map((bike) => bike.id),
    );
    await seedQuarantineExample(tx, bikes[0]!, now);
    if (warnings.theft) await seedReportedTheft(tx, fleetId, warnings.theft, now);
    await markDemoHistorySeeded(tx, fleetId);
    await new FleetChanges().add(fleetId, 'bike', 'warning', 'event', 'command').notify(tx);
  });
  return true;
}

/** The bike battery ends low: the last hours of the history run it down to `percent`. */
function drainBattery(history: BikeHistory, percent: number) {
  history.final.bikeBattery = percent;
  const last = history.telemetry.at(-1);
  if (last) last.bikeBattery = percent;
}

/** The manager reported this bike stolen this morning, as the theft flow does (DESIGN §7). */
async function seedReportedTheft(tx: TxQuery, fleetId: string, bike: DemoBike, now: Date) {
  const at = new Date(now.getTime() - 3 * 3_600_000);
  const before = await markTheftReported(tx, bike.id, at, DEMO_MANAGER);
  await recordEvents(tx, [
    {
      fleetId,
      bikeId: bike.id,
      vehicleNumber: bike.vehicleNumber,
      type: 'PRODUCT',
      name: 'THEFT_DECLARED',
      source: 'MANAGER',
      userEmail: DEMO_MANAGER,
      data: {
        previousAvailability: before.theft_previous_availability,
        previousMode: before.theft_previous_mode,
      },
      occurredAt: at,
    },
  ]);
}

/**
 * The quarantine is not empty in the demo (docs/operations.md): the message that once stopped the ingest
 * of every fleet — a telemetry stamped with a leap second — as a server before that fix would
 * have kept it. Its retry is refused (the contract now refuses such a date), so the
 * administrator sees both outcomes of the screen: a reason, a 409, a clear.
 */
async function seedQuarantineExample(tx: TxQuery, bike: DemoBike, now: Date) {
  const receivedAt = new Date(now.getTime() - 2 * 86_400_000);
  await insertQuarantined(tx, [
    {
      moduleId: bike.moduleId,
      kind: 'telemetry',
      payload: JSON.stringify({
        seq: receivedAt.getTime(),
        ts: '2026-06-30T23:59:60Z',
        bikeBattery: 64,
      }),
      reason: 'RangeError: Invalid time value',
      receivedAt,
    },
  ]);
}

/** The history of some bikes: telemetry, trips, events, commands, self-tests, final state. */
async function insertHistories(
  tx: TxQuery,
  fleetId: string,
  histories: Array<{ bike: DemoBike; history: BikeHistory }>,
) {
  await insertHistoryTelemetry(
    tx,
    bikeRows(
      histories,
      (h) => [...h.telemetry, ...h.ridePositions],
      (p) => ({
        seq: p.seq,
        ts: p.ts,
        lat: p.lat,
        lon: p.lon,
        speed: p.speedKmh,
        mode: p.mode,
        bb: p.bikeBattery,
        ib: p.iotBattery,
        plugged: p.batteryPlugged,
        locked: p.assistanceLocked,
        odo: p.odometerKm,
        // the pack's number, energy counter and temperature (docs/battery.md)
        extra: p.pack ?? null,
      }),
    ),
  );
  await insertHistoryTrips(
    tx,
    fleetId,
    bikeRows(
      histories,
      (h) => h.trips,
      (t) => ({
        s: t.startedAt,
        e: t.endedAt,
        km: t.distanceKm,
        min: t.durationMinutes,
        slat: t.start.lat,
        slon: t.start.lon,
        elat: t.end.lat,
        elon: t.end.lon,
      }),
    ),
  );
  await insertEventsAndCommands(tx, fleetId, histories);
  await insertHistoryAutotests(
    tx,
    bikeRows(
      histories,
      (h) => h.autotests,
      (a) => ({
        seq: a.seq,
        ts: a.ts,
        results: a.results,
      }),
    ),
  );
  await setFinalBikeStates(
    tx,
    histories.map(({ bike, history }) => ({
      id: bike.id,
      lat: history.final.position.lat,
      lon: history.final.position.lon,
      odo: history.final.odometerKm,
      bb: history.final.bikeBattery,
      ib: history.final.iotBattery,
      bn: history.final.batteryNumber,
      soh: history.final.batterySoh,
      cycles: history.final.batteryCycles,
      ts: history.final.lastTs,
      seq: history.telemetry.at(-1)!.seq,
      fw: firmwareOf(bike.moduleId),
    })),
  );
}

/** Every bike's rows of one part of its history, each with the bike's id. */
function bikeRows<T, R extends object>(
  histories: Array<{ bike: DemoBike; history: BikeHistory }>,
  part: (history: BikeHistory) => readonly T[],
  row: (item: T) => R,
) {
  return histories.flatMap(({ bike, history }) =>
    part(history).map((item) => ({ bike_id: bike.id, ...row(item) })),
  );
}

async function insertEventsAndCommands(
  tx: TxQuery,
  fleetId: string,
  histories: Array<{ bike: DemoBike; history: BikeHistory }>,
) {
  const events: EventRecord[] = histories.flatMap(({ bike, history }) => [
    ...history.events.map((e) => ({
      fleetId,
      bikeId: bike.id,
      vehicleNumber: bike.vehicleNumber,
      type: 'PRODUCT' as const,
      name: e.name,
      source: e.source,
      data: e.data,
      occurredAt: e.ts,
      moduleSeq: e.seq,
      acknowledgedAt: e.acknowledged ? new Date(e.ts.getTime() + 20 * 60_000) : null,
      acknowledgedBy: e.acknowledged ? DEMO_MANAGER : null,
    })),
    ...history.commands.map((c) => ({
      fleetId,
      bikeId: bike.id,
      vehicleNumber: bike.vehicleNumber,
      type: 'PRODUCT' as const,
      name: c.value === 'true' ? 'ASSISTANCE_LOCKED' : 'ASSISTANCE_UNLOCKED',
      source: 'MANAGER' as const,
      userEmail: DEMO_MANAGER,
      data: { type: c.type, value: c.value },
      occurredAt: c.requestedAt,
    })),
  ]);
  for (let i = 0; i < events.length; i += CHUNK) await recordEvents(tx, events.slice(i, i + CHUNK));
  const commands = bikeRows(
    histories,
    (h) => h.commands,
    (c) => ({
      type: c.type,
      value: c.value,
      status: c.status,
      r: c.requestedAt,
      a: c.acknowledgedAt,
    }),
  );
  for (let i = 0; i < commands.length; i += CHUNK) {
    await insertPastCommands(tx, fleetId, DEMO_MANAGER, commands.slice(i, i + CHUNK));
  }
}

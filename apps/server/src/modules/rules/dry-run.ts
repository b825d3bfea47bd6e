// The dry run (ADR 0126): what a rule would have fired over the last 1–30 days, replayed from the
// stored telemetry and module events through the ingest's derivation and the rules' one
// evaluation (evaluate.ts) — the live path's code, not a copy. Between two messages, the sweep's
// instants that matter (a duration or a silence reaching its minutes) are observed too. What the
// history does not keep is taken as it is now: availability, zone marks, open tasks.
import type { RuleDryRunResult, TelemetryMessage } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { evaluateRule, type BikeView, type Observation, type RuleMemory } from './evaluate';
import { inScope } from './engine';
import {
  bikesPassing,
  selectFleetBikes,
  selectHistory,
  type FleetBike,
  type HistoryGate,
  type HistoryRow,
} from './queries/dry-run';
import type { RuleValues } from './queries/rules';
import { BikeTests, compileRules } from './rule-index';
import { trailNeeds } from './trail';
import { observe, type RuleMessage } from './view';

const DAY = 86_400_000;
const CHUNK = 200;
const FIRINGS_MAX = 500;
/** Beyond this many bikes to replay, an even sample of them is replayed (ADR 0139). */
export const DRY_RUN_SAMPLE = 1_000;

/** A bike id's place in the sample's order: an integer hash (murmur3's finaliser), so the
 * sample follows no pattern of the ids — an every-n-th sample aliases with data that repeats
 * along them (the bench's fleet fired every 80th id: 5 % off). */
function sampleRank(id: number): number {
  let h = (id >>> 0) ^ Math.floor(id / 2 ** 32);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A deterministic sample of `count` of the bikes, taken evenly across the fleet: those whose
 * ids rank lowest by a hash (a simple random sample that the same run draws again), kept in
 * their order. Every part of the fleet — its id ranges are its imports, groups and ages — is in
 * it in proportion.
 */
export function evenSample<T extends { id: number }>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  const chosen = new Set(
    items
      .map((item) => ({ item, rank: sampleRank(item.id) }))
      .sort((a, b) => a.rank - b.rank || a.item.id - b.item.id)
      .slice(0, count)
      .map(({ item }) => item),
  );
  return items.filter((item) => chosen.has(item));
}

const blank = (bike: FleetBike): BikeView => ({
  availability: bike.availability,
  moving: false,
  assistanceLocked: false,
  latitude: null,
  longitude: null,
  bikeBattery: null,
  iotBattery: null,
  odometerKm: null,
  batterySoh: null,
  batteryCycles: null,
  batteryPlugged: false,
  externalPower: null,
  lastCommunicationDate: null,
  outsideServiceArea: bike.outsideServiceArea,
  inNoRideZone: bike.inNoRideZone,
  inNoParkingZone: bike.inNoParkingZone,
  zoneIds: bike.zoneIds,
  openTaskKinds: bike.openTaskKinds,
});

function messageOf(row: HistoryRow): RuleMessage {
  if (row.kind === 'event')
    return { kind: 'event', seq: row.seq, ts: new Date(row.ms), eventName: row.name! };
  const t: Record<string, unknown> = { ...(row.extra ?? {}) };
  const set = (key: string, value: unknown) => {
    if (value !== null) t[key] = value;
  };
  set('lat', row.latitude);
  set('lon', row.longitude);
  set('speedKmh', row.speedKmh);
  set('bikeBattery', row.bikeBattery);
  set('iotBattery', row.iotBattery);
  set('batteryPlugged', row.batteryPlugged);
  set('assistanceLocked', row.assistanceLocked);
  set('odometerKm', row.odometerKm);
  return {
    kind: 'telemetry',
    seq: row.seq,
    ts: new Date(row.ms),
    telemetry: t as Partial<TelemetryMessage>,
  };
}

const COLUMNS = {
  bikeBattery: 'bike_battery',
  iotBattery: 'iot_battery',
  speedKmh: 'speed_kmh',
  odometerKm: 'odometer_km',
} as const;

/**
 * A test of the rule that the stored rows answer by themselves (ADR 0135): the replay starts
 * from a blank bike, so a level is only ever one of the rows' and a speed or an event only a
 * row's own — a bike none of whose rows passes it never fires, and is not replayed.
 */
function historyGate(rule: RuleValues): HistoryGate | null {
  for (const p of rule.condition.all) {
    if (p.type === 'event') return { event: p.name };
    if (p.type === 'threshold' && p.field in COLUMNS)
      return { column: COLUMNS[p.field as keyof typeof COLUMNS], op: p.op, value: p.value };
  }
  return null;
}

/**
 * The observations a rule can skip (ADR 0135): where it remembers nothing that the observation
 * could change (nothing holds, no occurrence to end) and its tests do not all hold, the one
 * evaluation would only carry the tests' truths forward — which the index's per-test truths give
 * for any later observation. Exact, and the replay of a rule that rarely holds costs its tests.
 */
export function quietOf(rule: RuleValues) {
  const index = compileRules([
    { ...rule, id: 'dry-run', fleetId: '', name: '', version: 0, alertKind: '' },
  ]);
  const keys = rule.condition.all.map((p) =>
    index.predicates.findIndex((q) => JSON.stringify(q) === JSON.stringify(p)),
  );
  return (observations: Observation[]) => {
    const tests = new BikeTests(index, observations);
    const truths = keys.map((key) => tests.truth(key));
    return {
      skippable: (memory: RuleMemory, i: number) =>
        !memory.holdsSince &&
        !memory.starts?.length &&
        !memory.cond &&
        (rule.latch || !memory.firingSince) &&
        !truths.every((truth) => truth?.[i] === 1),
      truthBefore: (i: number) => truths.map((truth) => (i > 0 && truth ? truth[i - 1]! : 0)),
    };
  };
}

/** The minutes after a message at which the sweep would see something change. */
function sweepOffsets(rule: RuleValues): number[] {
  const c = rule.condition;
  const minutes = c.all.flatMap((p) => (p.type === 'silentFor' ? [p.minutes] : []));
  if (c.forMinutes) minutes.push(c.forMinutes);
  if (c.times) minutes.push(c.times.minutes);
  return [...new Set(minutes)].sort((a, b) => a - b).map((m) => m * 60_000);
}

export async function dryRunRule(
  db: Queryable,
  fleetId: string,
  rule: RuleValues,
  days: number,
  now: Date,
  { sample = DRY_RUN_SAMPLE }: { sample?: number } = {},
): Promise<RuleDryRunResult> {
  const from = new Date(now.getTime() - days * DAY);
  const bikes = (await selectFleetBikes(db, fleetId)).filter((bike) => inScope(rule.scope, bike));
  const gate = historyGate(rule);
  const candidates = gate
    ? await bikesPassing(
        db,
        bikes.map((bike) => bike.id),
        from,
        now,
        gate,
      )
    : null;
  const passing = candidates ? bikes.filter((bike) => candidates.has(bike.id)) : bikes;
  // many bikes to replay: an even sample of them, and the count of bikes fired estimated from it
  const replayed = evenSample(passing, sample);
  const sampled = replayed.length < passing.length;
  const offsets = sweepOffsets(rule);
  const needs = trailNeeds([rule.condition]);
  // nothing happens between messages: the quiet observations can be skipped
  const quietMoments = offsets.length ? null : quietOf(rule);
  const firings: RuleDryRunResult['firings'] = [];
  const fired = new Set<number>();
  let truncated = false;
  for (let i = 0; i < replayed.length; i += CHUNK) {
    const chunk = replayed.slice(i, i + CHUNK);
    const rows = await selectHistory(
      db,
      chunk.map((bike) => bike.id),
      from,
      now,
    );
    const byBike = new Map<number, HistoryRow[]>();
    for (const row of rows)
      (byBike.get(row.bikeId) ?? byBike.set(row.bikeId, []).get(row.bikeId)!).push(row);
    for (const bike of chunk) {
      let memory: RuleMemory = {};
      const evaluate = (obs: Observation) => {
        const result = evaluateRule(rule, memory, obs);
        memory = result.memory;
        if (!result.started) return;
        fired.add(bike.id);
        if (firings.length >= FIRINGS_MAX) truncated = true;
        else
          firings.push({
            vehicleNumber: bike.vehicleNumber,
            at: obs.at.toISOString(),
            latitude: obs.view.latitude,
            longitude: obs.view.longitude,
          });
      };
      // between two messages, the instants the sweep would see something change
      let last: Observation | null = null;
      const sweepsUntil = (until: Date) => {
        if (!last) return;
        for (const offset of offsets) {
          const at = new Date(last.at.getTime() + offset);
          if (at < until) evaluate({ at, view: last.view, message: null, trail: last.trail });
        }
      };
      const observations = observe(
        blank(bike),
        (byBike.get(bike.id) ?? []).map(messageOf),
        {},
        needs,
      );
      const quiet = quietMoments ? quietMoments(observations) : null;
      let skipped = false;
      observations.forEach((obs, index) => {
        sweepsUntil(obs.at);
        last = obs;
        if (quiet && quiet.skippable(memory, index)) {
          skipped = true;
          return;
        }
        // what the skipped observations left: the tests' last truths
        if (skipped) memory = { ...memory, truth: quiet!.truthBefore(index) };
        skipped = false;
        evaluate(obs);
      });
      sweepsUntil(now);
    }
  }
  firings.sort((a, b) => a.at.localeCompare(b.at));
  const bikesFired = sampled
    ? Math.round((fired.size * passing.length) / replayed.length)
    : fired.size;
  return {
    from: from.toISOString(),
    to: now.toISOString(),
    bikesInScope: bikes.length,
    bikesFired,
    sampledBikes: sampled ? replayed.length : null,
    needsConfirmation: bikes.length > 0 && bikesFired > bikes.length / 2,
    firings,
    truncated,
  };
}

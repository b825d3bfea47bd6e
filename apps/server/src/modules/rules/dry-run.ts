// The dry run (ADR 0126): what a rule would have fired over the last 1–30 days, replayed from the
// stored telemetry and module events through the ingest's derivation and the rules' one
// evaluation (evaluate.ts) — the live path's code, not a copy. Between two messages, the sweep's
// instants that matter (a duration or a silence reaching its minutes) are observed too. What the
// history does not keep is taken as it is now: availability, zone marks, open tasks.
import type { RuleDryRunResult, TelemetryMessage } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import {
  deriveBike,
  type BikeInput,
  type BikeState,
  type FleetSettings,
} from '../../ingest/derive';
import { evaluateRule, type Observation, type RuleMemory } from './evaluate';
import { inScope, viewOf } from './engine';
import { selectFleetBikes, selectHistory, type HistoryRow } from './queries/dry-run';
import type { RuleValues } from './queries/rules';
import type { BikeContext } from './queries/state';

const DAY = 86_400_000;
const CHUNK = 200;
const FIRINGS_MAX = 500;
/** derivation thresholds do not matter to the rules (they read levels, not warnings) */
const SETTINGS: FleetSettings = {
  lowVehicleBatteryPercent: 20,
  lowModuleBatteryPercent: 20,
  lackOfCommunicationHours: 24,
  co2KgPerKm: 0,
};

function blank(bike: BikeContext): BikeState {
  return {
    id: bike.id,
    fleetId: bike.fleetId,
    vehicleNumber: bike.vehicleNumber,
    availability: bike.availability,
    status: 'PARKED',
    iotMode: null,
    assistanceLocked: false,
    alarmActive: false,
    batteryPlugged: true,
    firmwareVersion: null,
    hardwareVersion: null,
    lastCommunicationDate: null,
    lastPositionDate: null,
    latitude: null,
    longitude: null,
    iotBatteryLevel: null,
    bikeBatteryLevel: null,
    batteryStateOfHealth: null,
    batteryChargeCycles: null,
    batteryNumber: null,
    lastBatteryChangeDate: null,
    odometerKm: null,
    totalKm: 0,
    autonomyKm: null,
    lastTripKm: null,
    co2AvoidedKg: 0,
    theftState: 'NONE',
    theftSince: null,
    theftBy: null,
    theftPreviousAvailability: null,
    theftPreviousMode: null,
    suspectedTheftSince: null,
    lowVehicleBatterySince: null,
    lowModuleBatterySince: null,
    stateSeq: null,
    stateTs: null,
    tripStartedAt: null,
    tripStartOdometerKm: null,
    tripStartLatitude: null,
    tripStartLongitude: null,
    tripDistanceKm: null,
  };
}

function inputOf(row: HistoryRow): BikeInput {
  if (row.kind === 'event')
    return { kind: 'event', seq: row.seq, ts: row.ts, name: row.name!, source: 'MODULE' };
  const t: Record<string, unknown> = {
    seq: row.seq,
    ts: row.ts.toISOString(),
    ...(row.extra ?? {}),
  };
  const set = (key: string, value: unknown) => {
    if (value !== null) t[key] = value;
  };
  set('lat', row.latitude);
  set('lon', row.longitude);
  set('speedKmh', row.speedKmh);
  set('mode', row.mode);
  set('bikeBattery', row.bikeBattery);
  set('iotBattery', row.iotBattery);
  set('batteryPlugged', row.batteryPlugged);
  set('assistanceLocked', row.assistanceLocked);
  set('odometerKm', row.odometerKm);
  return { kind: 'telemetry', seq: row.seq, ts: row.ts, telemetry: t as TelemetryMessage };
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
): Promise<RuleDryRunResult> {
  const from = new Date(now.getTime() - days * DAY);
  const bikes = (await selectFleetBikes(db, fleetId)).filter((bike) => inScope(rule.scope, bike));
  const offsets = sweepOffsets(rule);
  const firings: RuleDryRunResult['firings'] = [];
  const fired = new Set<number>();
  let truncated = false;
  for (let i = 0; i < bikes.length; i += CHUNK) {
    const chunk = bikes.slice(i, i + CHUNK);
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
      let state = blank(bike);
      let memory: RuleMemory = {};
      let power: boolean | null = null;
      const observe = (obs: Observation) => {
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
      let last: Date | null = null;
      const sweepsUntil = (until: Date) => {
        if (!last) return;
        for (const offset of offsets) {
          const at = new Date(last.getTime() + offset);
          if (at < until) observe({ at, view: viewOf(state, bike, power), message: null });
        }
      };
      for (const row of byBike.get(bike.id) ?? []) {
        sweepsUntil(row.ts);
        const input = inputOf(row);
        state = deriveBike(state, [input], SETTINGS, row.ts).state;
        if (row.extra && typeof row.extra.externalPower === 'boolean')
          power = row.extra.externalPower;
        observe({
          at: row.ts,
          view: viewOf(state, bike, power),
          message:
            input.kind === 'event'
              ? { kind: 'event', seq: row.seq, eventName: input.name }
              : {
                  kind: 'telemetry',
                  seq: row.seq,
                  ...(typeof row.extra?.batteryPresent === 'boolean'
                    ? { batteryPresent: row.extra.batteryPresent }
                    : {}),
                  ...(row.speedKmh !== null ? { speedKmh: row.speedKmh } : {}),
                },
        });
        last = row.ts;
      }
      sweepsUntil(now);
    }
  }
  firings.sort((a, b) => a.at.localeCompare(b.at));
  return {
    from: from.toISOString(),
    to: now.toISOString(),
    bikesInScope: bikes.length,
    bikesFired: fired.size,
    needsConfirmation: bikes.length > 0 && fired.size > bikes.length / 2,
    firings,
    truncated,
  };
}

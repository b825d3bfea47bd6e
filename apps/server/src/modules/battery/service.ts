// Battery health (ADR 0130, docs/battery.md): the fleet's packs (distribution, worst packs,
// Wh/km per model, CSV), one bike's pack and predicted time to 20 %, the swap queue's reasons
// and the fleet's battery settings (administrators; an audited change). The figures are the
// estimation's (estimation.ts, in the worker); these calls only read them.
import {
  BATTERY_CSV_COLUMNS,
  BATTERY_SETTINGS_CHANGED,
  type BatteryAlertReason,
  type BatteryPack,
  type BatterySettings,
  type BikeBattery,
  type FleetBattery,
  type SwapReason,
} from '@vfm/contract';
import { spreadsheetCsvLine } from '@vfm/contract/csv';
import type { RequestScope } from '../../plugins/request-scope';
import { requireBike } from '../bikes/bike-lookup';
import { recordFleetAction } from '../events/fleet-actions';
import { nextPeakEnd } from './demand';
import {
  selectBikeBattery,
  selectDistribution,
  selectFleetPeak,
  selectFleetSummary,
  selectHistory,
  selectModelConsumption,
  selectPackBatch,
  selectPackOfBike,
  selectPacks,
  selectSettings,
  selectSwapCandidates,
  upsertSettings,
  type PackRow,
  type SettingsRow,
} from './queries';

const WORST = 20;
const CSV_BATCH = 1000;

const round = (value: number | null, digits = 1) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

export function toPack(row: PackRow): BatteryPack {
  return {
    packId: row.pack_key,
    vehicleNumber: row.vehicle_number,
    model: row.model,
    stateOfHealth: round(row.soh),
    capacityWh: round(row.capacity_wh, 0),
    trendPer30Days: round(row.trend_per_30d, 2),
    equivalentCycles: round(row.efc, 2)!,
    cyclesReported: row.cycles_reported,
    whPerKm: row.distance_km >= 1 ? round(row.energy_wh / row.distance_km) : null,
    temperature: {
      maxC: round(row.temp_max),
      hotHours: round(row.hot_hours)!,
      coldHours: round(row.cold_hours)!,
    },
    alert: row.alert_reason as BatteryAlertReason | null,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const toSettings = (row: SettingsRow): BatterySettings => ({
  nominalCapacityWh: row.nominal_capacity_wh,
  sohThreshold: row.soh_threshold,
  fastDropPoints: row.fast_drop_points,
});

export async function getSettings(scope: RequestScope): Promise<BatterySettings> {
  return toSettings(await selectSettings(scope.database, scope.fleetId));
}

export async function saveSettings(
  scope: RequestScope,
  input: Partial<BatterySettings>,
): Promise<BatterySettings> {
  return scope.database.transaction(async (tx) => {
    const current = toSettings(await selectSettings(tx, scope.fleetId));
    const next = { ...current, ...input };
    const changed = (Object.keys(input) as Array<keyof BatterySettings>).filter(
      (key) => input[key] !== undefined && input[key] !== current[key],
    );
    if (!changed.length) return current;
    await upsertSettings(tx, scope.fleetId, {
      nominal_capacity_wh: next.nominalCapacityWh,
      soh_threshold: next.sohThreshold,
      fast_drop_points: next.fastDropPoints,
    });
    await recordFleetAction(tx, scope, BATTERY_SETTINGS_CHANGED, {
      from: Object.fromEntries(changed.map((key) => [key, current[key]])),
      to: Object.fromEntries(changed.map((key) => [key, next[key]])),
    });
    // every setting is read by the packs' figures or alerts: they follow within seconds, not
    // at each pack's next day point (fleet-health.ts)
    await scope.ctx.jobs.send(tx, 'battery.reassess', { fleetId: scope.fleetId });
    return next;
  });
}

export async function getFleetBattery(scope: RequestScope): Promise<FleetBattery> {
  const { database: db, fleetId } = scope;
  const [settings, summary, distribution, models, worst, peak] = await Promise.all([
    selectSettings(db, fleetId),
    selectFleetSummary(db, fleetId),
    selectDistribution(db, fleetId),
    selectModelConsumption(db, fleetId),
    selectPacks(db, fleetId, WORST),
    selectFleetPeak(db, fleetId),
  ]);
  return {
    settings: toSettings(settings),
    packs: summary.packs,
    estimated: summary.estimated,
    alerted: summary.alerted,
    medianStateOfHealth: round(summary.median),
    distribution,
    models: models.map((m) => ({ model: m.model, whPerKm: round(m.wh_per_km), packs: m.packs })),
    worst: worst.map(toPack),
    peakHour: peak,
  };
}

/** Every pack of the fleet as CSV lines, in batches (the export). */
export async function* fleetBatteryCsv(scope: RequestScope): AsyncGenerator<string> {
  yield spreadsheetCsvLine([...BATTERY_CSV_COLUMNS]);
  let after = 0;
  for (;;) {
    const rows = await selectPackBatch(scope.database, scope.fleetId, after, CSV_BATCH);
    for (const row of rows) {
      const p = toPack(row);
      yield spreadsheetCsvLine([
        p.packId,
        p.vehicleNumber,
        p.model,
        p.stateOfHealth,
        p.capacityWh,
        p.trendPer30Days,
        p.equivalentCycles,
        p.cyclesReported,
        p.whPerKm,
        p.temperature.maxC,
        p.temperature.hotHours,
        p.temperature.coldHours,
        p.alert,
        p.updatedAt,
      ]);
    }
    if (rows.length < CSV_BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function getBikeBattery(
  scope: RequestScope,
  vehicleNumber: string,
): Promise<BikeBattery> {
  const { database: db, fleetId } = scope;
  const bike = await requireBike(db, fleetId, vehicleNumber);
  const [battery, pack, settings] = await Promise.all([
    selectBikeBattery(db, bike.id),
    selectPackOfBike(db, bike.id),
    selectSettings(db, fleetId),
  ]);
  const history = pack ? (await selectHistory(db, pack.id)).reverse() : [];
  const reasons = (await swapReasons(scope)).get(bike.vehicle_number) ?? [];
  const now = scope.now.getTime();
  const predicted = battery?.predicted_20_at ? new Date(battery.predicted_20_at).getTime() : null;
  return {
    vehicleNumber: bike.vehicle_number,
    level: battery?.level ?? null,
    // the hours left from now (the estimation ran up to a minute ago)
    hoursTo20:
      predicted === null ? null : Math.max(0, Math.round((predicted - now) / 360_000) / 10),
    predictedAt: predicted === null ? null : new Date(predicted).toISOString(),
    pack: pack ? toPack(pack) : null,
    history: history.map((h) => ({
      day: h.day,
      stateOfHealth: round(h.soh)!,
      equivalentCycles: round(h.efc, 2)!,
    })),
    swapReasons: reasons,
    sohThreshold: settings.soh_threshold,
  };
}

/**
 * The swap reasons of the fleet's bikes the battery health knows of (LOW_NOW is the queue's own:
 * the tasks module adds it): predicted at 20 % before the end of the next peak hour, or a pack to
 * rotate. By vehicle number.
 */
export async function swapReasons(
  scope: Pick<RequestScope, 'database' | 'fleetId' | 'now'>,
): Promise<Map<string, SwapReason[]>> {
  const peak = await selectFleetPeak(scope.database, scope.fleetId);
  const peakEnd = peak === null ? null : new Date(nextPeakEnd(scope.now.getTime(), peak));
  const rows = await selectSwapCandidates(scope.database, scope.fleetId, peakEnd);
  return new Map(
    rows.map((row) => [
      row.vehicle_number,
      [
        ...(row.short_before_peak ? (['SHORT_BEFORE_PEAK'] as const) : []),
        ...(row.rotation ? (['STATE_OF_HEALTH_ROTATION'] as const) : []),
      ],
    ]),
  );
}

/** A battery swap done fits its bike another pack: the tasks module's call, in its transaction. */
export { packSwapped } from './queries';

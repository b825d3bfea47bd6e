// The fleet-wide part of battery health (ADR 0130): a change of the battery settings applied at
// once to every pack of the fleet (battery.reassess), and the fleet's peak hour of demand, kept
// instead of read again from every bike's profile at each call (the swap queue, the bike page).
import type { Database, Queryable } from '../../db/client';
import { emptyDemandState, hourlyRates, peakHour, type DemandState } from './demand';
import { healthAlert } from './pack-estimator';
import {
  rescalePacks,
  rescaleSohDays,
  selectDemandStates,
  selectPackHealth,
  selectPeakAges,
  selectSettings,
  updatePackAlerts,
  upsertFleetPeak,
} from './queries';

const BATCH = 1000;

/**
 * Applies the fleet's battery settings to its packs now: figures measured against another
 * nominal capacity are rescaled (the packs' and their day points'), and every pack's alert is
 * evaluated against the threshold and the drop rate — the BATTERY_HEALTH alerts follow at the
 * next sweep (the caller sends one). How many packs' alerts changed.
 */
export async function reassessFleet(database: Database, fleetId: string, now: Date) {
  return database.transaction(async (tx) => {
    const settings = await selectSettings(tx, fleetId);
    await rescaleSohDays(tx, fleetId, settings.nominal_capacity_wh);
    await rescalePacks(tx, fleetId, settings.nominal_capacity_wh);
    const limits = {
      sohThreshold: settings.soh_threshold,
      fastDropPoints: settings.fast_drop_points,
    };
    let changed = 0;
    for (let after = 0; ;) {
      const packs = await selectPackHealth(tx, fleetId, after, BATCH);
      const changes = packs.flatMap((p) => {
        const alert = healthAlert(p.soh, p.trend_per_30d, limits);
        return alert === p.alert_reason ? [] : [{ id: p.id, alert }];
      });
      await updatePackAlerts(tx, changes, now);
      changed += changes.length;
      if (packs.length < BATCH) return changed;
      after = packs[packs.length - 1]!.id;
    }
  });
}

/** the peak hour is computed again after a day… */
export const PEAK_MAX_AGE_MS = 86_400_000;
/** …or once the fleet has this share more profiles than it was computed from */
const PEAK_GROWTH = 1.1;

/** The peak hour of these fleets computed again where it is a day old, or where the fleet has
 *  a tenth more bikes estimated than it was computed from (a first start reads the fleet in
 *  batches); the fleets computed. */
export async function refreshPeaks(db: Queryable, fleetIds: string[], now: Date) {
  if (!fleetIds.length) return [];
  const ages = await selectPeakAges(db, fleetIds);
  const stale = ages.filter(
    (a) =>
      a.computed_at === null ||
      now.getTime() - new Date(a.computed_at).getTime() >= PEAK_MAX_AGE_MS ||
      a.bikes >= (a.computed_bikes ?? 0) * PEAK_GROWTH + 1,
  );
  for (const { fleet_id: fleetId, bikes } of stale) {
    const states = await selectDemandStates(db, fleetId);
    const hour = peakHour(
      states.map(({ state }) =>
        hourlyRates((state as { demand?: DemandState }).demand ?? emptyDemandState()),
      ),
    );
    await upsertFleetPeak(db, fleetId, hour, bikes, now);
  }
  return stale.map((a) => a.fleet_id);
}

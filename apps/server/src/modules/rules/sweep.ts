// The rules' sweep (ADR 0126), every minute: what no message says — a condition that has held
// for N minutes, a module silent for N minutes, a schedule that begins or ends, a window that
// slides past its starts — evaluated over the pairs that have a state and the silent bikes of
// the silence rules, from the bikes' rows, with the same evaluation as the ingest's batch.
import type { Database } from '../../db/client';
import { domainEvent, type DomainEvent } from '../../jobs/domain-events';
import type { Jobs } from '../../jobs/job-queue';
import { FleetChanges } from '../bikes/fleet-changes';
import { runActions, type Started } from './actions';
import { inScope, runObservations, viewOf } from './engine';
import type { LiveRule } from './queries/rules';
import { selectStates, writeStates, type StateWrite } from './queries/state';
import { nextTrail, trailNeeds } from './trail';
import {
  lockSweepBikes,
  selectAllEnabledRules,
  selectSilentBikes,
  selectStatePairs,
} from './queries/sweep';

const silenceMinutes = (rule: LiveRule) =>
  rule.condition.all.flatMap((p) => (p.type === 'silentFor' ? [p.minutes] : []));

export async function sweepRules(database: Database, jobs: Jobs, now: Date): Promise<number> {
  return database.transaction(async (tx) => {
    const rules = await selectAllEnabledRules(tx);
    if (!rules.length) return 0;
    const byId = new Map(rules.map((rule) => [rule.id, rule]));
    const needs = trailNeeds(rules.map((rule) => rule.condition));
    const pairs = new Map<number, Set<string>>();
    const add = (bikeId: number, ruleId: string) =>
      (pairs.get(bikeId) ?? pairs.set(bikeId, new Set()).get(bikeId)!).add(ruleId);
    for (const pair of await selectStatePairs(tx)) add(pair.bikeId, pair.ruleId);
    for (const rule of rules) {
      const minutes = silenceMinutes(rule);
      if (!minutes.length) continue;
      const before = new Date(now.getTime() - Math.max(...minutes) * 60_000);
      for (const bikeId of await selectSilentBikes(tx, rule.fleetId, before)) add(bikeId, rule.id);
    }
    if (!pairs.size) return 0;
    const bikes = await lockSweepBikes(tx, [...pairs.keys()]);
    const states = new Map(
      (await selectStates(tx, [...pairs.keys()])).map((row) => [
        `${row.ruleId}:${row.bikeId}`,
        row,
      ]),
    );
    const writes: StateWrite[] = [];
    const started: Started[] = [];
    const events: DomainEvent[] = [];
    for (const bike of bikes) {
      const view = viewOf(bike, bike, null);
      // the trail is the batch's to write: the sweep reads it as it stands at its minute
      const trail = nextTrail(bike.trail ?? {}, now, view, false, needs);
      let changed = false;
      for (const ruleId of pairs.get(bike.id) ?? []) {
        const rule = byId.get(ruleId)!;
        if (rule.fleetId !== bike.fleetId || !inScope(rule.scope, bike)) continue;
        const before = states.get(`${ruleId}:${bike.id}`) ?? null;
        const outcome = runObservations(rule, before, [{ at: now, view, message: null, trail }]);
        if (outcome.dirty) writes.push({ ruleId, bikeId: bike.id, ...outcome });
        if (outcome.changed) changed = true;
        if (outcome.startedAt) started.push({ rule, bike, at: outcome.startedAt });
      }
      if (changed)
        events.push(
          domainEvent('rule.firing-changed', {
            fleetId: bike.fleetId,
            bikeId: bike.id,
            vehicleNumber: bike.vehicleNumber,
          }),
        );
    }
    await writeStates(tx, writes, now);
    if (started.length) {
      const changes = new FleetChanges();
      await runActions(tx, started, now, changes);
      await changes.notify(tx);
    }
    await jobs.publish(tx, events);
    return events.length;
  });
}

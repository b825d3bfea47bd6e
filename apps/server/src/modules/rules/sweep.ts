// The rules' sweep (ADR 0126), every minute: what no message says — a condition that has held
// for N minutes, a module silent for N minutes, a schedule that begins or ends, a window that
// slides past its starts — evaluated over the pairs that have a state and the silent bikes of
// the silence rules, from the bikes' rows, with the same evaluation as the ingest's batch.
import type { Database } from '../../db/client';
import type { Jobs } from '../../jobs/job-queue';
import { FleetChanges } from '../bikes/fleet-changes';
import { inScope, runObservations, viewOf } from './engine';
import { RulePass } from './pass';
import type { LiveRule } from './queries/rules';
import { selectStates } from './queries/state';
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
    const pass = new RulePass();
    for (const bike of bikes) {
      const view = viewOf(bike, bike, null);
      // the trail is the batch's to write: the sweep reads it as it stands at its minute
      const trail = nextTrail(bike.trail ?? {}, now, view, false, needs);
      for (const ruleId of pairs.get(bike.id) ?? []) {
        const rule = byId.get(ruleId)!;
        if (rule.fleetId !== bike.fleetId || !inScope(rule.scope, bike)) continue;
        const before = states.get(`${ruleId}:${bike.id}`) ?? null;
        pass.record(
          rule,
          bike,
          runObservations(rule, before, [{ at: now, view, message: null, trail }]),
        );
      }
      pass.endBike(bike);
    }
    await pass.writeStates(tx, now);
    if (pass.started.length) {
      const changes = new FleetChanges();
      await pass.runActions(tx, now, changes);
      await changes.notify(tx);
    }
    await jobs.publish(tx, pass.events);
    return pass.events.length;
  });
}

// The rules' step of the ingest (modules/manifest/ingest-steps.ts, ADR 0126, ADR 0135): in the batch's
// transaction, after the bikes' state and zone marks are written. Each fleet's enabled rules are
// compiled once into an index (rule-index.ts) and read again only when they change; each bike's
// messages are folded into the view the rules have of it (view.ts, as the dry run folds them) and
// into its trail; only the rules that remember something of the bike, and those whose tests all
// hold at one of its messages, go through the one evaluation. What changed is written back in one
// statement per table, the occurrences that began run their actions (a task, a command), and
// every bike whose firing changed is an event the alerts reconcile (modules/alerts).
import type { TxQuery } from '../../db/client';
import type { DerivationInput, IngestStep } from '../manifest/ingest-steps';
import { runObservations, viewOf } from './engine';
import { RulePass } from './pass';
import { selectEnabledRules, selectRuleStamps } from './queries/rules';
import { selectWatchedBikes, writeTrails, type StateRow } from './queries/state';
import { compileRules, rulesToRun, type FleetIndex } from './rule-index';
import { ensureBuiltins } from './service';
import { needsTrail, seedInside, trailChanged, type BikeTrail } from './trail';
import { observe, type RuleMessage } from './view';

/** The fleets whose built-ins this process has seen in place. */
const withBuiltins = new Set<string>();
/** Each fleet's enabled rules compiled, with the stamp they were read at. */
const compiled = new Map<string, { stamp: string; index: FleetIndex | null }>();

/** The compiled rules of these fleets (null: none enabled): read again only for a fleet whose
 *  stamp changed. */
async function indexesOf(tx: TxQuery, fleetIds: string[]) {
  const stamps = new Map(
    (await selectRuleStamps(tx, fleetIds)).map((row) => [row.fleetId, row.stamp]),
  );
  const stale = fleetIds.filter((id) => compiled.get(id)?.stamp !== (stamps.get(id) ?? ''));
  if (stale.length) {
    const fresh = await selectEnabledRules(tx, stale);
    for (const id of stale) {
      const rules = fresh.filter((rule) => rule.fleetId === id);
      compiled.set(id, {
        stamp: stamps.get(id) ?? '',
        index: rules.length ? compileRules(rules) : null,
      });
    }
  }
  const indexes = new Map<string, FleetIndex>();
  for (const id of fleetIds) {
    const index = compiled.get(id)?.index;
    if (index) indexes.set(id, index);
  }
  return indexes;
}

/** A message of the batch as the rules read it. */
const ruleMessage = (input: DerivationInput): RuleMessage => ({
  kind: input.kind,
  seq: input.seq,
  ts: input.ts,
  ...(input.kind === 'telemetry' ? { telemetry: input.telemetry } : {}),
  ...(input.kind === 'event' ? { eventName: input.name } : {}),
  ...(input.kind === 'ack' ? { ack: { ok: input.ok, type: input.type, value: input.value } } : {}),
});

const isEmpty = (trail: BikeTrail) =>
  !trail.track && trail.parkedBattery === undefined && !trail.lastInside;

export const evaluateRules: IngestStep = {
  async run(tx, { inputs, loaded, now, changes }) {
    const bikeIds = [...inputs.keys()];
    if (!bikeIds.length) return [];
    const fleetIds = [...new Set(bikeIds.map((id) => loaded.get(id)!.state.fleetId))];
    const fresh = fleetIds.filter((id) => !withBuiltins.has(id));
    if (fresh.length) {
      await ensureBuiltins(tx, fresh);
      for (const id of fresh) withBuiltins.add(id);
    }
    const indexes = await indexesOf(tx, fleetIds);
    if (!indexes.size) return [];
    const watched = bikeIds.filter((id) => indexes.has(loaded.get(id)!.state.fleetId));
    const context = await selectWatchedBikes(tx, watched);
    const pass = new RulePass();
    const trails: Array<{ bikeId: number; trail: BikeTrail | null }> = [];
    for (const bike of context) {
      const index = indexes.get(bike.fleetId)!;
      const remembered = new Map<string, StateRow>(bike.states.map((row) => [row.ruleId, row]));
      // the bike before the batch (the module's power is not in its row: unknown until it says)
      const { state, zoneMarks } = loaded.get(bike.id)!;
      const before = viewOf(state, bike, null);
      const stored = bike.trail ?? {};
      // inside before the batch: its position was placed (it stands in zones) and not outside
      const wasInside =
        zoneMarks.outsideServiceAreaSince === null && (zoneMarks.zoneIds?.length ?? 0) > 0;
      const trail = seedInside(stored, index.needs, wasInside, before);
      const observations = observe(
        before,
        inputs.get(bike.id)!.map(ruleMessage),
        trail,
        index.needs,
      );
      const after = needsTrail(index.needs) ? (observations.at(-1)?.trail ?? trail) : {};
      if (isEmpty(after) ? !isEmpty(stored) : trailChanged(stored, after, bike.outsideServiceArea))
        trails.push({ bikeId: bike.id, trail: isEmpty(after) ? null : after });
      for (const { rule } of rulesToRun(index, bike, observations, remembered.keys())) {
        pass.record(
          rule,
          bike,
          runObservations(rule, remembered.get(rule.id) ?? null, observations),
        );
      }
      pass.endBike(bike);
    }
    await pass.writeStates(tx, now);
    await writeTrails(tx, trails, now);
    await pass.runActions(tx, now, changes);
    return pass.events;
  },
};

// The rules in the ingest's batch (ADR 0126, docs/rules.md): called once per batch by
// batch-writer.ts, in its transaction, after the bikes' state and zone marks are written. Each
// bike's messages are folded one by one into the view the rules have of it (modules/rules/view.ts,
// as the dry run folds them), every enabled rule of its fleet in scope sees each of them, what
// the rules remember is written back, the occurrences that began run their actions (a task, a
// command), and every bike whose firing changed is an event the alerts reconcile (one writer of
// alerts: modules/alerts).
import type { TxQuery } from '../db/client';
import { domainEvent, type DomainEvent } from '../jobs/domain-events';
import { FleetChanges } from '../modules/bikes/fleet-changes';
import { runActions, type Started } from '../modules/rules/actions';
import { inScope, runObservations, viewOf } from '../modules/rules/engine';
import {
  selectEnabledRules,
  selectRuleStamps,
  type LiveRule,
} from '../modules/rules/queries/rules';
import {
  selectBikeContext,
  selectStates,
  writeStates,
  type StateWrite,
} from '../modules/rules/queries/state';
import { ensureBuiltins } from '../modules/rules/service';
import { observe, type RuleMessage } from '../modules/rules/view';
import type { BikeInput, BikeState } from './derive';

/** What the batch writer knows of its bikes. */
export interface BatchBikes {
  inputs: Map<number, BikeInput[]>;
  loaded: Map<number, { state: BikeState }>;
}

/** The fleets whose built-ins this process has seen in place. */
const withBuiltins = new Set<string>();
/** Each fleet's enabled rules as last read, with the stamp they were read at. */
const cache = new Map<string, { stamp: string; rules: LiveRule[] }>();

/** The enabled rules of these fleets: read again only for a fleet whose stamp changed. */
async function rulesOf(tx: TxQuery, fleetIds: string[]): Promise<LiveRule[]> {
  const stamps = new Map(
    (await selectRuleStamps(tx, fleetIds)).map((row) => [row.fleetId, row.stamp]),
  );
  const stale = fleetIds.filter((id) => cache.get(id)?.stamp !== (stamps.get(id) ?? ''));
  if (stale.length) {
    const fresh = await selectEnabledRules(tx, stale);
    for (const id of stale)
      cache.set(id, {
        stamp: stamps.get(id) ?? '',
        rules: fresh.filter((rule) => rule.fleetId === id),
      });
  }
  return fleetIds.flatMap((id) => cache.get(id)?.rules ?? []);
}

/** A message of the batch as the rules read it. */
const ruleMessage = (input: BikeInput): RuleMessage => ({
  kind: input.kind,
  seq: input.seq,
  ts: input.ts,
  ...(input.kind === 'telemetry' ? { telemetry: input.telemetry } : {}),
  ...(input.kind === 'event' ? { eventName: input.name } : {}),
  ...(input.kind === 'ack' ? { ack: { ok: input.ok, type: input.type, value: input.value } } : {}),
});

export async function evaluateRules(
  tx: TxQuery,
  batch: BatchBikes,
  now: Date,
): Promise<DomainEvent[]> {
  const bikeIds = [...batch.inputs.keys()];
  if (!bikeIds.length) return [];
  const context = await selectBikeContext(tx, bikeIds);
  const fleetIds = [...new Set(context.map((bike) => bike.fleetId))];
  const fresh = fleetIds.filter((id) => !withBuiltins.has(id));
  if (fresh.length) {
    await ensureBuiltins(tx, fresh);
    for (const id of fresh) withBuiltins.add(id);
  }
  const rules = await rulesOf(tx, fleetIds);
  if (!rules.length) return [];
  const states = new Map(
    (await selectStates(tx, bikeIds)).map((row) => [`${row.ruleId}:${row.bikeId}`, row]),
  );
  const writes: StateWrite[] = [];
  const started: Started[] = [];
  const events: DomainEvent[] = [];
  for (const bike of context) {
    const fleetRules = rules.filter(
      (rule) => rule.fleetId === bike.fleetId && inScope(rule.scope, bike),
    );
    if (!fleetRules.length) continue;
    // the bike before the batch (the module's power is not in its row: unknown until it says)
    const before = viewOf(batch.loaded.get(bike.id)!.state, bike, null);
    const observations = observe(before, batch.inputs.get(bike.id)!.map(ruleMessage));
    let firingChanged = false;
    for (const rule of fleetRules) {
      const state = states.get(`${rule.id}:${bike.id}`) ?? null;
      const outcome = runObservations(rule, state, observations);
      if (outcome.dirty) writes.push({ ruleId: rule.id, bikeId: bike.id, ...outcome });
      if (outcome.changed) firingChanged = true;
      if (outcome.startedAt) started.push({ rule, bike, at: outcome.startedAt });
    }
    if (firingChanged)
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
  return events;
}

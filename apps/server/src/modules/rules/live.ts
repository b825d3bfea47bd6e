// The rules in the ingest's batch (ADR 0126): called once per batch by ingest/batch-writer.ts, in
// its transaction, after the bikes' state and zone marks are written. Each bike's messages are
// replayed one by one through the ingest's own derivation, every rule of its fleet in scope sees
// each of them, what the rules remember is written back, the occurrences that began run their
// actions (a task, a command), and every bike whose firing changed is an event the alerts
// reconcile (one writer of alerts: modules/alerts).
import type { TxQuery } from '../../db/client';
import {
  deriveBike,
  type BikeInput,
  type BikeState,
  type FleetSettings,
} from '../../ingest/derive';
import { domainEvent, type DomainEvent } from '../../jobs/domain-events';
import { FleetChanges } from '../bikes/fleet-changes';
import type { Observation } from './evaluate';
import { externalPowerOf, inScope, messageOf, runObservations, viewOf } from './engine';
import { runActions, type Started } from './actions';
import { selectEnabledRules } from './queries/rules';
import { selectBikeContext, selectStates, writeStates, type StateWrite } from './queries/state';
import { ensureBuiltins } from './service';

/** What the batch writer knows of its bikes. */
export interface BatchBikes {
  inputs: Map<number, BikeInput[]>;
  loaded: Map<number, { state: BikeState; settings: FleetSettings }>;
}

/** The fleets whose built-ins this process has seen in place. */
const withBuiltins = new Set<string>();

/** The state of a bike after each of its messages, oldest first (the derivation's own steps). */
function replay(
  bike: { state: BikeState; settings: FleetSettings },
  inputs: BikeInput[],
  now: Date,
) {
  const ordered = [...inputs].sort((a, b) => a.ts.getTime() - b.ts.getTime() || a.seq - b.seq);
  const steps: Array<{ input: BikeInput; state: BikeState }> = [];
  let state = bike.state;
  for (const input of ordered) {
    state = deriveBike(state, [input], bike.settings, now).state;
    steps.push({ input, state });
  }
  return steps;
}

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
  const rules = await selectEnabledRules(tx, fleetIds);
  if (!rules.length) return [];
  const states = new Map(
    (await selectStates(tx, [...new Set(rules.map((r) => r.id))], bikeIds)).map((row) => [
      `${row.ruleId}:${row.bikeId}`,
      row,
    ]),
  );
  const writes: StateWrite[] = [];
  const started: Started[] = [];
  const events: DomainEvent[] = [];
  for (const bike of context) {
    const fleetRules = rules.filter(
      (rule) => rule.fleetId === bike.fleetId && inScope(rule.scope, bike),
    );
    if (!fleetRules.length) continue;
    const steps = replay(batch.loaded.get(bike.id)!, batch.inputs.get(bike.id)!, now);
    let power: boolean | null = null;
    const observations: Observation[] = steps.map(({ input, state }) => {
      power = externalPowerOf(input) ?? power;
      return { at: input.ts, view: viewOf(state, bike, power), message: messageOf(input) };
    });
    let firingChanged = false;
    for (const rule of fleetRules) {
      const before = states.get(`${rule.id}:${bike.id}`) ?? null;
      const outcome = runObservations(rule, before, observations);
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

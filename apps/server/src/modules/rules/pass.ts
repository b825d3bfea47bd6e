// One pass of the rules over bikes (ADR 0126), as the ingest's batch and the sweep both make it:
// each rule's outcome for a bike gathered — the state to write, the occurrence that began (its
// actions run after the pass) — and, once the bike's rules have run, an event if its firing
// changed (the alerts reconcile it, modules/alerts).
import type { TxQuery } from '../../db/client';
import { domainEvent, type DomainEvent } from '../../jobs/domain-events';
import type { FleetChanges } from '../bikes/fleet-changes';
import { runActions, type Started } from './actions';
import type { Outcome } from './engine';
import type { LiveRule } from './queries/rules';
import { writeStates, type StateWrite } from './queries/state';

export class RulePass {
  readonly writes: StateWrite[] = [];
  readonly started: Started[] = [];
  readonly events: DomainEvent[] = [];
  private firingChanged = false;

  /** one rule's outcome for the bike whose rules are running */
  record(rule: LiveRule, bike: Started['bike'], outcome: Outcome) {
    if (outcome.dirty) this.writes.push({ ruleId: rule.id, bikeId: bike.id, ...outcome });
    if (outcome.changed) this.firingChanged = true;
    if (outcome.startedAt) this.started.push({ rule, bike, at: outcome.startedAt });
  }

  /** after the bike's rules: its event if its firing changed */
  endBike(bike: Started['bike']) {
    if (!this.firingChanged) return;
    this.firingChanged = false;
    this.events.push(
      domainEvent('rule.firing-changed', {
        fleetId: bike.fleetId,
        bikeId: bike.id,
        vehicleNumber: bike.vehicleNumber,
      }),
    );
  }

  async writeStates(tx: TxQuery, now: Date) {
    await writeStates(tx, this.writes, now);
  }

  /** the actions of the occurrences that began (a task, a command), after the states */
  async runActions(tx: TxQuery, now: Date, changes: FleetChanges) {
    if (this.started.length) await runActions(tx, this.started, now, changes);
  }
}

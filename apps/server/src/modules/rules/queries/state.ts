// What the rules remember of the bikes (rule_state, ADR 0126), and what of a bike the
// evaluation reads besides its state: its zone marks, group, model and open tasks.
import { jsonRecords, type Queryable } from '../../../db/client';
import type { MessageRef, RuleMemory } from '../evaluate';
import type { BikeTrail } from '../trail';
import { BIKE_CONTEXT_COLUMNS } from './bike-columns';

export interface StateRow {
  ruleId: string;
  bikeId: number;
  memory: RuleMemory;
  firingSince: Date | null;
}

/** What the rules remember of these bikes (every rule's: the caller keeps those it runs). */
export async function selectStates(db: Queryable, bikeIds: number[]): Promise<StateRow[]> {
  if (!bikeIds.length) return [];
  return db.query<StateRow>(
    `SELECT rule_id AS "ruleId", bike_id AS "bikeId", memory, firing_since AS "firingSince"
       FROM rule_state WHERE bike_id = ANY($1::bigint[])`,
    [bikeIds],
  );
}

export interface StateWrite {
  ruleId: string;
  bikeId: number;
  /** null: nothing to remember (the row goes) */
  memory: RuleMemory | null;
  firingSince: Date | null;
  refs: MessageRef[];
}

/** Writes what changed, in key order (two writers never wait on each other). */
export async function writeStates(db: Queryable, writes: StateWrite[], now: Date) {
  const sorted = [...writes].sort(
    (a, b) => a.bikeId - b.bikeId || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0),
  );
  const gone = sorted.filter((w) => w.memory === null);
  const kept = sorted.filter((w) => w.memory !== null);
  if (gone.length)
    await db.query(
      `DELETE FROM rule_state s USING unnest($1::uuid[], $2::bigint[]) AS g(rule_id, bike_id)
        WHERE s.rule_id = g.rule_id AND s.bike_id = g.bike_id`,
      [gone.map((w) => w.ruleId), gone.map((w) => w.bikeId)],
    );
  if (kept.length)
    await db.query(
      `INSERT INTO rule_state (rule_id, bike_id, memory, firing_since, detail, updated_at)
       SELECT r.rule_id, r.bike_id, r.memory, r.firing_since, r.detail, $2
         FROM json_to_recordset($1::json) AS r(rule_id uuid, bike_id bigint, memory jsonb,
                                               firing_since timestamptz, detail jsonb)
       ON CONFLICT (rule_id, bike_id) DO UPDATE
          SET memory = excluded.memory, firing_since = excluded.firing_since,
              detail = CASE WHEN excluded.firing_since IS DISTINCT FROM rule_state.firing_since
                            THEN excluded.detail ELSE rule_state.detail END,
              updated_at = excluded.updated_at`,
      [
        jsonRecords(kept, (w) => ({
          rule_id: w.ruleId,
          bike_id: w.bikeId,
          memory: w.memory,
          firing_since: w.firingSince?.toISOString() ?? null,
          detail: w.firingSince ? { messages: w.refs } : null,
        })),
        now,
      ],
    );
}

export interface BikeContext {
  id: number;
  fleetId: string;
  vehicleNumber: string;
  groupId: string | null;
  model: string;
  availability: string;
  outsideServiceArea: boolean;
  inNoRideZone: boolean;
  inNoParkingZone: boolean;
  /** the zones the bike stands in (docs/zones.md) */
  zoneIds: string[];
  openTaskKinds: string[];
  /** what is remembered of the bike whatever the rule (null: nothing) */
  trail: BikeTrail | null;
}

/** A bike of the batch with what its rules remember of it. */
export interface WatchedBike extends BikeContext {
  states: StateRow[];
}

/** The batch's bikes as the rules see them, what they remember of each: one statement. */
export async function selectWatchedBikes(db: Queryable, bikeIds: number[]) {
  if (!bikeIds.length) return [];
  const rows = await db.query<Omit<WatchedBike, 'states'> & { states: RawState[] | null }>(
    `SELECT ${BIKE_CONTEXT_COLUMNS},
            (SELECT r.trail FROM rule_trail r WHERE r.bike_id = b.id) AS trail,
            (SELECT json_agg(json_build_object('ruleId', s.rule_id, 'memory', s.memory,
                                               'firingSince', s.firing_since))
               FROM rule_state s WHERE s.bike_id = b.id) AS states
       FROM bike b WHERE b.id = ANY($1::bigint[])`,
    [bikeIds],
  );
  return rows.map(({ states, ...bike }) => ({
    ...bike,
    states: (states ?? []).map((s) => ({
      ruleId: s.ruleId,
      bikeId: bike.id,
      memory: s.memory,
      firingSince: s.firingSince ? new Date(s.firingSince) : null,
    })),
  }));
}

interface RawState {
  ruleId: string;
  memory: RuleMemory;
  firingSince: string | null;
}

/** Writes the trails that changed (null: nothing left to remember, the row goes). */
export async function writeTrails(
  db: Queryable,
  writes: Array<{ bikeId: number; trail: BikeTrail | null }>,
  now: Date,
) {
  const sorted = [...writes].sort((a, b) => a.bikeId - b.bikeId);
  const gone = sorted.filter((w) => w.trail === null).map((w) => w.bikeId);
  const kept = sorted.filter((w) => w.trail !== null);
  if (gone.length)
    await db.query('DELETE FROM rule_trail WHERE bike_id = ANY($1::bigint[])', [gone]);
  if (kept.length)
    await db.query(
      `INSERT INTO rule_trail (bike_id, trail, updated_at)
       SELECT r.bike_id, r.trail, $2 FROM json_to_recordset($1::json) AS r(bike_id bigint, trail jsonb)
       ON CONFLICT (bike_id) DO UPDATE SET trail = excluded.trail, updated_at = excluded.updated_at`,
      [JSON.stringify(kept.map((w) => ({ bike_id: w.bikeId, trail: w.trail }))), now],
    );
}

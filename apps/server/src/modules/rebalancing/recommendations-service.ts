// The recommendations (ADR 0128): listed; accepted into REBALANCE tasks (one per bike: its
// pickup and its drop-off at the destination, due before the move's time, through the tasks
// module), snoozed for some hours or dismissed — each decision audited. Accepting one whose
// bikes have left the cell meanwhile (ridden, taken, reserved by another move) plans it anew
// with the bikes standing there now instead of making stale tasks (REPLANNED), or retires it
// when none is left (GONE). Managers and administrators decide; technicians read.
import {
  REBALANCING_ACCEPTED,
  REBALANCING_DISMISSED,
  REBALANCING_REPLANNED,
  REBALANCING_SNOOZED,
  type AcceptResult,
  type Recommendation,
  type RecommendationList,
  type RecommendationState,
  type Snooze,
} from '@vfm/contract';
import { conflict, forbidden, notFound } from '../../lib/problem';
import type { Queryable } from '../../db/client';
import type { RequestScope } from '../../plugins/request-scope';
import { recordFleetAction } from '../events/fleet-actions';
import { createTasks } from '../tasks/service';
import { CellIndex } from './cells';
import { HOUR_MS } from './forecast';
import {
  decide,
  insertRecommendations,
  lockRecommendation,
  reservedBikes,
  selectRecommendations,
  standingBikes,
  type RecommendationRow,
} from './queries';
import { REBALANCING_DEFAULT_RESOLUTION } from '@vfm/contract';

const NOT_FOUND = 'This recommendation does not exist in your fleet.';

function requireManager(scope: RequestScope) {
  if (scope.principal.isTechnician)
    throw forbidden(
      'Only managers and administrators decide on recommendations.',
      'REBALANCING_MANAGERS_ONLY',
    );
}

export function toRecommendation(row: RecommendationRow): Recommendation {
  return {
    id: row.id,
    fromCell: row.from_cell,
    toCell: row.to_cell,
    from: [row.from_lon, row.from_lat],
    to: [row.to_lon, row.to_lat],
    bikes: row.bike_ids.length,
    vehicleNumbers: row.vehicle_numbers,
    before: new Date(row.due_at).toISOString(),
    extraRides: row.extra_rides,
    state: row.state,
    snoozedUntil: row.snoozed_until ? new Date(row.snoozed_until).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    taskIds: row.task_ids,
  };
}

export async function listRecommendations(
  scope: RequestScope,
  state: RecommendationState | 'all' = 'OPEN',
): Promise<RecommendationList> {
  const rows = await selectRecommendations(
    scope.database,
    scope.fleetId,
    state === 'all' ? null : state,
    scope.now,
  );
  return { content: rows.map(toRecommendation) };
}

const pending = (row: RecommendationRow, now: Date) =>
  row.state === 'OPEN' || (row.state === 'SNOOZED' && row.snoozed_until! <= now);

async function decideOn(
  scope: RequestScope,
  id: string,
  name: string,
  change: Parameters<typeof decide>[2],
) {
  return scope.database.transaction(async (tx) => {
    const row = await lockRecommendation(tx, scope.fleetId, id);
    if (!row) throw notFound(NOT_FOUND);
    if (!pending(row, scope.now) && row.state !== 'SNOOZED')
      throw conflict(
        `This recommendation is already ${row.state.toLowerCase()}.`,
        'REBALANCING_DECIDED',
      );
    await decide(tx, id, change, scope.principal.accountId, scope.now);
    await audit(tx, scope, name, row, change.taskIds ? { taskIds: change.taskIds } : {});
    return (await lockRecommendation(tx, scope.fleetId, id))!;
  });
}

function audit(
  db: Queryable,
  scope: RequestScope,
  name: string,
  row: RecommendationRow,
  data: Record<string, unknown>,
) {
  return recordFleetAction(db, scope, name, {
    recommendationId: row.id,
    fromCell: row.from_cell,
    toCell: row.to_cell,
    bikes: row.vehicle_numbers,
    ...data,
  });
}

export async function snoozeRecommendation(scope: RequestScope, id: string, input: Snooze) {
  requireManager(scope);
  const until = new Date(scope.now.getTime() + input.hours * HOUR_MS);
  const row = await decideOn(scope, id, REBALANCING_SNOOZED, {
    state: 'SNOOZED',
    snoozedUntil: until,
  });
  return toRecommendation(row);
}

export async function dismissRecommendation(scope: RequestScope, id: string) {
  requireManager(scope);
  return toRecommendation(await decideOn(scope, id, REBALANCING_DISMISSED, { state: 'DISMISSED' }));
}

export async function acceptRecommendation(scope: RequestScope, id: string): Promise<AcceptResult> {
  requireManager(scope);
  const { database: db, fleetId, now } = scope;
  const row = await db.transaction(async (tx) => lockRecommendation(tx, fleetId, id));
  if (!row) throw notFound(NOT_FOUND);
  if (row.state !== 'OPEN' && row.state !== 'SNOOZED')
    throw conflict(
      `This recommendation is already ${row.state.toLowerCase()}.`,
      'REBALANCING_DECIDED',
    );

  // where its bikes stand now: still rentable, parked in the cell it named, promised to no other move
  const index = new CellIndex(REBALANCING_DEFAULT_RESOLUTION);
  const reserved = await reservedBikes(db, fleetId, now);
  const inCell = (await standingBikes(db, fleetId)).filter(
    (b) => !reserved.has(b.id) && index.of(b.lon, b.lat) === row.from_cell,
  );
  const here = new Set(inCell.map((b) => b.id));
  if (row.bike_ids.every((bikeId) => here.has(bikeId))) {
    // where to leave the bikes is the tasks' drop-off (shown in each reader's language); their
    // notes stay the people's (docs/tasks.md "Rebalancing moves")
    const { tasks } = await createTasks(
      scope,
      {
        kind: 'REBALANCE',
        vehicleNumbers: row.vehicle_numbers,
        dueAt: new Date(row.due_at).toISOString(),
      },
      { latitude: row.to_lat, longitude: row.to_lon },
    );
    const taskIds = tasks.map((t) => t.id);
    const accepted = await decideOn(scope, id, REBALANCING_ACCEPTED, {
      state: 'ACCEPTED',
      taskIds,
    });
    // the routes are planned again by the jobs home (tasks.changed → rebalancing.replan)
    return { outcome: 'ACCEPTED', recommendation: toRecommendation(accepted), replacement: null };
  }

  // the bikes moved: the same move with the longest idle bikes standing there now, if any
  const spare = inCell
    .sort((a, b) => new Date(a.moved_at).getTime() - new Date(b.moved_at).getTime() || a.id - b.id)
    .slice(0, row.bike_ids.length);
  const retired = await decideOn(scope, id, REBALANCING_REPLANNED, { state: 'SUPERSEDED' });
  if (!spare.length)
    return { outcome: 'GONE', recommendation: toRecommendation(retired), replacement: null };
  const [newId] = await insertRecommendations(
    db,
    fleetId,
    [
      {
        fromCell: row.from_cell,
        toCell: row.to_cell,
        from: [row.from_lon, row.from_lat],
        to: [row.to_lon, row.to_lat],
        bikeIds: spare.map((b) => b.id),
        dueAt: new Date(row.due_at),
        extraRides: Math.round((row.extra_rides * spare.length * 10) / row.bike_ids.length) / 10,
      },
    ],
    now,
  );
  const replacement = await db.transaction(async (tx) => lockRecommendation(tx, fleetId, newId!));
  return {
    outcome: 'REPLANNED',
    recommendation: toRecommendation(retired),
    replacement: toRecommendation(replacement!),
  };
}

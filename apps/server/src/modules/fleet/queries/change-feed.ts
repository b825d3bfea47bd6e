// What changed in a fleet since a cursor (ADR 0020). Each source has a change time written in
// the database's clock — bike.updated_at (every writer), command.updated_at (trigger),
// event.recorded_at and bike_removal.removed_at (defaults) — read as integer microseconds so
// that cursors compare exactly. now() is the transaction's start, so a row may commit after
// newer ones were read: readers look back LOOKBACK_US behind the cursor and drop what they
// already sent.
import type { Command, FleetListItem, VfmEvent } from '@vfm/contract';
import type { Database } from '../../../db/client';
import { listColumns, toListItem, type ListRow } from '../../bikes/bike-view';
import { bikeFrom } from '../../bikes/queries/bike-from';
import { toCommand } from '../../commands/command-service';
import { COMMAND_COLUMNS, type CommandRow } from '../../commands/queries';
import { EVENT_COLUMNS, toEvent, type EventRow } from '../../bikes/event-view';

/** How far behind the cursor each read starts: longer than any writer's transaction. */
export const LOOKBACK_US = 5_000_000;
/** More changed rows than this in one read: the clients reload instead (resync). */
export const MAX_ROWS = 1000;
/**
 * Bikes change far more often than the rest (every module report), so their read is in two
 * steps: the keys and change times of the window first (small rows), then the list columns of
 * the keys not sent yet. The look-back then costs a key per bike, not a row, and a resync
 * happens only past this many changed bikes in one window (≈ 4,000 updates/s).
 */
export const MAX_BIKE_KEYS = 20_000;

export type Source = 'bikes' | 'commands' | 'events' | 'removed';

export interface Change<T> {
  key: string;
  at: number;
  value: T;
}

const MICROS = (column: string) => `(extract(epoch from ${column}) * 1000000)::bigint`;
const SINCE = (column: string, param: string) =>
  `${column} > timestamptz 'epoch' + ${param}::bigint * interval '1 microsecond'`;

export async function databaseNowMicros(database: Database): Promise<number> {
  const [row] = await database.query<{ now: number }>(`SELECT ${MICROS('now()')} AS now`);
  return row!.now;
}

/**
 * The bikes changed since `since`: every key with its change time, and the list item of
 * those not already sent with that time (`sent`); the others carry a null value (the hub
 * drops them). More than MAX_BIKE_KEYS keys: only the keys, the hub resyncs.
 */
export async function changedBikes(
  database: Database,
  fleetId: string,
  since: number,
  now: Date,
  sent: ReadonlyMap<string, number>,
): Promise<Array<Change<FleetListItem | null>>> {
  const keys = await database.query<{ id: number; at: number }>(
    `SELECT b.id, ${MICROS('b.updated_at')} AS at FROM bike b
      WHERE b.fleet_id = $1 AND ${SINCE('b.updated_at', '$2')}
      ORDER BY b.updated_at LIMIT ${MAX_BIKE_KEYS + 1}`,
    [fleetId, since],
  );
  const fresh = keys.filter((key) => sent.get(`b${key.id}`) !== key.at).map((key) => key.id);
  if (keys.length > MAX_BIKE_KEYS || !fresh.length) {
    return keys.map((key) => ({ key: `b${key.id}`, at: key.at, value: null }));
  }
  const rows = await database.query<ListRow & { id: number; at: number }>(
    `SELECT b.id, ${MICROS('b.updated_at')} AS at, ${listColumns()}
       FROM ${bikeFrom('$1', '$3')}
      WHERE b.fleet_id = $1 AND b.id = ANY($2::bigint[])`,
    [fleetId, fresh, now],
  );
  // a bike written again between the two reads is sent with its newer state and time
  const values = new Map(rows.map((row) => [row.id, row]));
  return keys.map((key) => {
    const row = values.get(key.id);
    return row
      ? { key: `b${key.id}`, at: Math.max(key.at, row.at), value: toListItem(row) }
      : { key: `b${key.id}`, at: key.at, value: null };
  });
}

/**
 * The given bikes as they are now (a notice listed them: their change is committed), with
 * their change times; those already sent with that time carry a null value.
 */
export async function bikesById(
  database: Database,
  fleetId: string,
  ids: number[],
  now: Date,
  sent: ReadonlyMap<string, number>,
): Promise<Array<Change<FleetListItem | null>>> {
  const rows = await database.query<ListRow & { id: number; at: number }>(
    `SELECT b.id, ${MICROS('b.updated_at')} AS at, ${listColumns()}
       FROM ${bikeFrom('$1', '$3')}
      WHERE b.fleet_id = $1 AND b.id = ANY($2::bigint[])`,
    [fleetId, ids, now],
  );
  return rows.map((row) => ({
    key: `b${row.id}`,
    at: row.at,
    value: sent.get(`b${row.id}`) === row.at ? null : toListItem(row),
  }));
}

export async function changedCommands(
  database: Database,
  fleetId: string,
  since: number,
  now: Date,
): Promise<Array<Change<Command>>> {
  const rows = await database.query<CommandRow & { at: number }>(
    `SELECT ${MICROS('c.updated_at')} AS at, ${COMMAND_COLUMNS('$3')}
       FROM command c JOIN bike b ON b.id = c.bike_id
      WHERE c.fleet_id = $1 AND ${SINCE('c.updated_at', '$2')}
      ORDER BY c.updated_at LIMIT ${MAX_ROWS + 1}`,
    [fleetId, since, now],
  );
  return rows.map((row) => ({ key: `c${row.id}`, at: row.at, value: toCommand(row) }));
}

export async function newEvents(
  database: Database,
  fleetId: string,
  since: number,
): Promise<Array<Change<VfmEvent>>> {
  const rows = await database.query<EventRow & { at: number }>(
    `SELECT ${MICROS('e.recorded_at')} AS at, ${EVENT_COLUMNS}
       FROM event e WHERE e.fleet_id = $1 AND ${SINCE('e.recorded_at', '$2')}
      ORDER BY e.recorded_at LIMIT ${MAX_ROWS + 1}`,
    [fleetId, since],
  );
  return rows.map((row) => ({ key: `e${row.id}`, at: row.at, value: toEvent(row) }));
}

export async function removedBikes(
  database: Database,
  fleetId: string,
  since: number,
): Promise<Array<Change<string>>> {
  const rows = await database.query<{ id: number; at: number; vehicle_number: string }>(
    `SELECT id, ${MICROS('removed_at')} AS at, vehicle_number FROM bike_removal
      WHERE fleet_id = $1 AND ${SINCE('removed_at', '$2')}
      ORDER BY removed_at LIMIT ${MAX_ROWS + 1}`,
    [fleetId, since],
  );
  return rows.map((row) => ({ key: `r${row.id}`, at: row.at, value: row.vehicle_number }));
}

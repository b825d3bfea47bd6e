// The bike page calls (DESIGN §5): details, self-diagnosis, command history, event history.
// Each first resolves the bike inside the caller's fleet (another fleet's bike is a 404).
import type { Autotest, Bike, CommandHistory, EventPage } from '@vfm/contract';
import { bikeFrom, detailColumns, toBike, type DetailRow } from '../bikes/bike-view';
import { bikeNotFound, requireBike } from '../bikes/bike-lookup';
import type { RequestScope } from '../../lib/request-scope';
import { toAutotestReport, type AutotestRow } from './autotest-view';
import { COMMAND_COLUMNS, toCommand, type CommandRow } from '../commands/command-service';
import { EVENT_COLUMNS, toEvent, type EventRow } from '../bikes/event-view';

export type Scope = Pick<RequestScope, 'database' | 'fleetId' | 'now'>;

export async function getBikeDetails(scope: Scope, vehicleNumber: string): Promise<Bike> {
  const [row] = await scope.database.query<DetailRow>(
    `SELECT ${detailColumns()} FROM ${bikeFrom('$1', '$2')}
      WHERE b.fleet_id = $1 AND lower(b.vehicle_number) = lower($3)`,
    [scope.fleetId, scope.now, vehicleNumber],
  );
  if (!row) throw bikeNotFound([vehicleNumber]);
  return toBike(row);
}

export async function getAutotest(
  scope: Scope,
  vehicleNumber: string,
  size: number,
): Promise<Autotest> {
  const bike = await requireBike(scope.database, scope.fleetId, vehicleNumber);
  const rows = await scope.database.query<AutotestRow>(
    'SELECT ts, results FROM autotest WHERE bike_id = $1 ORDER BY ts DESC, id DESC LIMIT $2',
    [bike.id, size],
  );
  const history = rows.map(toAutotestReport);
  return { latest: history[0] ?? null, history };
}

export async function getCommandHistory(
  scope: Scope,
  vehicleNumber: string,
  size: number,
): Promise<CommandHistory> {
  const bike = await requireBike(scope.database, scope.fleetId, vehicleNumber);
  const rows = await scope.database.query<CommandRow>(
    `SELECT ${COMMAND_COLUMNS('$2')} FROM command c JOIN bike b ON b.id = c.bike_id
      WHERE c.bike_id = $1 ORDER BY c.requested_at DESC, c.id LIMIT $3`,
    [bike.id, scope.now, size],
  );
  return rows.map(toCommand);
}

export async function getEventHistory(
  scope: Scope,
  vehicleNumber: string,
  page: number,
  size: number,
): Promise<EventPage> {
  const bike = await requireBike(scope.database, scope.fleetId, vehicleNumber);
  const [rows, [total]] = await Promise.all([
    scope.database.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM event e
        WHERE e.bike_id = $1 AND e.fleet_id = $2
        ORDER BY e.occurred_at DESC, e.id DESC LIMIT $3 OFFSET $4`,
      [bike.id, scope.fleetId, size, page * size],
    ),
    scope.database.query<{ n: number }>(
      'SELECT count(*) AS n FROM event WHERE bike_id = $1 AND fleet_id = $2',
      [bike.id, scope.fleetId],
    ),
  ]);
  return { content: rows.map(toEvent), totalElements: total?.n ?? 0, page, size };
}

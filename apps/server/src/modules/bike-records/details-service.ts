// The bike page calls (DESIGN §5): details, self-diagnosis, command history, event history.
// Each first resolves the bike inside the caller's fleet (another fleet's bike is a 404).
import type { Autotest, Bike, CommandHistory, EventPage } from '@vfm/contract';
import type { RequestScope } from '../../plugins/request-scope';
import { toBike } from '../bikes/bike-view';
import { bikeNotFound, requireBike } from '../bikes/bike-lookup';
import { toEvent } from '../bikes/event-view';
import { toCommand } from '../commands/command-service';
import { toAutotestReport } from './autotest-view';
import * as q from './queries';

export type Scope = Pick<RequestScope, 'database' | 'fleetId' | 'now'>;

export async function getBikeDetails(scope: Scope, vehicleNumber: string): Promise<Bike> {
  const row = await q.bikeDetails(scope.database, scope.fleetId, scope.now, vehicleNumber);
  if (!row) throw bikeNotFound([vehicleNumber]);
  return toBike(row);
}

export async function getAutotest(
  scope: Scope,
  vehicleNumber: string,
  size: number,
): Promise<Autotest> {
  const bike = await requireBike(scope.database, scope.fleetId, vehicleNumber);
  const history = (await q.autotests(scope.database, bike.id, size)).map(toAutotestReport);
  return { latest: history[0] ?? null, history };
}

export async function getCommandHistory(
  scope: Scope,
  vehicleNumber: string,
  size: number,
): Promise<CommandHistory> {
  const bike = await requireBike(scope.database, scope.fleetId, vehicleNumber);
  return (await q.commandHistory(scope.database, bike.id, scope.now, size)).map(toCommand);
}

export async function getEventHistory(
  scope: Scope,
  vehicleNumber: string,
  page: number,
  size: number,
): Promise<EventPage> {
  const bike = await requireBike(scope.database, scope.fleetId, vehicleNumber);
  const { rows, total } = await q.eventPage(scope.database, scope.fleetId, bike.id, page, size);
  return { content: rows.map(toEvent), totalElements: total, page, size };
}

// A quarantined message is stored only into the bike that carried its module when it was
// quarantined, in the fleet that holds the message (ADR 0120): a module moved since — to another
// fleet, to another bike, or off its bike — would otherwise put one bike's message into
// another's history, or into another fleet's. The answer names the module and where it is now,
// but never another fleet (not even its name): "moved to another fleet".
import { HttpProblem } from '../../lib/problem';
import type { ModuleCarrier } from './queries';

export const MODULE_MOVED = 'QUARANTINE_MODULE_MOVED';

interface Entry {
  moduleId: string;
  /** the bike that carried the module then; null: not recorded (a row kept before) */
  bikeId: number | null;
}

/** The 409 that refuses the retry, or null when the module is still where it was. */
export function moduleMoved(
  entry: Entry,
  fleetId: string,
  carrier: ModuleCarrier | null,
): HttpProblem | null {
  const { moduleId } = entry;
  let to: 'fleet' | 'bike' | 'none';
  let detail: string;
  if (carrier && carrier.fleetId !== fleetId) {
    to = 'fleet';
    detail = `Module ${moduleId} has moved to another fleet since this message was quarantined.`;
  } else if (carrier && entry.bikeId !== null && carrier.bikeId !== entry.bikeId) {
    to = 'bike';
    detail = `Module ${moduleId} is now on bike ${carrier.vehicleNumber}, not on the bike that carried it when this message was quarantined.`;
  } else if (!carrier && entry.bikeId !== null) {
    to = 'none';
    detail = `Module ${moduleId} is on no bike now: it left the bike that carried it when this message was quarantined.`;
  } else return null;
  return new HttpProblem(
    409,
    MODULE_MOVED,
    'Conflict',
    `${detail} Nothing was stored; clear the message.`,
    { params: { moduleId, to, vehicleNumber: to === 'bike' ? carrier!.vehicleNumber : '' } },
  );
}

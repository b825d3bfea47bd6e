// How many change notices (THE CHANGE NOTIFICATION CONTRACT) each fleet had since this process
// started listening: a part of the markers' version that catches what the database's own
// figures cannot, a transaction that commits after a newer one (its updated_at is older than
// the maximum already seen). Per database, so that servers of one process never mix.
import type { Database } from '../../db/client';
import { FLEET_CHANNEL, parseFleetChangeNotice } from '../bikes/fleet-changes';

const counters = new WeakMap<object, Map<string, number>>();

/** Starts counting; returns the unlisten function. */
export async function listenFleetVersions(database: Database): Promise<() => Promise<void>> {
  const counts = new Map<string, number>();
  counters.set(database, counts);
  return database.listen(FLEET_CHANNEL, (payload) => {
    const notice = parseFleetChangeNotice(payload);
    if (notice) counts.set(notice.fleetId, (counts.get(notice.fleetId) ?? 0) + 1);
  });
}

export const noticesOf = (database: object, fleetId: string) =>
  counters.get(database)?.get(fleetId) ?? 0;

// The zones' placement outside the ingest (docs/zones.md, ADR 0123): the queue `zones.place`
// hears `zone.changed` — the fleet's bikes are placed again among its new zones — and
// `zones.sweep` places every bike each minute — a zone's hours begin or end. Each bike whose marks changed is published
// as `bike.zones-changed`, like the ingest's: the alerts reconcile it, they place nothing.
import type { Database } from '../../db/client';
import { domainEvent, type EventJobData } from '../../jobs/domain-events';
import type { Jobs } from '../../jobs/job-queue';
import { placeBikesInZones } from './zone-conditions';

/** Places the bikes of these fleets (null: of every fleet); answers how many changed. */
export async function placeFleets(
  database: Database,
  jobs: Pick<Jobs, 'publish'>,
  fleetIds: string[] | null,
  now: Date,
): Promise<number> {
  return database.transaction(async (tx) => {
    const changes = await placeBikesInZones(tx, null, now, fleetIds);
    await jobs.publish(
      tx,
      changes
        .filter((change) => change.marksChanged)
        .map(({ id, fleetId, vehicleNumber }) =>
          domainEvent('bike.zones-changed', { fleetId, bikeId: id, vehicleNumber }),
        ),
    );
    return changes.length;
  });
}

/** The fleets whose zones changed, named by a batch of `zone.changed` events. */
export const fleetsOf = (batch: ReadonlyArray<{ data: EventJobData }>) => [
  ...new Set(batch.flatMap(({ data }) => ('fleetId' in data.data ? [data.data.fleetId] : []))),
];

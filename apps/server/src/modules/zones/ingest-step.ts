// The zones' step of the ingest (ingest/steps.ts, docs/zones.md): every position placed in its
// fleet's zones as it is written — the marks that change and the zones' automatic commands are
// written with the batch, and each bike whose marks changed is an event (the alerts' subscriber
// opens or clears its zone alerts).
import { domainEvent } from '../../jobs/domain-events';
import type { IngestStep } from '../manifest/ingest-steps';
import { applyZoneChanges, zoneMarkChanges } from './zone-conditions';

export const placeInZones: IngestStep = {
  async run(tx, { states, loaded, changes: fleetChanges, now }) {
    const changes = await zoneMarkChanges(
      tx,
      states.map((state) => ({
        id: state.id,
        fleetId: state.fleetId,
        vehicleNumber: state.vehicleNumber,
        latitude: state.latitude,
        longitude: state.longitude,
        lastPositionDate: state.lastPositionDate,
        status: state.status,
        ...loaded.get(state.id)!.zoneMarks,
      })),
      now,
    );
    await applyZoneChanges(tx, changes, now, { locked: true, fleetChanges });
    return changes
      .filter((change) => change.marksChanged)
      .map(({ id }) => {
        const { fleetId, vehicleNumber } = loaded.get(id)!.state;
        return domainEvent('bike.zones-changed', { fleetId, bikeId: id, vehicleNumber });
      });
  },
};

// Who reads which event (docs/operations.md). An administrator reads every event of the fleet; a
// manager reads the bikes' events (their history, products/details-actions) but never the
// administration's — account changes and fleet settings, which GET fleet/events serves to
// administrators only. The one rule for every place that hands events out (fleet/stream).
import { ADMINISTRATION_EVENT_NAMES, type VfmEvent } from '@vfm/contract';

export interface EventReader {
  isAdmin: boolean;
}

export const mayReadEvent = (reader: EventReader, event: Pick<VfmEvent, 'name'>) =>
  reader.isAdmin || !ADMINISTRATION_EVENT_NAMES.has(event.name);

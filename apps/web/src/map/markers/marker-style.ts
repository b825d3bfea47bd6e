// Colours of the marker kinds (marker-index.ts MARKER_KINDS), shared by the map layers and the
// legend: thefts in red and orange stand out; warnings amber; moving blue; parked available
// green; parked unavailable grey.
import type { FleetListItem } from '@vfm/contract';
import { kindOf, stateOf, type MarkerKind } from './marker-index';

export const KIND_COLOURS: Record<MarkerKind, string> = {
  reportedTheft: '#c02626',
  suspectedTheft: '#ea580c',
  warning: '#c27803',
  moving: '#1f5fc4',
  available: '#17803d',
  unavailable: '#66778a',
};

/** The colour of a bike's marker (its kind, as the fleet map shows it). */
export const colourOf = (bike: FleetListItem): string => KIND_COLOURS[kindOf(stateOf(bike))];

// The fleet screen's view lives in the address (issue: a link or a reload reproduces the view,
// Back undoes a filter): filters, sort, the bike in focus, the thefts map and, on a phone, the
// map/list switch. Parsing is forgiving: an unknown value in a hand-edited address is dropped,
// never sent to the server.
import {
  ACTIVITY_STATUSES,
  AVAILABILITIES,
  FLEET_LIST_SORT_FIELDS,
  IOT_MODES,
  WARNING_TYPES,
  ZONE_ALERT_KINDS,
  type ActivityStatus,
  type Availability,
  type FleetFilter,
  type FleetListSortField,
  type IotMode,
  type WarningType,
} from '@vfm/contract';

/** Where a bike stands among the zones (docs/zones.md): the list filters by these. */
export type ZonePlace = (typeof ZONE_ALERT_KINDS)[number];

export interface FleetSort {
  field: FleetListSortField;
  direction: 'asc' | 'desc';
}

export interface FleetView {
  q: string;
  availability: Availability[];
  status: ActivityStatus[];
  mode: IotMode[];
  warning: WarningType[];
  zone: ZonePlace[];
  /** the bikes standing in these zones of the fleet (ids) */
  zoneId: string[];
  groupId: string[];
  /** assistance locked (true), not locked (false), either (null) */
  locked: boolean | null;
  sort: FleetSort;
  /** the bike in focus on the map (its popup open) */
  bike: string | null;
  /** the thefts map: only reported and suspected thefts */
  thefts: boolean;
  /** below 600 px: which of the two is shown */
  show: 'list' | 'map';
}

export const DEFAULT_SORT: FleetSort = { field: 'vehicleNumber', direction: 'asc' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function pick<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T[] {
  const values = params.getAll(name).flatMap((value) => value.split(','));
  return [...new Set(values)].filter((value): value is T =>
    (allowed as readonly string[]).includes(value),
  );
}

export function parseFleetView(search: string | URLSearchParams): FleetView {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const [field, direction] = (params.get('sort') ?? '').split(',');
  const sort: FleetSort = (FLEET_LIST_SORT_FIELDS as readonly string[]).includes(field ?? '')
    ? { field: field as FleetListSortField, direction: direction === 'desc' ? 'desc' : 'asc' }
    : DEFAULT_SORT;
  const q = [...(params.get('q') ?? '')]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .slice(0, 100);
  return {
    q,
    availability: pick(params, 'availability', AVAILABILITIES),
    status: pick(params, 'status', ACTIVITY_STATUSES),
    mode: pick(params, 'mode', IOT_MODES),
    warning: pick(params, 'warning', WARNING_TYPES),
    zone: pick(params, 'zone', ZONE_ALERT_KINDS),
    zoneId: [
      ...new Set(
        params
          .getAll('zoneId')
          .flatMap((value) => value.split(','))
          .filter((id) => UUID.test(id)),
      ),
    ].slice(0, 20),
    groupId: params
      .getAll('group')
      .flatMap((value) => value.split(','))
      .filter((id) => UUID.test(id)),
    locked: params.get('locked') === '1' ? true : params.get('locked') === '0' ? false : null,
    sort,
    bike: params.get('bike') || null,
    thefts: params.get('thefts') === '1',
    show: params.get('show') === 'map' ? 'map' : 'list',
  };
}

/** The address query of a view; defaults are left out so that links stay short. */
export function fleetViewSearch(view: FleetView): string {
  const params = new URLSearchParams();
  if (view.q.trim()) params.set('q', view.q.trim());
  for (const name of ['availability', 'status', 'mode', 'warning', 'zone'] as const) {
    if (view[name].length) params.set(name, view[name].join(','));
  }
  if (view.zoneId.length) params.set('zoneId', view.zoneId.join(','));
  if (view.groupId.length) params.set('group', view.groupId.join(','));
  if (view.locked !== null) params.set('locked', view.locked ? '1' : '0');
  if (view.sort.field !== DEFAULT_SORT.field || view.sort.direction !== DEFAULT_SORT.direction) {
    params.set('sort', `${view.sort.field},${view.sort.direction}`);
  }
  if (view.thefts) params.set('thefts', '1');
  if (view.bike) params.set('bike', view.bike);
  if (view.show === 'map') params.set('show', 'map');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The filter the list, the CSV exports and the map share. The thefts map narrows to the two
 * theft warnings (on top of any warning filter chosen, which it replaces).
 */
export function fleetFilterOf(view: FleetView): FleetFilter {
  const filter: FleetFilter = {};
  if (view.q.trim()) filter.q = view.q.trim();
  if (view.availability.length) filter.availability = view.availability;
  if (view.status.length) filter.status = view.status;
  if (view.mode.length) filter.mode = view.mode;
  const warning: WarningType[] = view.thefts ? ['REPORTED_THEFT', 'SUSPECTED_THEFT'] : view.warning;
  if (warning.length) filter.warning = warning;
  if (view.zone.length) filter.zone = view.zone;
  if (view.zoneId.length) filter.zoneId = view.zoneId;
  if (view.groupId.length) filter.groupId = view.groupId;
  if (view.locked !== null) filter.locked = view.locked;
  return filter;
}

export const sortParam = (sort: FleetSort) => `${sort.field},${sort.direction}`;

/** How many filters are active (the thefts map counts as one). */
export function activeFilterCount(view: FleetView): number {
  return (
    (view.q.trim() ? 1 : 0) +
    view.availability.length +
    view.status.length +
    view.mode.length +
    (view.thefts ? 1 : view.warning.length) +
    view.zone.length +
    view.zoneId.length +
    view.groupId.length +
    (view.locked === null ? 0 : 1)
  );
}

export function clearedFilters(view: FleetView): FleetView {
  return {
    ...view,
    q: '',
    availability: [],
    status: [],
    mode: [],
    warning: [],
    zone: [],
    zoneId: [],
    groupId: [],
    locked: null,
    thefts: false,
  };
}

/** Adds the value to the filter or removes it if present. */
export function toggleValue<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

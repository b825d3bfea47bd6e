import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  activeFilterCount,
  clearedFilters,
  fleetFilterOf,
  fleetViewSearch,
  parseFleetView,
  toggleValue,
} from './fleet-view';

const GROUP = '11111111-2222-4333-8444-555555555555';

describe('fleet view in the address', () => {
  it('reads filters, sort, focus, thefts map and phone switch', () => {
    const view = parseFleetView(
      `?q=VN&availability=AVAILABLE,OUT&status=MOVING&mode=PERMANENT&warning=LOW_MODULE_BATTERY&zone=OUTSIDE_SERVICE_AREA,ELSEWHERE&zoneId=${GROUP},not-a-zone&group=${GROUP}&locked=1&sort=bikeBatteryLevel,desc&bike=VN-1&thefts=1&show=map`,
    );
    expect(view).toEqual({
      q: 'VN',
      availability: ['AVAILABLE', 'OUT'],
      status: ['MOVING'],
      mode: ['PERMANENT'],
      warning: ['LOW_MODULE_BATTERY'],
      zone: ['OUTSIDE_SERVICE_AREA'],
      zoneId: [GROUP],
      groupId: [GROUP],
      locked: true,
      sort: { field: 'bikeBatteryLevel', direction: 'desc' },
      bike: 'VN-1',
      thefts: true,
      show: 'map',
    });
  });

  it('drops what a hand-edited address may hold that the server would refuse', () => {
    const view = parseFleetView(
      '?availability=FLYING,OUT&mode=x&group=not-a-uuid&sort=password,asc&q=%00a',
    );
    expect(view.availability).toEqual(['OUT']);
    expect(view.mode).toEqual([]);
    expect(view.groupId).toEqual([]);
    expect(view.sort).toEqual(DEFAULT_SORT);
    expect(view.q).toBe('a');
  });

  it('writes the shortest address that reads back the same view', () => {
    const empty = parseFleetView('');
    expect(fleetViewSearch(empty)).toBe('');
    const view = {
      ...empty,
      availability: ['AVAILABLE' as const],
      sort: { field: 'model' as const, direction: 'desc' as const },
    };
    const search = fleetViewSearch(view);
    expect(search).toBe('?availability=AVAILABLE&sort=model%2Cdesc');
    expect(parseFleetView(search)).toEqual(view);
  });

  it('gives the list, the CSV and the map one filter; the thefts map narrows to thefts', () => {
    const view = parseFleetView(
      `?q=%20lyon%20&status=PARKED&warning=LOW_VEHICLE_BATTERY&group=${GROUP}`,
    );
    expect(fleetFilterOf(view)).toEqual({
      q: 'lyon',
      status: ['PARKED'],
      warning: ['LOW_VEHICLE_BATTERY'],
      groupId: [GROUP],
    });
    expect(fleetFilterOf({ ...view, thefts: true }).warning).toEqual([
      'REPORTED_THEFT',
      'SUSPECTED_THEFT',
    ]);
    expect(fleetFilterOf(parseFleetView(''))).toEqual({});
    expect(fleetFilterOf(parseFleetView('?locked=0'))).toEqual({ locked: false });
    expect(fleetFilterOf(parseFleetView('?zone=IN_NO_RIDE_ZONE'))).toEqual({
      zone: ['IN_NO_RIDE_ZONE'],
    });
    expect(fleetFilterOf(parseFleetView(`?zoneId=${GROUP}`))).toEqual({ zoneId: [GROUP] });
    expect(fleetViewSearch(parseFleetView(`?zoneId=${GROUP}`))).toBe(`?zoneId=${GROUP}`);
    expect(parseFleetView('?locked=yes').locked).toBeNull();
    expect(fleetViewSearch(parseFleetView('?locked=0'))).toBe('?locked=0');
  });

  it('counts and clears the active filters, keeping sort and focus', () => {
    const view = parseFleetView(
      '?availability=AVAILABLE,OUT&thefts=1&locked=1&sort=model,asc&bike=B',
    );
    expect(activeFilterCount(view)).toBe(4);
    const cleared = clearedFilters(view);
    expect(activeFilterCount(cleared)).toBe(0);
    expect(cleared.sort.field).toBe('model');
    expect(cleared.bike).toBe('B');
    expect(toggleValue(['A', 'B'], 'A')).toEqual(['B']);
    expect(toggleValue(['B'], 'A')).toEqual(['B', 'A']);
  });
});

import { describe, expect, it } from 'vitest';
import { decodeMarkerState } from '@vfm/contract';
import { makeFleetListItem, makeMarkers } from '../../testing/data-generators';
import {
  MarkerIndex,
  kindOf,
  matchesFilter,
  separateClusters,
  stateOf,
  type ViewCluster,
} from './marker-index';

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

function fleet() {
  return [
    makeFleetListItem({ vehicleNumber: 'A', latitude: 45.76, longitude: 4.84 }),
    makeFleetListItem({ vehicleNumber: 'B', latitude: 45.7601, longitude: 4.8401 }),
    makeFleetListItem({
      vehicleNumber: 'C',
      latitude: 45.7602,
      longitude: 4.8402,
      status: 'MOVING',
    }),
    makeFleetListItem({
      vehicleNumber: 'T',
      latitude: 45.7603,
      longitude: 4.8403,
      theft: 'REPORTED',
      warnings: ['REPORTED_THEFT'],
      availability: 'OUT',
      iotMode: 'PERMANENT',
    }),
    makeFleetListItem({ vehicleNumber: 'N', latitude: null, longitude: null }),
  ];
}

describe('marker index', () => {
  it('encodes a list item like the server, so live changes decode the same', () => {
    const bike = fleet()[3]!;
    expect(decodeMarkerState(stateOf(bike))).toEqual({
      warnings: ['REPORTED_THEFT'],
      status: 'PARKED',
      availability: 'OUT',
      theft: 'REPORTED',
      iotMode: 'PERMANENT',
    });
    expect(makeMarkers([bike]).state[0]).toBe(stateOf(bike));
    expect(kindOf(stateOf(bike))).toBe('reportedTheft');
    expect(kindOf(stateOf(fleet()[2]!))).toBe('moving');
  });

  it('clusters close bikes at a low zoom but never a theft', () => {
    const index = new MarkerIndex();
    index.load(makeMarkers(fleet()));
    expect(index.size).toBe(4);
    const far = index.view(WORLD, 5);
    expect(far.clusters).toHaveLength(1);
    expect(far.clusters[0]!.count).toBe(3);
    expect(far.thefts.map((f) => f.properties.vn)).toEqual(['T']);
    const near = index.view([4.83, 45.75, 4.85, 45.77], 20);
    expect(near.bikes.map((f) => f.properties.vn).sort()).toEqual(['A', 'B', 'C']);
  });

  it('lists the bikes of a cluster that never splits', () => {
    const here = { latitude: 45.75, longitude: 4.85 };
    const index = new MarkerIndex();
    index.load(
      makeMarkers(
        ['P1', 'P2', 'P3'].map((vehicleNumber) => makeFleetListItem({ vehicleNumber, ...here })),
      ),
    );
    const [cluster] = index.view(WORLD, 12).clusters;
    expect(index.expansionZoom(cluster!.ids)).toBeNull();
    expect(index.leaves(cluster!.ids).sort()).toEqual(['P1', 'P2', 'P3']);
  });

  it('gives each cluster button the ids that expand it', () => {
    // two groups of bikes ~5 m apart
    const groupA = ['A1', 'A2', 'A3'].map((vehicleNumber, i) =>
      makeFleetListItem({ vehicleNumber, latitude: 45.75, longitude: 4.85 + i * 1e-7 }),
    );
    const groupB = ['B1', 'B2'].map((vehicleNumber) =>
      makeFleetListItem({ vehicleNumber, latitude: 45.75005, longitude: 4.85005 }),
    );
    const index = new MarkerIndex();
    index.load(makeMarkers([...groupA, ...groupB]));
    const [button, ...others] = index.view(WORLD, 12).clusters;
    expect(others).toEqual([]);
    expect(button!.count).toBe(5);
    const zoom = index.expansionZoom(button!.ids);
    expect(zoom === null || zoom > 12).toBe(true);
    if (zoom === null) expect(index.leaves(button!.ids)).toHaveLength(5);
  });

  it('applies live changes: moves, new bikes, bikes leaving the filter, removals', () => {
    const index = new MarkerIndex();
    index.load(makeMarkers(fleet()));
    const moved = { ...fleet()[0]!, latitude: 48.85, longitude: 2.35 };
    const out = { ...fleet()[1]!, availability: 'OUT' as const };
    const added = makeFleetListItem({ vehicleNumber: 'NEW', latitude: 45.7, longitude: 4.8 });
    expect(index.apply([moved, out, added], ['C'], { availability: ['AVAILABLE'] })).toBe(true);
    index.build();
    expect(index.position('A')).toEqual([2.35, 48.85]);
    expect(index.has('B')).toBe(false);
    expect(index.has('C')).toBe(false);
    expect(index.has('NEW')).toBe(true);
    expect(index.within([2.3, 48.8, 2.4, 48.9])).toEqual(['A']);
    expect(index.bounds()).toEqual([2.35, 45.7, 4.8403, 48.85]);
  });

  it('checks a changed bike against the filter of the list', () => {
    const bike = makeFleetListItem({ vehicleNumber: 'FR-1', model: 'Cargo', iotMode: 'STANDBY' });
    expect(matchesFilter(bike, { q: 'cargo' }, false)).toBe(true);
    expect(matchesFilter(bike, { q: 'city' }, false)).toBe(false);
    expect(matchesFilter(bike, { mode: ['NAVIGATION'] }, true)).toBe(false);
    expect(matchesFilter(bike, { theftsOnly: true }, true)).toBe(false);
    // a group filter's descendants are the server's: only bikes already shown stay
    expect(matchesFilter(bike, { groupId: ['g'] }, true)).toBe(true);
    expect(matchesFilter(bike, { groupId: ['g'] }, false)).toBe(false);
    // so are the zones (the list item carries no zone marks)
    expect(matchesFilter(bike, { zone: ['IN_NO_RIDE_ZONE'] }, true)).toBe(true);
    expect(matchesFilter(bike, { zoneId: ['z'] }, false)).toBe(false);
    expect(matchesFilter(bike, { locked: bike.assistanceLocked }, false)).toBe(true);
    expect(matchesFilter(bike, { locked: !bike.assistanceLocked }, true)).toBe(false);
    expect(matchesFilter({ ...bike, latitude: null }, {}, true)).toBe(false);
  });
});

describe('separateClusters', () => {
  const cluster = (
    id: number,
    lon: number,
    lat: number,
    count: number,
    warned = 0,
  ): ViewCluster => ({
    ids: [id],
    lon,
    lat,
    count,
    warned,
  });
  // at zoom 12 a degree of longitude is 512 × 2¹² / 360 ≈ 5,825 px
  const px = 1 / 5825;

  it('merges clusters closer than the gap into the largest, weighted by their bikes', () => {
    const merged = separateClusters(
      [cluster(1, 4.85, 45.75, 10, 1), cluster(2, 4.85 + 18 * px, 45.75, 2, 2)],
      12,
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ ids: [1, 2], count: 12, warned: 3, lat: 45.75 });
    expect(merged[0]!.lon).toBeCloseTo(4.85 + (18 * px * 2) / 12, 9);
  });

  it('leaves clusters a button apart as they are', () => {
    const apart = [cluster(1, 4.85, 45.75, 10), cluster(2, 4.85 + 60 * px, 45.75, 2)];
    expect(separateClusters(apart, 12)).toEqual(apart);
    // the same two, four times closer on screen two zoom levels out
    expect(separateClusters(apart, 10)).toHaveLength(1);
  });
});

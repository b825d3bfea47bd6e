import { describe, expect, it } from 'vitest';
import type { Zone } from '@vfm/contract';
import { draftOf, draftProblems, newDraft, toZoneCreate } from './zone-draft';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [4.8, 45.7],
      [4.9, 45.7],
      [4.9, 45.8],
      [4.8, 45.7],
    ],
  ],
};

describe('zone draft', () => {
  it('needs a name and a shape, a speed for a slow zone, caps in order', () => {
    expect([...draftProblems(newDraft())].sort()).toEqual(['geometry', 'name']);
    const slow = { ...newDraft('SLOW'), name: 'Quais', geometry: square };
    expect([...draftProblems(slow)]).toEqual(['maxSpeedKmh']);
    expect(draftProblems({ ...slow, maxSpeedKmh: '15' }).size).toBe(0);
    expect([
      ...draftProblems({ ...slow, maxSpeedKmh: '15', minBikes: '9', maxBikes: '3' }),
    ]).toEqual(['bikes']);
  });

  it('round-trips a zone through the form', () => {
    const zone: Zone = {
      id: '3f1c1a1e-0000-4000-8000-000000000001',
      name: 'Gare',
      type: 'NO_PARKING',
      geometry: square,
      activeHours: { from: '22:00', to: '06:00', days: ['FRI', 'SAT'], timeZone: 'Europe/Paris' },
      minBikes: null,
      maxBikes: 10,
      maxSpeedKmh: null,
      colour: '#dc2626',
      autoCommands: false,
      bbox: [4.8, 45.7, 4.9, 45.8],
      vertexCount: 4,
      version: 3,
      createdAt: '2026-11-25T10:00:00.000Z',
      updatedAt: '2026-11-25T10:00:00.000Z',
      updatedBy: 'manager@vfm.demo',
    };
    const draft = draftOf(zone);
    expect(draft).toMatchObject({
      version: 3,
      maxBikes: '10',
      hoursOn: true,
      days: ['FRI', 'SAT'],
    });
    expect(toZoneCreate(draft)).toEqual({
      name: 'Gare',
      type: 'NO_PARKING',
      geometry: square,
      colour: '#dc2626',
      autoCommands: false,
      maxSpeedKmh: null,
      minBikes: null,
      maxBikes: 10,
      activeHours: zone.activeHours,
    });
  });

  it('sends automatic commands only for the types that have them', () => {
    const base = { ...newDraft('NO_RIDE'), name: 'Parc', geometry: square, autoCommands: true };
    expect(toZoneCreate(base).autoCommands).toBe(true);
    expect(toZoneCreate({ ...base, type: 'SLOW', maxSpeedKmh: '12' }).autoCommands).toBe(true);
    // switched on, then the type changed to one without: not sent
    expect(toZoneCreate({ ...base, type: 'NO_PARKING' }).autoCommands).toBe(false);
  });
});

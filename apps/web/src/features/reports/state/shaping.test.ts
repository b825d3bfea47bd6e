import { describe, expect, it } from 'vitest';
import { changeOf, isEmptyReport } from './shaping';

describe('changeOf', () => {
  it('says the change in percent of the period before', () => {
    expect(changeOf(120, 100)).toEqual({ percent: 20, direction: 'up' });
    expect(changeOf(75, 100)).toEqual({ percent: -25, direction: 'down' });
    expect(changeOf(5, 5)).toEqual({ percent: 0, direction: 'same' });
  });
  it('has no percent from zero, and nothing without both figures', () => {
    expect(changeOf(3, 0)).toEqual({ percent: null, direction: 'up' });
    expect(changeOf(null, 4)).toBeNull();
  });
});

describe('isEmptyReport', () => {
  it('is empty without trips, deployed bikes, alerts or tasks', () => {
    const figures = { trips: 0, deployedBikesAverage: 0, alertsOpened: 0, tasksDone: 0 };
    expect(isEmptyReport({ figures })).toBe(true);
    expect(isEmptyReport({ figures: { ...figures, tasksDone: 1 } })).toBe(false);
  });
});

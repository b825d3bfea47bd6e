// The dry run's timeline (docs/rules.md "Dry run"): every day of the run, oldest first, with the
// firings of that day (UTC days, the run's own bounds).
import { describe, expect, it } from 'vitest';
import type { RuleDryRunResult } from '@vfm/contract';
import { firingsPerDay } from './dry-run-results';

const firing = (at: string) => ({ vehicleNumber: 'V1', at, latitude: null, longitude: null });

describe('the dry run timeline', () => {
  it('counts the firings of each day of the run, empty days included', () => {
    const result: RuleDryRunResult = {
      from: '2026-11-25T18:00:00.000Z',
      to: '2026-11-28T18:00:00.000Z',
      bikesInScope: 3,
      bikesFired: 1,
      sampledBikes: null,
      needsConfirmation: false,
      firings: [
        firing('2026-11-25T19:00:00.000Z'),
        firing('2026-11-25T23:59:00.000Z'),
        firing('2026-11-28T10:00:00.000Z'),
      ],
      truncated: false,
    };
    expect(firingsPerDay(result)).toEqual([
      { day: '2026-11-25', count: 2 },
      { day: '2026-11-26', count: 0 },
      { day: '2026-11-27', count: 0 },
      { day: '2026-11-28', count: 1 },
    ]);
  });
});

// docs/webhooks.md: retried with exponential backoff for at least 24 hours, at least 8 attempts.
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS } from '@vfm/contract';
import { retryDelaySeconds } from './deliveries';

describe('the retry schedule', () => {
  it('waits ×4 from 30 s, at most 8 h, 9 attempts over more than 24 h', () => {
    const waits: number[] = [];
    for (let failed = 1; ; failed += 1) {
      const wait = retryDelaySeconds(failed);
      if (wait === null) break;
      waits.push(wait);
    }
    expect(waits).toEqual([30, 120, 480, 1920, 7680, 28_800, 28_800, 28_800]);
    expect(waits.length + 1).toBe(WEBHOOK_MAX_ATTEMPTS);
    expect(WEBHOOK_MAX_ATTEMPTS).toBeGreaterThanOrEqual(8);
    const span = waits.reduce((a, b) => a + b, 0);
    expect(span).toBeGreaterThanOrEqual(24 * 3600);
    expect(span).toBe(26 * 3600 + 50 * 60 + 30);
    expect(retryDelaySeconds(WEBHOOK_MAX_ATTEMPTS)).toBeNull();
  });
});

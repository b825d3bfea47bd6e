// The firmware state machine (ADR 0129): a module's states forward only, retries then FAILED,
// timeouts, what holds a bike back, and the campaign's own steps.
import { describe, expect, it } from 'vitest';
import {
  MAX_ATTEMPTS,
  applyReport,
  canarySize,
  hold,
  inWindow,
  nextCampaignState,
  timedOut,
  type TargetView,
} from './state-machine';

const offered = (attempts = 1): TargetView => ({
  state: 'OFFERED',
  attempts,
  progress: null,
  reason: null,
});

describe('a module in a campaign', () => {
  it('moves forward through the reported states to UPDATED', () => {
    let view: TargetView = offered();
    for (const [state, progress] of [
      ['DOWNLOADING', 10],
      ['DOWNLOADING', 60],
      ['DOWNLOADED', undefined],
      ['VERIFIED', undefined],
      ['UPDATING', undefined],
    ] as const) {
      view = applyReport(view, { state, progress }, '2.0.0')!;
      expect(view.state).toBe(state);
    }
    expect(view.progress).toBe(100);
    const done = applyReport(view, { state: 'UPDATED', version: '2.0.0' }, '2.0.0')!;
    expect(done).toMatchObject({ state: 'UPDATED', settled: true });
  });

  it('ignores an older or repeated report, and any report once settled', () => {
    const verified = applyReport(offered(), { state: 'VERIFIED' }, '2')!;
    expect(applyReport(verified, { state: 'DOWNLOADING', progress: 5 }, '2')).toBeNull();
    expect(applyReport(verified, { state: 'VERIFIED' }, '2')).toBeNull();
    const downloading = applyReport(offered(), { state: 'DOWNLOADING', progress: 50 }, '2')!;
    expect(applyReport(downloading, { state: 'DOWNLOADING', progress: 20 }, '2')!.progress).toBe(
      50,
    );
    const updated = applyReport(verified, { state: 'UPDATED', version: '2' }, '2')!;
    expect(applyReport(updated, { state: 'FAILED', reason: 'x' }, '2')).toBeNull();
    expect(applyReport({ ...offered(), state: 'PENDING' }, { state: 'UPDATED' }, '2')).toBeNull();
  });

  it('retries a failure while attempts remain, then is FAILED with its reason', () => {
    const retry = applyReport(offered(1), { state: 'FAILED', reason: 'CHECKSUM_MISMATCH' }, '2')!;
    expect(retry).toMatchObject({
      state: 'PENDING',
      retried: true,
      settled: false,
      reason: 'CHECKSUM_MISMATCH',
    });
    const last = applyReport(
      offered(MAX_ATTEMPTS),
      { state: 'FAILED', reason: 'CHECKSUM_MISMATCH' },
      '2',
    )!;
    expect(last).toMatchObject({ state: 'FAILED', settled: true, reason: 'CHECKSUM_MISMATCH' });
  });

  it('counts UPDATED with another version as a failure', () => {
    const next = applyReport(offered(MAX_ATTEMPTS), { state: 'UPDATED', version: '1.0' }, '2.0')!;
    expect(next).toMatchObject({ state: 'FAILED', reason: 'WRONG_VERSION: 1.0' });
  });

  it('times out an offer past its deadline, never a settled one', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(timedOut(offered(), new Date(now.getTime() + 1), now)).toBeNull();
    expect(timedOut(offered(), new Date(now.getTime() - 1), now)).toMatchObject({
      state: 'PENDING',
      reason: 'TIMEOUT',
    });
    expect(timedOut(offered(MAX_ATTEMPTS), new Date(0), now)).toMatchObject({
      state: 'FAILED',
      reason: 'TIMEOUT',
    });
    expect(timedOut({ ...offered(), state: 'UPDATED' }, new Date(0), now)).toBeNull();
  });
});

describe('what holds a bike back', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const bike = {
    moduleId: 'A00001',
    model: 'M1',
    onRide: false,
    mode: 'STANDBY',
    lastCommunication: now,
  };
  it('refuses another model, waits during a ride and while asleep', () => {
    expect(hold(bike, 'M1', now)).toBeNull();
    expect(hold({ ...bike, model: 'M2' }, 'M1', now)).toEqual({
      state: 'FAILED',
      reason: 'MODEL_MISMATCH',
    });
    expect(hold({ ...bike, onRide: true }, 'M1', now)).toEqual({
      state: 'WAITING',
      reason: 'ON_RIDE',
    });
    const asleep = {
      ...bike,
      mode: 'STORAGE',
      lastCommunication: new Date(now.getTime() - 3_600_000),
    };
    expect(hold(asleep, 'M1', now)).toEqual({ state: 'WAITING', reason: 'ASLEEP' });
    // awake: it just talked
    expect(hold({ ...asleep, lastCommunication: now }, 'M1', now)).toBeNull();
    expect(hold({ ...bike, moduleId: null }, 'M1', now)).toEqual({
      state: 'SKIPPED',
      reason: 'NO_MODULE',
    });
  });
});

describe('a campaign', () => {
  const canary = { state: 'CANARY' as const, autoApprovePercent: 90, maxFailurePercent: 20 };
  it('waits for its canary, then goes on by itself above the success rate', () => {
    expect(nextCampaignState(canary, { all: {}, canary: { UPDATED: 1, OFFERED: 1 } })).toBeNull();
    expect(nextCampaignState(canary, { all: {}, canary: { UPDATED: 10 } })).toEqual({
      state: 'RUNNING',
      reason: null,
    });
    expect(
      nextCampaignState(
        { ...canary, autoApprovePercent: null },
        { all: {}, canary: { UPDATED: 10 } },
      ),
    ).toEqual({ state: 'AWAITING_APPROVAL', reason: null });
    expect(
      nextCampaignState(
        { ...canary, maxFailurePercent: 50 },
        { all: {}, canary: { UPDATED: 8, FAILED: 2 } },
      ),
    ).toEqual({ state: 'AWAITING_APPROVAL', reason: null });
  });

  it('pauses above its failure rate and finishes when every module is settled', () => {
    const running = { ...canary, state: 'RUNNING' as const };
    expect(
      nextCampaignState(running, { all: { UPDATED: 3, FAILED: 1, PENDING: 5 }, canary: {} }),
    ).toEqual({
      state: 'PAUSED',
      reason: 'FAILURE_RATE: 1/4',
    });
    expect(
      nextCampaignState(running, { all: { UPDATED: 9, FAILED: 1, SKIPPED: 2 }, canary: {} }),
    ).toEqual({
      state: 'FINISHED',
      reason: null,
    });
    expect(
      nextCampaignState({ ...running, state: 'PAUSED' }, { all: { UPDATED: 1 }, canary: {} }),
    ).toBeNull();
  });

  it('offers only in its window, which may span midnight', () => {
    const at = (hhmm: string) => new Date(`2026-01-01T${hhmm}:00Z`);
    expect(inWindow(null, null, at('12:00'))).toBe(true);
    expect(inWindow('01:00', '05:00', at('03:00'))).toBe(true);
    expect(inWindow('01:00', '05:00', at('05:00'))).toBe(false);
    expect(inWindow('22:00', '04:00', at('23:30'))).toBe(true);
    expect(inWindow('22:00', '04:00', at('03:59'))).toBe(true);
    expect(inWindow('22:00', '04:00', at('12:00'))).toBe(false);
  });

  it('sizes the canary: a share of the target, at least one module', () => {
    expect(canarySize(1000, 5)).toBe(50);
    expect(canarySize(3, 10)).toBe(1);
    expect(canarySize(3, 0)).toBe(0);
  });
});

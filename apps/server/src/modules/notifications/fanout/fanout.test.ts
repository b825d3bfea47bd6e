// What one user gets for one cause from their matching rules (issue 22): the bell, one e-mail
// now, or one held for a digest (the rule's rhythm, the quiet hours unless the kind pierces
// them); when the quiet hours end; when a digest is due.
import { describe, expect, it } from 'vitest';
import type { ZoneActiveHours } from '@vfm/contract';
import { nextDigestAt } from '../digest-times';
import type { EmailRule } from './queries';
import { causeOf, planFor, quietHoursEnd } from './fanout';

const NIGHTS: ZoneActiveHours = {
  from: '22:00',
  to: '07:00',
  days: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
  timeZone: 'Europe/Paris',
};
// 02:30 in Paris (winter: UTC+1)
const NIGHT = new Date('2026-01-14T01:30:00Z');
const DAY = new Date('2026-01-14T10:10:00Z');

const rule = (overrides: Partial<EmailRule> = {}): EmailRule => ({
  ruleId: 'r1',
  quietHours: null,
  alwaysNotify: [],
  digest: 'NONE',
  ...overrides,
});
/** a recipient in the bell and with these e-mailing rules */
const match = (...email: EmailRule[]) => ({ inApp: true, email });

describe('planFor', () => {
  it('sends now when a rule says so, whatever the others hold back', () => {
    const plan = planFor(
      match(rule({ ruleId: 'held', digest: 'DAILY' }), rule({ ruleId: 'now' })),
      'LOW_VEHICLE_BATTERY',
      DAY,
    );
    expect(plan).toEqual({
      inApp: true,
      email: { ruleId: 'now', status: 'PENDING', digest: null, heldBy: null, dueAt: null },
      push: false,
    });
  });

  it('holds an e-mail in the quiet hours until they end, unless the kind pierces them', () => {
    const quiet = match(rule({ quietHours: NIGHTS, alwaysNotify: ['SUSPECTED_THEFT'] }));
    expect(planFor(quiet, 'LOW_VEHICLE_BATTERY', NIGHT).email).toEqual({
      ruleId: 'r1',
      status: 'DIGEST',
      digest: 'HOURLY',
      heldBy: 'QUIET_HOURS',
      dueAt: '2026-01-14T06:00:00.000Z',
    });
    expect(planFor(quiet, 'SUSPECTED_THEFT', NIGHT).email?.status).toBe('PENDING');
    expect(planFor(quiet, 'LOW_VEHICLE_BATTERY', DAY).email?.status).toBe('PENDING');
  });

  it('keeps the soonest digest, and no e-mail without an e-mailing rule', () => {
    const plan = planFor(
      match(
        rule({ ruleId: 'daily', digest: 'DAILY' }),
        rule({ ruleId: 'hourly', digest: 'HOURLY' }),
      ),
      'LOW_VEHICLE_BATTERY',
      DAY,
    );
    expect(plan.email).toMatchObject({ ruleId: 'hourly', dueAt: '2026-01-14T11:00:00.000Z' });
    expect(planFor(match(), 'LOW_VEHICLE_BATTERY', DAY)).toEqual({
      inApp: true,
      email: null,
      push: false,
    });
  });

  it('pushes now or never: not in the quiet hours, unless the kind pierces them (issue 22 §5)', () => {
    const push = [{ quietHours: NIGHTS, alwaysNotify: ['SUSPECTED_THEFT'] }];
    const recipient = { inApp: false, email: [], push };
    expect(planFor(recipient, 'LOW_VEHICLE_BATTERY', DAY).push).toBe(true);
    expect(planFor(recipient, 'LOW_VEHICLE_BATTERY', NIGHT).push).toBe(false);
    expect(planFor(recipient, 'SUSPECTED_THEFT', NIGHT).push).toBe(true);
    // any rule without quiet hours now is enough
    const twoRules = { ...recipient, push: [...push, { quietHours: null, alwaysNotify: [] }] };
    expect(planFor(twoRules, 'LOW_VEHICLE_BATTERY', NIGHT).push).toBe(true);
  });
});

describe('times', () => {
  it('ends quiet hours at their end, in their time zone', () => {
    expect(quietHoursEnd(NIGHTS, NIGHT).toISOString()).toBe('2026-01-14T06:00:00.000Z');
  });

  it('sends hourly digests at the next full hour, daily ones at the next 07:00 UTC', () => {
    expect(nextDigestAt('HOURLY', DAY).toISOString()).toBe('2026-01-14T11:00:00.000Z');
    expect(nextDigestAt('DAILY', DAY).toISOString()).toBe('2026-01-15T07:00:00.000Z');
    expect(nextDigestAt('DAILY', NIGHT).toISOString()).toBe('2026-01-14T07:00:00.000Z');
  });
});

describe('causeOf', () => {
  const bike = { fleetId: 'f', bikeId: 7, vehicleNumber: 'VN-7' };
  const publishedAt = '2026-01-14T10:00:00.000Z';
  it('names each cause once: its idempotency', () => {
    expect(
      causeOf({
        name: 'alert.opened',
        data: { ...bike, alertId: 'a-1', kind: 'SUSPECTED_THEFT' },
        publishedAt,
      }),
    ).toMatchObject({ kind: 'SUSPECTED_THEFT', sourceKey: 'alert:a-1', alertId: 'a-1' });
    expect(
      causeOf({
        name: 'command.expired',
        data: { ...bike, commandId: 'c-1', type: 'MODE' },
        publishedAt,
      }),
    ).toMatchObject({ kind: 'COMMAND_EXPIRED', sourceKey: 'command-expired:c-1', bikeId: 7 });
    expect(causeOf({ name: 'module.back', data: bike, publishedAt })?.sourceKey).toBe(
      `module-back:7:${publishedAt}`,
    );
    expect(
      causeOf({
        name: 'battery.ok',
        data: { ...bike, battery: 'VEHICLE', level: 50 },
        publishedAt,
      }),
    ).toBeNull();
  });
});

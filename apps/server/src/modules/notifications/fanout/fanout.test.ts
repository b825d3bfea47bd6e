// What one user gets for one cause from their matching rules (docs/notifications.md): the bell, one e-mail
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
      instant: [],
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
      instant: [],
    });
  });

  it('pushes and texts now or never: not in the quiet hours, unless the kind pierces them (docs/notifications.md)', () => {
    const instant = [
      { channel: 'PUSH' as const, quietHours: NIGHTS, alwaysNotify: ['SUSPECTED_THEFT'] },
      { channel: 'SMS' as const, quietHours: NIGHTS, alwaysNotify: ['SUSPECTED_THEFT'] },
    ];
    const recipient = { inApp: false, email: [], instant };
    expect(planFor(recipient, 'LOW_VEHICLE_BATTERY', DAY).instant).toEqual(['PUSH', 'SMS']);
    expect(planFor(recipient, 'LOW_VEHICLE_BATTERY', NIGHT).instant).toEqual([]);
    expect(planFor(recipient, 'SUSPECTED_THEFT', NIGHT).instant).toEqual(['PUSH', 'SMS']);
    // any rule without quiet hours now is enough, for its own channel only
    const twoRules = {
      ...recipient,
      instant: [...instant, { channel: 'SMS' as const, quietHours: null, alwaysNotify: [] }],
    };
    expect(planFor(twoRules, 'LOW_VEHICLE_BATTERY', NIGHT).instant).toEqual(['SMS']);
  });
});

describe('times', () => {
  it('ends quiet hours at their end, in their time zone', () => {
    expect(quietHoursEnd(NIGHTS, NIGHT).toISOString()).toBe('2026-01-14T06:00:00.000Z');
  });

  it('sends hourly digests at the next full hour, daily ones at the next 07:00 of the user', () => {
    expect(nextDigestAt('HOURLY', DAY).toISOString()).toBe('2026-01-14T11:00:00.000Z');
    // 07:00 in Paris (the default zone): 06:00 UTC in winter
    expect(nextDigestAt('DAILY', DAY).toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(nextDigestAt('DAILY', NIGHT).toISOString()).toBe('2026-01-14T06:00:00.000Z');
  });

  it.each([
    // zone, now, next daily digest (ADR 0099)
    ['Europe/Paris', '2026-07-14T04:59:00Z', '2026-07-14T05:00:00.000Z'], // summer: UTC+2
    ['Europe/Paris', '2026-07-14T05:00:00Z', '2026-07-15T05:00:00.000Z'],
    ['America/New_York', '2026-01-14T10:10:00Z', '2026-01-14T12:00:00.000Z'], // UTC-5
    ['America/New_York', '2026-01-14T23:30:00Z', '2026-01-15T12:00:00.000Z'], // 18:30 local
    ['Asia/Tokyo', '2026-01-14T10:10:00Z', '2026-01-14T22:00:00.000Z'], // 19:10 local → 07:00
    ['Asia/Kolkata', '2026-01-14T00:00:00Z', '2026-01-14T01:30:00.000Z'], // UTC+5:30
    ['Pacific/Kiritimati', '2026-01-14T10:10:00Z', '2026-01-14T17:00:00.000Z'], // UTC+14
    ['UTC', '2026-01-14T10:10:00Z', '2026-01-15T07:00:00.000Z'],
    // the night of a change of clocks: 07:00 is after it either way
    ['Europe/Paris', '2026-03-29T00:30:00Z', '2026-03-29T05:00:00.000Z'], // spring forward
    ['Europe/Paris', '2026-10-25T00:30:00Z', '2026-10-25T06:00:00.000Z'], // fall back
    ['America/Sao_Paulo', '2026-01-14T10:10:00Z', '2026-01-15T10:00:00.000Z'], // UTC-3
    // an unknown zone: the default one
    ['Mars/Olympus', '2026-01-14T10:10:00Z', '2026-01-15T06:00:00.000Z'],
  ])('in %s at %s: the daily digest at %s', (zone, now, due) => {
    expect(nextDigestAt('DAILY', new Date(now), zone).toISOString()).toBe(due);
  });

  it('plans a daily digest at 07:00 of the recipient’s zone, else of the rule’s quiet hours', () => {
    const daily = rule({ digest: 'DAILY' });
    expect(
      planFor({ ...match(daily), timeZone: 'Asia/Tokyo' }, 'LOW_VEHICLE_BATTERY', DAY).email?.dueAt,
    ).toBe('2026-01-14T22:00:00.000Z');
    const withQuiet = rule({
      digest: 'DAILY',
      quietHours: { ...NIGHTS, from: '01:00', to: '02:00', timeZone: 'America/New_York' },
    });
    expect(planFor(match(withQuiet), 'LOW_VEHICLE_BATTERY', DAY).email?.dueAt).toBe(
      '2026-01-14T12:00:00.000Z',
    );
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

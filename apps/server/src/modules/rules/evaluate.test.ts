// The rules' one evaluation (ADR 0126, docs/rules.md), test by test and timing by timing: each
// condition holds when it should and not otherwise; "for N minutes", "N times within M minutes"
// and the latch behave as documented; what a rule remembers is JSON that survives a restart.
import { describe, expect, it } from 'vitest';
import type { RuleCondition, RulePredicate } from '@vfm/contract';
import {
  evaluateRule,
  testPredicate,
  type BikeView,
  type Observation,
  type RuleMemory,
} from './evaluate';
import { nextTrail, trailNeeds, type BikeTrail } from './trail';
import { at, VIEW } from '../../../test/helpers/rule-view';

const obs = (
  view: Partial<BikeView> = {},
  minutes = 0,
  message: Observation['message'] = { kind: 'telemetry', seq: minutes },
): Observation => ({ at: at(minutes), view: { ...VIEW, ...view }, message });

/** one test (the literals below are `as const`: readonly arrays) */
const test1 = (p: object, o: Observation, trail?: BikeTrail) =>
  testPredicate(p as RulePredicate, trail ? { ...o, trail } : o);

describe('each test', () => {
  it('threshold: a level of the bike, the speed of the message', () => {
    const low = { type: 'threshold', field: 'bikeBattery', op: 'le', value: 20 } as const;
    expect(test1(low, obs({ bikeBattery: 20 }))).toBe(true);
    expect(test1(low, obs({ bikeBattery: 21 }))).toBe(false);
    expect(test1(low, obs({ bikeBattery: null }))).toBeUndefined();
    const fast = { type: 'threshold', field: 'speedKmh', op: 'gt', value: 30 } as const;
    expect(test1(fast, obs({}, 0, { kind: 'telemetry', seq: 1, speedKmh: 31 }))).toBe(true);
    expect(test1(fast, obs({}, 0, { kind: 'telemetry', seq: 1, speedKmh: 30 }))).toBe(false);
    // a sweep has no message: it cannot tell
    expect(test1(fast, obs({}, 0, null))).toBeUndefined();
    const lt = { type: 'threshold', field: 'iotBattery', op: 'lt', value: 80 } as const;
    expect(test1(lt, obs())).toBe(false);
    const ge = { type: 'threshold', field: 'odometerKm', op: 'ge', value: 100 } as const;
    expect(test1(ge, obs())).toBe(true);
  });

  it('availability, or assistance-locked', () => {
    const out = { type: 'availability', in: ['OUT', 'TRANSIT'] } as const;
    expect(test1(out, obs({ availability: 'OUT' }))).toBe(true);
    expect(test1(out, obs())).toBe(false);
    expect(test1({ ...out, orAssistanceLocked: true }, obs({ assistanceLocked: true }))).toBe(true);
  });

  it('lock, motion, battery plugged, module power', () => {
    expect(test1({ type: 'assistanceLocked', value: true }, obs({ assistanceLocked: true }))).toBe(
      true,
    );
    expect(test1({ type: 'moving', value: true }, obs())).toBe(false);
    expect(test1({ type: 'batteryPlugged', value: false }, obs({ batteryPlugged: false }))).toBe(
      true,
    );
    expect(test1({ type: 'externalPower', value: false }, obs({ externalPower: false }))).toBe(
      true,
    );
    expect(test1({ type: 'externalPower', value: false }, obs({ externalPower: null }))).toBe(
      undefined,
    );
  });

  it('battery removed: the module reads no battery', () => {
    const removed = { type: 'batteryRemoved' } as const;
    const present = (batteryPresent: boolean) =>
      obs({}, 0, { kind: 'telemetry', seq: 1, batteryPresent });
    expect(test1(removed, present(false))).toBe(true);
    expect(test1(removed, present(true))).toBe(false);
    // a module that does not say (or a sweep): unknown, the last truth stays
    expect(test1(removed, obs())).toBeUndefined();
  });

  it('zones: the marks the zones keep', () => {
    const outside = { type: 'zone', place: 'OUTSIDE_SERVICE_AREA', value: true } as const;
    expect(test1(outside, obs({ outsideServiceArea: true }))).toBe(true);
    expect(test1(outside, obs())).toBe(false);
    const noRide = { type: 'zone', place: 'IN_NO_RIDE_ZONE', value: false } as const;
    expect(test1(noRide, obs({ inNoRideZone: true }))).toBe(false);
  });

  it('beyond the service area by more than N km, from the last position inside', () => {
    const far = { type: 'outsideServiceAreaBy', km: 2 } as const;
    const memory: BikeTrail = { lastInside: [48.85, 2.35] };
    expect(test1(far, obs({ outsideServiceArea: true, latitude: 48.88 }), memory)).toBe(true);
    expect(test1(far, obs({ outsideServiceArea: true, latitude: 48.86 }), memory)).toBe(false);
    expect(test1(far, obs({ outsideServiceArea: true, latitude: 48.88 }), {})).toBe(false);
  });

  it('silence: N minutes since the last message', () => {
    const silent = { type: 'silentFor', minutes: 30 } as const;
    expect(test1(silent, obs({}, 30, null))).toBe(true);
    expect(test1(silent, obs({}, 29, null))).toBe(false);
  });

  it('no open task (of these kinds)', () => {
    expect(test1({ type: 'noOpenTask' }, obs())).toBe(true);
    expect(test1({ type: 'noOpenTask' }, obs({ openTaskKinds: ['REPAIR'] }))).toBe(false);
    const noSwap = { type: 'noOpenTask', kinds: ['BATTERY_SWAP'] } as const;
    expect(test1(noSwap, obs({ openTaskKinds: ['REPAIR'] }))).toBe(true);
    expect(test1(noSwap, obs({ openTaskKinds: ['BATTERY_SWAP'] }))).toBe(false);
  });

  it('a module event holds for its own message only', () => {
    const alarm = { type: 'event', name: 'ALARM_TRIGGERED' } as const;
    expect(test1(alarm, obs({}, 0, { kind: 'event', seq: 1, eventName: 'ALARM_TRIGGERED' }))).toBe(
      true,
    );
    expect(test1(alarm, obs({}, 0, { kind: 'event', seq: 1, eventName: 'ALARM_ON' }))).toBe(false);
    expect(test1(alarm, obs())).toBe(false);
  });

  it('schedule: in its time zone (ADR 0135), summer time included', () => {
    // T0 is Monday 10:00 UTC = 11:00 in Paris (winter), 06:00 in New York
    const paris = {
      type: 'schedule',
      days: [1],
      from: '11:00',
      to: '12:00',
      timeZone: 'Europe/Paris',
    } as const;
    expect(test1(paris, obs())).toBe(true);
    expect(test1({ ...paris, timeZone: undefined }, obs())).toBe(false);
    // New York's Sunday evening is Monday in UTC: the day is the zone's
    const sunday = {
      type: 'schedule',
      days: [0],
      from: '20:00',
      to: '23:59',
      timeZone: 'America/New_York',
    } as const;
    expect(test1(sunday, obs({}, -10 * 60 + 60))).toBe(true); // Monday 01:00 UTC
    // in summer Paris is UTC+2
    const summer = new Date('2026-07-06T09:30:00Z'); // a Monday, 11:30 in Paris
    expect(test1(paris, { ...obs(), at: summer })).toBe(true);
  });

  it('inZone: one zone of the fleet, by its id', () => {
    const depot = { type: 'inZone', zoneId: 'z1', value: true } as const;
    expect(test1(depot, obs({ zoneIds: ['z0', 'z1'] }))).toBe(true);
    expect(test1(depot, obs())).toBe(false);
    expect(test1({ ...depot, value: false }, obs())).toBe(true);
  });

  it('schedule: days and hours (UTC), over midnight too', () => {
    const office = { type: 'schedule', days: [1], from: '09:00', to: '11:00' } as const;
    expect(test1(office, obs())).toBe(true); // Monday 10:00
    expect(test1(office, obs({}, 61))).toBe(false); // 11:01
    const night = { type: 'schedule', days: [1], from: '22:00', to: '06:00' } as const;
    expect(test1(night, obs({}, 13 * 60))).toBe(true); // Monday 23:00
    expect(test1(night, obs({}, 17 * 60))).toBe(true); // Tuesday 03:00
    expect(test1(night, obs({}, 20 * 60 + 30))).toBe(false); // Tuesday 06:30
  });
});

const run = (rule: { condition: object; latch?: boolean }, observations: Observation[]) => {
  let memory: RuleMemory = {};
  // the bike's trail (positions, parked battery, last inside) folded as the batch folds it
  let trail: BikeTrail = {};
  const evaluable = { latch: false, ...rule, condition: rule.condition as RuleCondition };
  const needs = trailNeeds([evaluable.condition]);
  return observations.map((o) => {
    trail = JSON.parse(
      JSON.stringify(nextTrail(trail, o.at, o.view, o.message !== null, needs)),
    ) as BikeTrail;
    const result = evaluateRule(evaluable, memory, { ...o, trail });
    // what is remembered goes through JSON, as through the database
    memory = JSON.parse(JSON.stringify(result.memory)) as RuleMemory;
    return result;
  });
};

describe('timing', () => {
  const locked = { type: 'assistanceLocked', value: true } as const;

  it('fires at once, and ends with its condition (refs: the messages)', () => {
    const results = run({ condition: { all: [locked] } }, [
      obs({ assistanceLocked: true }, 0),
      obs({ assistanceLocked: true }, 1),
      obs({}, 2),
    ]);
    expect(results.map((r) => r.started)).toEqual([true, false, false]);
    expect(results[1]!.firingSince).toEqual(at(0));
    expect(results[1]!.refs.map((r) => r.seq)).toEqual([0, 1]);
    expect(results[2]!.firingSince).toBeNull();
  });

  it('"for N minutes": fires once it held that long, a sweep included', () => {
    const results = run({ condition: { all: [locked], forMinutes: 10 } }, [
      obs({ assistanceLocked: true }, 0),
      obs({ assistanceLocked: true }, 9, null),
      obs({ assistanceLocked: true }, 10, null),
    ]);
    expect(results.map((r) => r.firingSince?.toISOString() ?? null)).toEqual([
      null,
      null,
      at(10).toISOString(),
    ]);
  });

  it('"for N minutes": a break starts the count again', () => {
    const results = run({ condition: { all: [locked], forMinutes: 10 } }, [
      obs({ assistanceLocked: true }, 0),
      obs({}, 5),
      obs({ assistanceLocked: true }, 6),
      obs({ assistanceLocked: true }, 12, null),
      obs({ assistanceLocked: true }, 16, null),
    ]);
    expect(results.map((r) => r.started)).toEqual([false, false, false, false, true]);
  });

  it('"N times within M minutes": the starts inside the window count', () => {
    const alarm = { type: 'event', name: 'ALARM_TRIGGERED' } as const;
    const event = (minutes: number) =>
      obs({}, minutes, { kind: 'event', seq: minutes, eventName: 'ALARM_TRIGGERED' });
    const results = run({ condition: { all: [alarm], times: { count: 3, minutes: 10 } } }, [
      event(0),
      obs({}, 1),
      event(2),
      obs({}, 3),
      event(20), // the first two are out of the window
      obs({}, 21),
      event(22),
      obs({}, 23),
      event(24),
    ]);
    expect(results.map((r) => r.started)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('a latched occurrence lasts until its next start', () => {
    const results = run({ condition: { all: [locked] }, latch: true }, [
      obs({ assistanceLocked: true }, 0),
      obs({}, 1),
      obs({ assistanceLocked: true }, 2),
    ]);
    expect(results.map((r) => r.started)).toEqual([true, false, true]);
    expect(results[1]!.firingSince).toEqual(at(0));
    expect(results[2]!.firingSince).toEqual(at(2));
  });

  it('a van hop: kilometres in minutes while the odometer stays', () => {
    const hop = { type: 'distanceMoved', km: 2, minutes: 10, withoutRide: true } as const;
    const results = run({ condition: { all: [hop] } }, [
      obs({ latitude: 48.85 }, 0),
      obs({ latitude: 48.86 }, 4),
      obs({ latitude: 48.88 }, 8),
    ]);
    expect(results.map((r) => r.started)).toEqual([false, false, true]);
    // the same distance ridden (the odometer moved with it) is a ride
    const ride = run({ condition: { all: [hop] } }, [
      obs({ latitude: 48.85, odometerKm: 100 }, 0),
      obs({ latitude: 48.88, odometerKm: 103.4 }, 8),
    ]);
    expect(ride.map((r) => r.started)).toEqual([false, false]);
  });

  it('battery rising while parked: from the lowest level since the bike parked', () => {
    const rise = { type: 'batteryRiseWhileParked', percent: 10 } as const;
    const results = run({ condition: { all: [rise] } }, [
      obs({ bikeBattery: 40 }, 0),
      obs({ bikeBattery: 38 }, 5),
      obs({ bikeBattery: 47 }, 10),
      obs({ bikeBattery: 48 }, 15),
    ]);
    expect(results.map((r) => r.started)).toEqual([false, false, false, true]);
    // riding resets the baseline
    const ridden = run({ condition: { all: [rise] } }, [
      obs({ bikeBattery: 40 }, 0),
      obs({ bikeBattery: 40, moving: true }, 5),
      obs({ bikeBattery: 55 }, 10),
    ]);
    expect(ridden.map((r) => r.started)).toEqual([false, false, false]);
  });

  it('far outside the service area: remembers the last position inside', () => {
    const far = { type: 'outsideServiceAreaBy', km: 2 } as const;
    const results = run({ condition: { all: [far] } }, [
      obs({ latitude: 48.85 }, 0),
      obs({ latitude: 48.86, outsideServiceArea: true }, 1),
      obs({ latitude: 48.9, outsideServiceArea: true }, 2),
    ]);
    expect(results.map((r) => r.started)).toEqual([false, false, true]);
  });

  it('what a sweep cannot tell keeps its last truth', () => {
    const fast = { type: 'threshold', field: 'speedKmh', op: 'ge', value: 20 } as const;
    const results = run({ condition: { all: [fast], forMinutes: 5 } }, [
      obs({}, 0, { kind: 'telemetry', seq: 1, speedKmh: 25 }),
      obs({}, 5, null),
    ]);
    expect(results[1]!.started).toBe(true);
  });
});

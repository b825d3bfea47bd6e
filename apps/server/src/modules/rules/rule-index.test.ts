// The compiled index and the bike's trail (ADR 0135): the rules the index leaves out are exactly
// those whose evaluation would have remembered nothing and fired nothing, and the shared trail
// answers the distance, parked-battery and far-outside tests as the per-rule memory did.
import { describe, expect, it } from 'vitest';
import type { RuleCondition } from '@vfm/contract';
import { evaluateRule, type BikeView, type RuleMemory } from './evaluate';
import type { LiveRule } from './queries/rules';
import { quietOf } from './dry-run';
import { compileRules, rulesToRun } from './rule-index';
import { nextTrail, seedInside, trailChanged, trailNeeds, type BikeTrail } from './trail';
import { observe } from './view';
import { at, T0, VIEW as PARKED } from '../../../test/helpers/rule-view';

/** the shared bike, its battery not on a charger */
const VIEW: BikeView = { ...PARKED, batteryPlugged: false };

let ids = 0;
const rule = (condition: object, scope = { groupIds: [] as string[], models: [] as string[] }) =>
  ({
    id: `00000000-0000-4000-8000-${String((ids += 1)).padStart(12, '0')}`,
    fleetId: 'f',
    name: 'r',
    version: 1,
    condition: condition as RuleCondition,
    scope,
    actions: [{ type: 'alert' }],
    latch: false,
    alertKind: 'RULE:x',
  }) as LiveRule;

const BIKE = { groupId: 'g1', model: 'M1' };

/** Telemetry messages, one a minute. */
const telemetry = (values: Array<Record<string, unknown>>) =>
  values.map((t, minute) => ({
    kind: 'telemetry' as const,
    seq: minute,
    ts: at(minute),
    telemetry: t,
  }));

describe('the compiled index', () => {
  const low = rule({ all: [{ type: 'threshold', field: 'bikeBattery', op: 'le', value: 20 }] });
  const fastOut = rule({
    all: [
      { type: 'moving', value: true },
      { type: 'availability', in: ['OUT'] },
    ],
  });
  const scoped = rule(
    { all: [{ type: 'threshold', field: 'bikeBattery', op: 'le', value: 20 }] },
    { groupIds: ['g2'], models: [] },
  );
  const index = compileRules([low, fastOut, scoped]);

  it('shares one test between the rules that have it', () => {
    expect(index.predicates).toHaveLength(3);
    expect(index.gates.map((g) => g.rules.length).sort()).toEqual([1, 2]);
  });

  it('runs only the rules whose tests hold together at one message, in scope', () => {
    const quiet = observe(VIEW, telemetry([{ bikeBattery: 50 }, { bikeBattery: 40 }]));
    expect(rulesToRun(index, BIKE, quiet, [])).toEqual([]);
    const drained = observe(VIEW, telemetry([{ bikeBattery: 30 }, { bikeBattery: 20 }]));
    expect(rulesToRun(index, BIKE, drained, []).map((r) => r.rule.id)).toEqual([low.id]);
    // moving, and OUT — but never at the same message: nothing to run
    const out = observe({ ...VIEW, availability: 'OUT' }, telemetry([{ speedKmh: 0 }]));
    expect(rulesToRun(index, BIKE, out, [])).toEqual([]);
    const ridden = observe({ ...VIEW, availability: 'OUT' }, telemetry([{ speedKmh: 12 }]));
    expect(rulesToRun(index, BIKE, ridden, []).map((r) => r.rule.id)).toEqual([fastOut.id]);
  });

  it('runs a rule that remembers something of the bike whatever its messages', () => {
    const quiet = observe(VIEW, telemetry([{ bikeBattery: 50 }]));
    expect(rulesToRun(index, BIKE, quiet, [fastOut.id]).map((r) => r.rule.id)).toEqual([
      fastOut.id,
    ]);
    // out of scope: not even then
    expect(rulesToRun(index, BIKE, quiet, [scoped.id])).toEqual([]);
  });

  it('a test that a message cannot tell keeps its truth from the message before', () => {
    const removed = rule({
      all: [
        { type: 'batteryRemoved' },
        { type: 'threshold', field: 'iotBattery', op: 'le', value: 50 },
      ],
    });
    const only = compileRules([removed]);
    // the battery said removed, then the module's battery fell without a word on the battery
    const obs = observe(VIEW, telemetry([{ batteryPresent: false }, { iotBattery: 40 }]));
    expect(rulesToRun(only, BIKE, obs, []).map((r) => r.rule.id)).toEqual([removed.id]);
  });

  it('leaves out exactly the rules whose evaluation would remember and fire nothing', () => {
    const conditions = [
      { all: [{ type: 'threshold', field: 'bikeBattery', op: 'le', value: 45 }] },
      { all: [{ type: 'threshold', field: 'speedKmh', op: 'gt', value: 20 }], forMinutes: 5 },
      { all: [{ type: 'moving', value: true }, { type: 'noOpenTask' }] },
      { all: [{ type: 'distanceMoved', km: 1, minutes: 10, withoutRide: true }] },
      { all: [{ type: 'silentFor', minutes: 30 }] },
      { all: [{ type: 'batteryRiseWhileParked', percent: 5 }] },
    ];
    const rules = conditions.map((c) => rule(c));
    const all = compileRules(rules);
    const messages = telemetry([
      { bikeBattery: 50, speedKmh: 0 },
      { bikeBattery: 48, speedKmh: 25, lat: 48.86 },
      { bikeBattery: 46, speedKmh: 0, lat: 48.87 },
      { bikeBattery: 52, speedKmh: 0, lat: 48.87 },
    ]);
    const observations = observe(VIEW, messages, {}, all.needs);
    const chosen = new Set(rulesToRun(all, BIKE, observations, []).map((r) => r.rule.id));
    for (const r of rules) {
      let memory: RuleMemory = {};
      let kept = false;
      for (const o of observations) {
        memory = evaluateRule(r, memory, o).memory;
        kept ||= Boolean(memory.holdsSince || memory.firingSince || memory.starts?.length);
      }
      expect(chosen.has(r.id)).toBe(kept);
    }
  });
});

describe("the bike's trail", () => {
  const needs = trailNeeds([
    { all: [{ type: 'distanceMoved', km: 2, minutes: 10, withoutRide: true }] },
    { all: [{ type: 'batteryRiseWhileParked', percent: 10 }] },
    { all: [{ type: 'outsideServiceAreaBy', km: 2 }] },
  ]);

  it('is the longest window, the parked battery and the last position inside', () => {
    expect(needs).toEqual({ trackMinutes: 10, parked: true, inside: true });
    let trail: BikeTrail = {};
    trail = nextTrail(trail, at(0), { ...VIEW, bikeBattery: 40 }, true, needs);
    trail = nextTrail(trail, at(1), { ...VIEW, bikeBattery: 38, latitude: 48.9 }, true, needs);
    expect(trail.parkedBattery).toBe(38);
    expect(trail.lastInside).toEqual([48.9, 2.35]);
    expect(trail.track).toHaveLength(2);
    // riding forgets the parked battery; outside, the last inside stays
    trail = nextTrail(
      trail,
      at(2),
      { ...VIEW, moving: true, outsideServiceArea: true, latitude: 49 },
      true,
      needs,
    );
    expect(trail.parkedBattery).toBeUndefined();
    expect(trail.lastInside).toEqual([48.9, 2.35]);
    // the window slides
    trail = nextTrail(trail, at(30), VIEW, false, needs);
    expect(trail.track).toBeUndefined();
  });

  it('keeps points 1/48 of the window apart however often the module speaks', () => {
    let trail: BikeTrail = {};
    for (let second = 0; second < 600; second += 1)
      trail = nextTrail(
        trail,
        new Date(T0.getTime() + second * 1000),
        { ...VIEW, latitude: 48 + second / 1e4 },
        true,
        needs,
      );
    expect(trail.track!.length).toBeLessThanOrEqual(50);
    // the window's first point is still some 10 minutes back, the last is the latest message
    expect(trail.track![0]![0]).toBeLessThan(T0.getTime() + 15_000);
    expect(trail.track!.at(-1)![1]).toBeCloseTo(48.0599);
  });

  it('is written when it changes what a later message would read', () => {
    const a: BikeTrail = {
      track: [
        [1, 48, 2, 1],
        [2, 48, 2, 1],
      ],
    };
    // only the last point replaced: not written (the stored track is a sparser true one)
    expect(
      trailChanged(
        a,
        {
          track: [
            [1, 48, 2, 1],
            [3, 48.1, 2, 1],
          ],
        },
        false,
      ),
    ).toBe(false);
    expect(
      trailChanged(
        a,
        {
          track: [
            [2, 48, 2, 1],
            [3, 48.1, 2, 1],
          ],
        },
        false,
      ),
    ).toBe(true);
    expect(trailChanged(a, { ...a, parkedBattery: 30 }, false)).toBe(true);
    // the last position inside matters once outside
    expect(trailChanged(a, { ...a, lastInside: [48, 2] }, false)).toBe(false);
    expect(trailChanged(a, { ...a, lastInside: [48, 2] }, true)).toBe(true);
    // the batch seeds it from where the bike stood when it was inside
    expect(seedInside({}, needs, true, VIEW).lastInside).toEqual([48.85, 2.35]);
    expect(seedInside({}, needs, false, VIEW).lastInside).toBeUndefined();
  });
});

describe('the dry run’s quiet observations', () => {
  it('skipping them fires exactly when evaluating every observation does', () => {
    const conditions = [
      { all: [{ type: 'threshold', field: 'bikeBattery', op: 'le', value: 30 }] },
      {
        all: [
          { type: 'threshold', field: 'bikeBattery', op: 'le', value: 40 },
          { type: 'moving', value: true },
        ],
      },
      { all: [{ type: 'batteryRemoved' }, { type: 'moving', value: false }] },
    ];
    // a bike riding and parking, its battery falling and charged, its battery taken once
    const messages = telemetry(
      Array.from({ length: 120 }, (_, i) => ({
        bikeBattery: 60 - ((i * 7) % 45),
        speedKmh: i % 5 < 2 ? 15 : 0,
        ...(i % 17 === 0 ? { batteryPresent: i % 34 !== 0 } : {}),
      })),
    );
    for (const condition of conditions)
      for (const latch of [false, true]) {
        const values = {
          name: 'r',
          enabled: true,
          severity: 'MINOR',
          condition: condition as RuleCondition,
          scope: { groupIds: [], models: [] },
          actions: [{ type: 'alert' as const }],
          latch,
        };
        const observations = observe(VIEW, messages);
        const all: number[] = [];
        let memory: RuleMemory = {};
        observations.forEach((o, i) => {
          const result = evaluateRule(values, memory, o);
          memory = result.memory;
          if (result.started) all.push(i);
        });
        const quiet = quietOf(values)(observations);
        const skipping: number[] = [];
        memory = {};
        let skipped = false;
        observations.forEach((o, i) => {
          if (quiet.skippable(memory, i)) {
            skipped = true;
            return;
          }
          if (skipped) memory = { ...memory, truth: quiet.truthBefore(i) };
          skipped = false;
          const result = evaluateRule(values, memory, o);
          memory = result.memory;
          if (result.started) skipping.push(i);
        });
        expect(all.length, JSON.stringify(condition)).toBeGreaterThan(0);
        expect(skipping, `${JSON.stringify(condition)} latch ${latch}`).toEqual(all);
      }
  });
});

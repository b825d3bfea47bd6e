import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UP_MESSAGE_SCHEMAS, REPORT_INTERVAL_SECONDS, isDateTime } from '@vfm/contract';
import { Ajv } from 'ajv';
import { SimulatedModule } from './module';
import { firmwareOf, isSilentModule, type OutMessage } from './module-profile';

const ajv = new Ajv({ strict: false });
// the contract's date-time, as the server reads it (contract/date-time.ts)
ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
const valid = (m: OutMessage) => ajv.validate(UP_MESSAGE_SCHEMAS[m.kind], m.body);

/** a module id that is not one of the silent ones */
function liveId(start = 0): string {
  for (let i = start; ; i += 1) {
    const id = `T${i.toString().padStart(5, '0')}`;
    if (!isSilentModule(id)) return id;
  }
}

const T0 = Date.UTC(2026, 10, 20, 3, 0, 0); // 03:00 UTC: riders are rare
const quiet = {
  tripsPerDay: 0,
  theftAttemptsPerDay: 0,
  tamperingsPerDay: 0,
  theftDeclarationsPerDay: 0,
  ackErrorRate: 0,
};

function run(module: SimulatedModule, from: number, seconds: number, step = 1000) {
  const out: Array<OutMessage & { at: number }> = [];
  for (let now = from; now <= from + seconds * 1000; now += step) {
    for (const m of module.tick(now)) out.push({ ...m, at: now });
  }
  return out;
}

describe('SimulatedModule', () => {
  it('reports the firmware its id fixes, the one the demo history writes (ADR 0102)', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `F${String(i).padStart(5, '0')}`).filter(
      (id) => !isSilentModule(id),
    );
    for (const moduleId of ids) {
      const module = new SimulatedModule({ moduleId }, quiet);
      const first = run(module, T0, 60, 10_000).find((m) => 'firmware' in m.body);
      expect(first?.body.firmware, moduleId).toBe(firmwareOf(moduleId));
    }
    // the demo fleet shows more than one version
    expect(new Set(ids.map(firmwareOf)).size).toBeGreaterThan(1);
  });

  it('reports on connection, then by the interval of its mode, with valid payloads', () => {
    const module = new SimulatedModule({ moduleId: liveId() }, quiet);
    const out = run(module, T0, 3 * 3600, 10_000).filter((m) => m.kind === 'telemetry');
    expect(out[0]!.at - T0).toBeLessThanOrEqual(10_000);
    const gaps = out.slice(1).map((m, i) => m.at - out[i]!.at);
    expect(gaps.every((gap) => gap === REPORT_INTERVAL_SECONDS.STANDBY * 1000)).toBe(true);
    expect(out.every(valid)).toBe(true);
    expect(out[0]!.body).toMatchObject({ mode: 'STANDBY', speedKmh: 0 });
  });

  it('rides along the streets at riding speed, reporting every 10 s, then parks', () => {
    const module = new SimulatedModule(
      { moduleId: liveId(), odometerKm: 100, bikeBattery: 90 },
      quiet,
    );
    run(module, T0, 30);
    module.startTrip(T0 + 31_000);
    const out = run(module, T0 + 31_000, 3600).filter((m) => m.kind === 'telemetry');
    const riding = out.filter((m) => m.body.mode === 'NAVIGATION');
    expect(riding.length).toBeGreaterThan(5);
    for (const m of riding) expect(m.body.speedKmh).toBeGreaterThanOrEqual(8);
    const gaps = riding.slice(1).map((m, i) => m.at - riding[i]!.at);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(10_000);
    const parked = out.find((m, i) => i > 0 && m.body.speedKmh === 0)!;
    expect(parked.body.mode).toBe('STANDBY');
    expect(parked.body.odometerKm as number).toBeGreaterThan(100.5);
    expect(parked.body.bikeBattery as number).toBeLessThan(90);
    expect(module.moving).toBe(false);
  });

  it("keeps under a slow zone's SPEED_LIMIT, and rides freely again once it is lifted", () => {
    const module = new SimulatedModule(
      { moduleId: liveId(), odometerKm: 100, bikeBattery: 90 },
      quiet,
    );
    run(module, T0, 30);
    const limit = (kmh: number, at: number) =>
      module.receiveCommand(
        {
          commandId: randomUUID(),
          type: 'SPEED_LIMIT',
          value: kmh,
          expiresAt: new Date(at + 86_400_000).toISOString(),
        },
        at,
      );
    limit(10, T0 + 31_000);
    const acked = run(module, T0 + 31_000, 5);
    expect(acked.find((m) => m.kind === 'ack')?.body).toMatchObject({ status: 'OK' });
    module.startTrip(T0 + 36_000);
    const out = run(module, T0 + 36_000, 116);
    const riding = out.filter((m) => m.kind === 'telemetry' && m.body.mode === 'NAVIGATION');
    expect(riding.length).toBeGreaterThan(3);
    for (const m of riding) expect(m.body.speedKmh).toBeLessThanOrEqual(10);
    limit(0, T0 + 153_000);
    const free = run(module, T0 + 153_000, 300).filter(
      (m) => m.kind === 'telemetry' && m.body.mode === 'NAVIGATION',
    );
    expect(free.some((m) => (m.body.speedKmh as number) > 10)).toBe(true);
  });

  it('acknowledges a command about a second later and reports the new state at once', () => {
    const module = new SimulatedModule({ moduleId: liveId() }, quiet);
    run(module, T0, 60);
    const commandId = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
    module.receiveCommand(
      {
        commandId,
        type: 'LOCK_CONTROL',
        value: true,
        expiresAt: new Date(T0 + 86_400_000).toISOString(),
      },
      T0 + 61_000,
    );
    const out = run(module, T0 + 61_000, 5, 100);
    const ack = out.find((m) => m.kind === 'ack')!;
    expect(ack.body).toMatchObject({ commandId, status: 'OK' });
    expect(ack.at - (T0 + 61_000)).toBeGreaterThanOrEqual(700);
    expect(ack.at - (T0 + 61_000)).toBeLessThanOrEqual(1500);
    const next = out.find((m) => m.kind === 'telemetry' && m.at >= ack.at)!;
    expect(next.at).toBe(ack.at);
    expect(next.body.assistanceLocked).toBe(true);
    expect(valid(ack)).toBe(true);
  });

  it('fires the alarm when an armed bike is moved, not in TRANSPORT mode', () => {
    const thief = { ...quiet, theftAttemptsPerDay: 86_400 };
    const armed = new SimulatedModule({ moduleId: liveId(), alarmActive: true }, thief);
    const events = run(armed, T0, 30).filter((m) => m.kind === 'event');
    expect(events[0]!.body).toMatchObject({ name: 'ALARM_TRIGGERED', source: 'MODULE' });
    const carried = new SimulatedModule(
      { moduleId: liveId(), alarmActive: true, mode: 'TRANSPORT' },
      thief,
    );
    expect(run(carried, T0, 30).filter((m) => m.kind === 'event')).toEqual([]);
  });

  it('declares thefts as a rider now and then', () => {
    const module = new SimulatedModule(
      { moduleId: liveId() },
      { ...quiet, theftDeclarationsPerDay: 86_400 },
    );
    const [event] = run(module, T0, 5).filter((m) => m.kind === 'event');
    expect(event!.body).toMatchObject({ name: 'THEFT_DECLARED', source: 'RIDER' });
  });

  it('keeps seq strictly increasing and never sends from a silent module', () => {
    const module = new SimulatedModule({ moduleId: liveId() }, { tripsPerDay: 200 });
    const seqs = run(module, T0 + 8 * 3_600_000, 3600).map((m) => m.body.seq);
    expect(seqs.every((seq, i) => i === 0 || seq > seqs[i - 1]!)).toBe(true);
    let silentId = 'A00000';
    for (let i = 0; !isSilentModule(silentId); i += 1)
      silentId = `A${i.toString().padStart(5, '0')}`;
    expect(run(new SimulatedModule({ moduleId: silentId }), T0, 7200)).toEqual([]);
  });
});

describe('warm start', () => {
  it('puts about rate × mean ride time of the bikes mid-ride', () => {
    const at8 = Date.UTC(2026, 10, 23, 8, 0, 0); // a Monday, morning rush hour
    const modules = Array.from(
      { length: 2000 },
      (_, i) => new SimulatedModule({ moduleId: `W${String(i).padStart(5, '0')}` }, {}),
    );
    const riding = modules.filter((m) => m.warmStart(at8)).length;
    // 4 trips a day, rush-hour weight ≈ 2.7× the mean, ~650 s rides → about 8 %
    expect(riding).toBeGreaterThan(0.04 * modules.length);
    expect(riding).toBeLessThan(0.15 * modules.length);
    expect(modules.filter((m) => m.moving).length).toBe(riding);
    // at night almost nobody rides
    const at3 = Date.UTC(2026, 10, 23, 3, 0, 0);
    const night = Array.from(
      { length: 2000 },
      (_, i) => new SimulatedModule({ moduleId: `N${String(i).padStart(5, '0')}` }, {}),
    );
    expect(night.filter((m) => m.warmStart(at3)).length).toBeLessThan(riding / 5);
  });
});

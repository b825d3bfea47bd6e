// The demo's tampering (docs/rules.md): each kind a built-in rule watches happens now and then —
// power cut, battery removed, a battery swapped in, a van hop — and each ends by itself.
import { describe, expect, it } from 'vitest';
import { distanceKm } from './city';
import { TamperScenario } from './tamper';

describe('tampering', () => {
  it('produces each kind, each ending by itself', () => {
    const scenario = new TamperScenario('A00042', 86_400 / 60); // about once a minute
    const seen = new Set<string>();
    let position = { lat: 45.76, lon: 4.835 };
    let hopStart: typeof position | null = null;
    for (let now = 0; now < 3 * 86_400_000 && seen.size < 5; now += 30_000) {
      const t = scenario.tick(now, 30, position);
      const fields = scenario.telemetry();
      if (!fields.externalPower) seen.add('POWER_CUT');
      if (!fields.batteryPresent) seen.add('BATTERY_REMOVED');
      if (t?.batteryRise) seen.add('BATTERY_SWAPPED');
      if (t?.position) {
        hopStart ??= position;
        position = t.position;
        if (distanceKm(hopStart, position) >= 2) seen.add('VAN_HOP');
      }
      if (t && !t.position && !t.batteryRise && fields.externalPower && fields.batteryPresent) {
        seen.add('ENDED');
        hopStart = null;
      }
    }
    expect([...seen].sort()).toEqual([
      'BATTERY_REMOVED',
      'BATTERY_SWAPPED',
      'ENDED',
      'POWER_CUT',
      'VAN_HOP',
    ]);
  });

  it('does nothing when switched off', () => {
    const scenario = new TamperScenario('A00042', 0);
    for (let now = 0; now < 86_400_000; now += 60_000)
      expect(scenario.tick(now, 60, { lat: 45.76, lon: 4.835 })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ZONE_TYPES, ZONE_TYPE_RULES, zoneTypesWhere } from './zones';

describe('the zone types, written once', () => {
  it('ranks every type once, the most restrictive first', () => {
    const ranked = [...ZONE_TYPES].sort(
      (a, b) => ZONE_TYPE_RULES[a].rank - ZONE_TYPE_RULES[b].rank,
    );
    expect(ranked).toEqual(['NO_RIDE', 'NO_PARKING', 'SLOW', 'PREFERRED_PARKING', 'SERVICE_AREA']);
    expect(new Set(ZONE_TYPES.map((type) => ZONE_TYPE_RULES[type].rank)).size).toBe(5);
  });

  it('says which types send automatic commands, forbid parking and have a speed', () => {
    expect(zoneTypesWhere((rules) => rules.autoCommands)).toEqual([
      'SERVICE_AREA',
      'NO_RIDE',
      'SLOW',
    ]);
    expect(zoneTypesWhere((rules) => !rules.rideEnd)).toEqual(['NO_PARKING', 'NO_RIDE']);
    expect(zoneTypesWhere((rules) => rules.speedLimit)).toEqual(['SLOW']);
  });
});

// The one web command path's calls: one bike by its own route (the one a technician may call),
// a selection by the bulk route; a failed or expired command's request, to send it again.
import { describe, expect, it } from 'vitest';
import { commandCall, requestOf } from './send-commands';

describe('commandCall', () => {
  it('sends one bike its command by the one-bike route', () => {
    const one = { vehicleNumber: 'FR 1/2' };
    expect(commandCall(one, { kind: 'lock', active: true })).toEqual({
      path: 'commands/lockControl/FR%201%2F2',
      query: { active: true },
    });
    expect(commandCall(one, { kind: 'alarm', active: false })).toEqual({
      path: 'commands/alarm/FR%201%2F2',
      query: { active: false },
    });
    expect(commandCall(one, { kind: 'mode', mode: 'STORAGE' })).toEqual({
      path: 'commands/mode/FR%201%2F2',
      query: { mode: 'STORAGE' },
    });
  });

  it('sends a selection its command by the bulk route, even a selection of one', () => {
    expect(commandCall({ vehicleNumbers: ['A', 'B'] }, { kind: 'lock', active: false })).toEqual({
      path: 'commands/lockControl',
      query: { vehicleNumbers: ['A', 'B'], active: false },
    });
    expect(commandCall({ vehicleNumbers: ['A'] }, { kind: 'mode', mode: 'PERMANENT' })).toEqual({
      path: 'commands/mode',
      query: { vehicleNumbers: ['A'], mode: 'PERMANENT' },
    });
  });

  it('refuses an alarm for a selection (the server has no such call)', () => {
    expect(() => commandCall({ vehicleNumbers: ['A'] }, { kind: 'alarm', active: true })).toThrow();
  });
});

describe('requestOf', () => {
  it('gives the request that does a command again', () => {
    expect(requestOf({ type: 'LOCK_CONTROL', value: 'true' })).toEqual({
      kind: 'lock',
      active: true,
    });
    expect(requestOf({ type: 'ALARM', value: 'false' })).toEqual({ kind: 'alarm', active: false });
    expect(requestOf({ type: 'MODE', value: 'LOW_POWER' })).toEqual({
      kind: 'mode',
      mode: 'LOW_POWER',
    });
  });
});

// The Rules form's live checks (docs/rules.md): what the server would refuse is said as the user
// types — a missing name, a battery above 100 %, a bad time, an empty choice — and a draft
// becomes the body the server takes (a PUT names its version).
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  draftProblems,
  emptyDraft,
  isTimeZone,
  newPredicate,
  PREDICATE_TYPES,
  timeZoneChoices,
} from './rule-draft';

describe('rule drafts', () => {
  it('accepts the fresh draft of each test type once named (a zone once chosen)', () => {
    for (const type of PREDICATE_TYPES) {
      const draft = { ...emptyDraft(), name: 'x', condition: { all: [newPredicate(type)] } };
      expect(draftProblems(draft), type).toEqual(
        type === 'inZone' ? [{ field: 'condition.all.0.zoneId', key: 'zoneRequired' }] : [],
      );
    }
  });

  it('a schedule starts in the user’s time zone', () => {
    const schedule = newPredicate('schedule') as { timeZone?: string };
    expect(schedule.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('offers the browser’s time zones, UTC first', () => {
    const zones = timeZoneChoices();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Paris');
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Europe/Pariss')).toBe(false);
  });

  it('checks a command action’s value as the server does', () => {
    const named = { ...emptyDraft(), name: 'x' };
    const withCommand = (command: string, value: string) => ({
      ...named,
      actions: [{ type: 'alert' as const }, { type: 'command', command, value } as never],
    });
    expect(draftProblems(withCommand('LOCK_CONTROL', 'true'))).toEqual([]);
    expect(draftProblems(withCommand('SPEED_LIMIT', '20'))).toEqual([]);
    expect(draftProblems(withCommand('SPEED_LIMIT', '99'))).toEqual([
      { field: 'actions.1.value', key: 'commandValueInvalid' },
    ]);
    expect(draftProblems(withCommand('MODE', 'FAST'))).toEqual([
      { field: 'actions.1.value', key: 'commandValueInvalid' },
    ]);
  });

  it('names what is wrong', () => {
    const draft = {
      ...emptyDraft(),
      condition: {
        all: [
          { type: 'threshold', field: 'bikeBattery', op: 'gt', value: 120 } as const,
          {
            type: 'schedule',
            days: [],
            from: '25:00',
            to: '06:00',
            timeZone: 'Mars/Olympus',
          } as never,
        ],
      },
      actions: [],
    };
    expect(draftProblems(draft).map((p) => `${p.field}:${p.key}`)).toEqual([
      'name:nameRequired',
      'condition.all.0.value:numberInvalid',
      'condition.all.1.days:listEmpty',
      'condition.all.1.from:timeInvalid',
      'condition.all.1.timeZone:timeZoneInvalid',
      'actions:listEmpty',
    ]);
  });

  it('makes the body: no id, the version of a replacement, confirmed when asked', () => {
    const draft = { ...emptyDraft(), id: 'r1', version: 3, name: 'x' };
    const body = bodyOf(draft, true);
    expect(body).toMatchObject({ name: 'x', version: 3, confirmed: true });
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('builtin');
    expect(bodyOf(emptyDraft())).not.toHaveProperty('version');
  });
});

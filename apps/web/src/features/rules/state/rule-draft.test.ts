// The Rules form's live checks (docs/rules.md): what the server would refuse is said as the user
// types — a missing name, a battery above 100 %, a bad time, an empty choice — and a draft
// becomes the body the server takes (a PUT names its version).
import { describe, expect, it } from 'vitest';
import { bodyOf, draftProblems, emptyDraft, newPredicate, PREDICATE_TYPES } from './rule-draft';

describe('rule drafts', () => {
  it('accepts the fresh draft of each test type once named', () => {
    for (const type of PREDICATE_TYPES) {
      const draft = { ...emptyDraft(), name: 'x', condition: { all: [newPredicate(type)] } };
      expect(draftProblems(draft), type).toEqual([]);
    }
  });

  it('names what is wrong', () => {
    const draft = {
      ...emptyDraft(),
      condition: {
        all: [
          { type: 'threshold', field: 'bikeBattery', op: 'gt', value: 120 } as const,
          { type: 'schedule', days: [], from: '25:00', to: '06:00' } as never,
        ],
      },
      actions: [],
    };
    expect(draftProblems(draft).map((p) => `${p.field}:${p.key}`)).toEqual([
      'name:nameRequired',
      'condition.all.0.value:numberInvalid',
      'condition.all.1.days:listEmpty',
      'condition.all.1.from:timeInvalid',
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

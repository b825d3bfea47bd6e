// Every queue a module declares has its name in the web's wording (the contract's
// QUEUE_LABEL_KEYS): Administration → Jobs never shows a fleet's administrator a queue by its
// code name (docs/architecture.md: a module declares its queues in its manifest).
import { describe, expect, it } from 'vitest';
import { QUEUE_LABEL_KEYS } from '@vfm/contract';
import '../modules';
import { queueNames } from './queues';

describe("the queues' names", () => {
  it('names every queue the modules declare, and no queue that is gone', () => {
    const declared = queueNames();
    expect(declared.length).toBeGreaterThan(20);
    expect(declared.filter((queue) => !(queue in QUEUE_LABEL_KEYS))).toEqual([]);
    expect(
      Object.keys(QUEUE_LABEL_KEYS).filter((queue) => !declared.includes(queue as never)),
    ).toEqual([]);
  });
});

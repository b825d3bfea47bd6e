import { describe, expect, it } from 'vitest';
import { buildTree } from './group-service';

const row = (id: string, parent_id: string | null, own = 0) => ({ id, parent_id, name: id, own });

describe('group tree', () => {
  it('nests children, sums descendants and sorts by name', () => {
    const tree = buildTree([
      row('b', null, 1),
      row('a', null),
      row('a2', 'a', 2),
      row('a1', 'a', 3),
    ]);
    expect(tree.map((n) => [n.id, n.bikeCount, n.children.map((c) => c.id)])).toEqual([
      ['a', 5, ['a1', 'a2']],
      ['b', 1, []],
    ]);
  });

  it('makes roots of groups whose parent is unknown or part of a cycle', () => {
    const tree = buildTree([row('x', 'y', 1), row('y', 'x', 1), row('z', 'elsewhere', 1)]);
    expect(tree.map((n) => n.id)).toEqual(['x', 'y', 'z']);
    expect(tree.every((n) => n.children.length === 0)).toBe(true);
  });
});

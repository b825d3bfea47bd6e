import { render } from '@testing-library/react';
import type { FleetGroupNode } from '@vfm/contract';
import { describe, expect, it } from 'vitest';
import { flattenGroups, GroupOptions } from './group-options';

const node = (id: string, bikeCount: number, children: FleetGroupNode[] = []): FleetGroupNode => ({
  id,
  name: id,
  bikeCount,
  ownBikeCount: bikeCount,
  children,
});
const TREE = [
  node('Lyon', 10, [node('Bellecour', 3), node('Terreaux', 7, [node('Quai', 2)])]),
  node('Paris', 5),
];

describe('flattenGroups', () => {
  it('lists each group after its parent, with its depth', () => {
    expect(flattenGroups(TREE).map(({ group, depth }) => `${depth}:${group.id}`)).toEqual([
      '0:Lyon',
      '1:Bellecour',
      '1:Terreaux',
      '2:Quai',
      '0:Paris',
    ]);
  });
});

describe('GroupOptions', () => {
  it('indents each option under its parent with no-break spaces, counts on demand', () => {
    const { container } = render(
      <select>
        <GroupOptions groups={TREE} withCounts />
      </select>,
    );
    const options = [...container.querySelectorAll('option')];
    expect(options.map((o) => o.value)).toEqual(['Lyon', 'Bellecour', 'Terreaux', 'Quai', 'Paris']);
    expect(options[3]!.textContent).toBe('\u00a0\u00a0\u00a0\u00a0Quai (2)');
    expect(options[0]!.textContent).toBe('Lyon (10)');
  });

  it('shows nothing while the groups load', () => {
    const { container } = render(
      <select>
        <GroupOptions groups={undefined} />
      </select>,
    );
    expect(container.querySelectorAll('option')).toHaveLength(0);
  });
});

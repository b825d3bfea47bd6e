import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { CheckboxTree } from './checkbox-tree';
import { isNodeDisabled, setNodeValue, type CheckboxTreeNode } from './tree-logic';

const tree: CheckboxTreeNode[] = [
  {
    label: 'Paris',
    value: false,
    children: [
      { label: 'North', value: false, children: [{ label: 'Depot A', value: false }] },
      { label: 'South', value: true },
    ],
  },
  { label: 'Lyon', value: false, disabled: true, children: [{ label: 'Centre', value: false }] },
];

function Harness() {
  const [nodes, setNodes] = useState(tree);
  return <CheckboxTree nodes={nodes} onChange={setNodes} label="Groups" />;
}

describe('checkbox tree logic (SPEC §4)', () => {
  it('ticking a node ticks all its descendants', () => {
    const next = setNodeValue(tree, [0], true);
    expect(next[0]?.value).toBe(true);
    expect(next[0]?.children?.map((c) => c.value)).toEqual([true, true]);
    expect(next[0]?.children?.[0]?.children?.[0]?.value).toBe(true);
    expect(next[1]).toBe(tree[1]);
  });

  it('unticking leaves the descendants unchanged', () => {
    const ticked = setNodeValue(tree, [0], true);
    const next = setNodeValue(ticked, [0], false);
    expect(next[0]?.value).toBe(false);
    expect(next[0]?.children?.map((c) => c.value)).toEqual([true, true]);
  });

  it('a disabled parent disables its children', () => {
    expect(isNodeDisabled(tree, [1])).toBe(true);
    expect(isNodeDisabled(tree, [1, 0])).toBe(true);
    expect(isNodeDisabled(tree, [0, 1])).toBe(false);
  });

  it('does not mutate the given tree', () => {
    setNodeValue(tree, [0, 0], true);
    expect(tree[0]?.children?.[0]?.value).toBe(false);
  });
});

describe('CheckboxTree component', () => {
  it('ticks descendants on click and leaves them on untick', () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByLabelText('Paris'));
    expect(screen.getByLabelText('North')).toBeChecked();
    expect(screen.getByLabelText('Depot A')).toBeChecked();
    fireEvent.click(screen.getByLabelText('Paris'));
    expect(screen.getByLabelText('Paris')).not.toBeChecked();
    expect(screen.getByLabelText('Depot A')).toBeChecked();
  });

  it('disables the children of a disabled parent', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByLabelText('Lyon')).toBeDisabled();
    expect(screen.getByLabelText('Centre')).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Groups' })).toBeInTheDocument();
  });
});

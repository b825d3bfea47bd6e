// SPEC §4 checkbox tree: ticking a node ticks all its descendants; unticking leaves the
// descendants unchanged; a disabled parent disables its children.

export interface CheckboxTreeNode {
  label: string;
  value: boolean;
  children?: CheckboxTreeNode[];
  disabled?: boolean;
  /** stable key; the label is used when absent */
  id?: string;
}

function tickAll(node: CheckboxTreeNode): CheckboxTreeNode {
  return { ...node, value: true, children: node.children?.map(tickAll) };
}

/** A new tree where the node at `path` (indexes from the root) is set to `value`. */
export function setNodeValue(
  nodes: readonly CheckboxTreeNode[],
  path: readonly number[],
  value: boolean,
): CheckboxTreeNode[] {
  const [index, ...rest] = path;
  return nodes.map((node, i) => {
    if (i !== index) return node;
    if (rest.length) return { ...node, children: setNodeValue(node.children ?? [], rest, value) };
    return value ? tickAll(node) : { ...node, value: false };
  });
}

/** A node is disabled when it or any of its ancestors is. */
export function isNodeDisabled(
  nodes: readonly CheckboxTreeNode[],
  path: readonly number[],
): boolean {
  let level: readonly CheckboxTreeNode[] | undefined = nodes;
  for (const index of path) {
    const node: CheckboxTreeNode | undefined = level?.[index];
    if (!node) return false;
    if (node.disabled) return true;
    level = node.children;
  }
  return false;
}

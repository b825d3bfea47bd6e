// The fleet's group tree (fleet/group) as its pickers show it: each group under its parent with
// its depth, and a select's options indented by it — the statistics, reports, firmware campaigns,
// maintenance schedules and notification rules pick a group the same way.
import type { FleetGroupNode } from '@vfm/contract';

/** Every group of the tree in order, each after its parent, with its depth (0 for a root). */
export function flattenGroups(
  nodes: readonly FleetGroupNode[],
  depth = 0,
): Array<{ group: FleetGroupNode; depth: number }> {
  return nodes.flatMap((group) => [
    { group, depth },
    ...flattenGroups((group.children ?? []) as FleetGroupNode[], depth + 1),
  ]);
}

/**
 * A select's options, one a group, indented under its parent by no-break spaces (an option
 * collapses ordinary ones); `withCounts` adds the group's bikes, its descendants' included.
 */
export function GroupOptions({
  groups,
  withCounts = false,
}: {
  groups: readonly FleetGroupNode[] | undefined;
  withCounts?: boolean;
}) {
  return (
    <>
      {flattenGroups(groups ?? []).map(({ group, depth }) => (
        <option key={group.id} value={group.id}>
          {`${'\u00a0\u00a0'.repeat(depth)}${group.name}${withCounts ? ` (${group.bikeCount})` : ''}`}
        </option>
      ))}
    </>
  );
}

// GET fleet/group (DESIGN §5): the fleet's group tree with bike counts, for the checkbox tree
// of the filter panel (SPEC §2). bikeCount includes the descendants' bikes.
import type { FleetGroupNode } from '@vfm/contract';
import type { RequestScope } from '../../plugins/request-scope';
import { groupRows, type GroupRow } from './queries';

export async function getGroupTree(scope: RequestScope): Promise<FleetGroupNode[]> {
  return buildTree(await groupRows(scope.database, scope.fleetId));
}

/** Nodes under their parents; a parent outside the fleet (or a cycle) makes a root. */
export function buildTree(rows: GroupRow[]): FleetGroupNode[] {
  const nodes = new Map<string, FleetGroupNode>(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, bikeCount: 0, ownBikeCount: row.own, children: [] },
    ]),
  );
  const parentOf = new Map(rows.map((row) => [row.id, row.parent_id]));
  const inCycle = (id: string) => {
    const seen = new Set<string>();
    for (let at: string | null | undefined = id; at; at = parentOf.get(at)) {
      if (seen.has(at)) return true;
      seen.add(at);
    }
    return false;
  };
  const roots: FleetGroupNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parent_id ? nodes.get(row.parent_id) : undefined;
    if (parent && !inCycle(row.id)) parent.children.push(node);
    else roots.push(node);
  }
  const finish = (node: FleetGroupNode): number => {
    node.children.sort(byName);
    node.bikeCount = node.ownBikeCount + node.children.reduce((sum, c) => sum + finish(c), 0);
    return node.bikeCount;
  };
  roots.sort(byName).forEach(finish);
  return roots;
}

const byName = (a: FleetGroupNode, b: FleetGroupNode) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);

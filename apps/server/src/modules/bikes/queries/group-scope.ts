// A group filter selects the group and all its descendants (DESIGN §5 fleet filters: groupId includes
// descendants), only among the caller's fleet groups.
import type { SqlParams } from '../sql';

/** SQL condition on `b.group_id` for bikes in these groups or their descendants. */
export function groupScopeCondition(params: SqlParams, fleetId: string, groupIds: string[]) {
  return `b.group_id IN (
    WITH RECURSIVE scope(id) AS (
      SELECT id FROM fleet_group WHERE fleet_id = ${params.add(fleetId)}
         AND id = ANY(${params.add(groupIds)}::uuid[])
      UNION
      SELECT child.id FROM fleet_group child JOIN scope ON child.parent_id = scope.id
    )
    SELECT id FROM scope)`;
}

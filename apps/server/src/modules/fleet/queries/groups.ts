// The fleet module's SQL of the group tree.
import type { Queryable } from '../../../db/client';

export interface GroupRow {
  id: string;
  parent_id: string | null;
  name: string;
  own: number;
}

/** The fleet's groups, each with the number of bikes directly in it. */
export function groupRows(db: Queryable, fleetId: string) {
  return db.query<GroupRow>(
    `SELECT g.id, g.parent_id, g.name, coalesce(c.n, 0) AS own
       FROM fleet_group g
       LEFT JOIN (SELECT group_id, count(*) AS n FROM bike
                   WHERE fleet_id = $1 AND group_id IS NOT NULL GROUP BY group_id) c
              ON c.group_id = g.id
      WHERE g.fleet_id = $1`,
    [fleetId],
  );
}

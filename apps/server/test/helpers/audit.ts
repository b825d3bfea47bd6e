// A fleet's audit trail as the tests read it: the names of its events, oldest first.
import type { TestServer } from './server';

/** The names of the fleet's events that start with `prefix` (`REPORT_SCHEDULE_`, say). */
export async function auditNames(t: TestServer, fleetId: string, prefix: string) {
  const rows = await t.server.database.query<{ name: string }>(
    'SELECT name FROM event WHERE fleet_id = $1 AND name LIKE $2 ORDER BY id',
    [fleetId, `${prefix}%`],
  );
  return rows.map((row) => row.name);
}

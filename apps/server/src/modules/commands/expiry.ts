// DESIGN §7: a command not acknowledged within 24 h is EXPIRED. Run every minute by the jobs
// home (queue commands.expire, ADR 0081) in one worker, whatever the number of processes.
import type { Database } from '../../db/client';
import { domainEvent } from '../../jobs/domain-events';
import type { Jobs } from '../../jobs/job-queue';
import type { CommandType } from '@vfm/contract';
import { FleetChanges } from '../bikes/fleet-changes';
import { refreshPendingFlags } from './queries';

export async function expireOverdueCommands(
  database: Database,
  jobs: Jobs,
  now: Date,
): Promise<number> {
  return database.transaction(async (tx) => {
    const expired = await tx.query<{
      id: string;
      bike_id: number;
      fleet_id: string;
      type: CommandType;
      vehicle_number: string;
    }>(
      `UPDATE command c SET status = 'EXPIRED'
         FROM bike b
        WHERE b.id = c.bike_id AND c.status = 'PENDING' AND c.expires_at <= $1
        RETURNING c.id, c.bike_id, c.fleet_id, c.type, b.vehicle_number`,
      [now],
    );
    if (!expired.length) return 0;
    await refreshPendingFlags(tx, [...new Set(expired.map((row) => row.bike_id))]);
    await jobs.publish(
      tx,
      expired.map((row) =>
        domainEvent('command.expired', {
          fleetId: row.fleet_id,
          bikeId: row.bike_id,
          vehicleNumber: row.vehicle_number,
          commandId: row.id,
          type: row.type,
        }),
      ),
    );
    // last: it locks the fleets' change sequences until the commit (ADR 0082)
    const changes = new FleetChanges();
    for (const row of expired) changes.add(row.fleet_id, 'bike', 'command');
    await changes.notify(tx);
    return expired.length;
  });
}

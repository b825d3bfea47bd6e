// Commands as the contract shape (command history, stream). A PENDING command past its expiry
// is shown EXPIRED even before the expirer marks it (DESIGN §7: expires after 24 h).
import { COMMAND_TYPES, type Command, type CommandType } from '@vfm/contract';
import { iso } from './sql';

export interface CommandRow {
  id: string;
  vehicle_number: string;
  type: string;
  value: string;
  status: string;
  requested_by: string;
  requested_at: Date;
  acknowledged_at: Date | null;
}

/** columns of `command c JOIN bike b`; `now` is the placeholder of the request time */
export const COMMAND_COLUMNS = (now: string) => `c.id, b.vehicle_number, c.type, c.value,
  CASE WHEN c.status = 'PENDING' AND c.expires_at < ${now}::timestamptz THEN 'EXPIRED'
       ELSE c.status END AS status,
  c.requested_by, c.requested_at, c.acknowledged_at`;

export function toCommand(row: CommandRow): Command {
  return {
    id: row.id,
    vehicleNumber: row.vehicle_number,
    type: COMMAND_TYPES.includes(row.type as CommandType) ? (row.type as CommandType) : 'MODE',
    value: row.value,
    status: row.status as Command['status'],
    requestedBy: row.requested_by,
    requestedAt: row.requested_at.toISOString(),
    acknowledgedAt: iso(row.acknowledged_at),
  };
}

// Events (history, stream) as the contract shape, with the acting e-mail and source (DESIGN §7
// audit trail). `data` comes from modules too: anything but an object is wrapped.
import type { VfmEvent } from '@vfm/contract';

export interface EventRow {
  id: number;
  vehicle_number: string | null;
  type: string;
  name: string;
  source: string;
  user_email: string | null;
  occurred_at: Date;
  data: unknown;
}

export const EVENT_COLUMNS = `e.id, e.vehicle_number, e.type, e.name, e.source, e.user_email,
  e.occurred_at, e.data`;

export function toEvent(row: EventRow): VfmEvent {
  let data: Record<string, unknown> | null = null;
  if (row.data !== null && row.data !== undefined) {
    data =
      typeof row.data === 'object' && !Array.isArray(row.data)
        ? (row.data as Record<string, unknown>)
        : { value: row.data };
  }
  return {
    id: row.id,
    vehicleNumber: row.vehicle_number,
    type: row.type === 'OTHER' ? 'OTHER' : 'PRODUCT',
    name: row.name,
    source: row.source as VfmEvent['source'],
    userEmail: row.user_email,
    occurredAt: row.occurred_at.toISOString(),
    data,
  };
}

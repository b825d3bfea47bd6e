// MDS ids of records VFM keeps without a UUID (trips, telemetry points, events): a name-based
// UUID (RFC 9562 version 8, SHA-256) of the bike's random device_id and the record's time or
// row, so the same record always has the same id across pulls (cities deduplicate by id) and no
// id can be computed from VFM identifiers without the bike's random device_id.
import { createHash } from 'node:crypto';

export function derivedUuid(...parts: Array<string | number>): string {
  const hex = createHash('sha256').update(parts.join('\u001f')).digest('hex').slice(0, 32);
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A trip's id: its bike and start (a bike starts one trip at a time: trip_bike_start_key). */
export const tripId = (deviceId: string, startedAt: Date | number) =>
  derivedUuid(
    deviceId,
    'trip',
    typeof startedAt === 'number' ? Math.floor(startedAt) : startedAt.getTime(),
  );

export const telemetryId = (deviceId: string, seq: string | number, ts: Date) =>
  derivedUuid(deviceId, 'telemetry', seq, ts.getTime());

export const eventId = (deviceId: string, kind: string, key: string | number) =>
  derivedUuid(deviceId, 'event', kind, key);

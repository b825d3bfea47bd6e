// Trip and track export (ADR 0095): a bike of the caller's fleet, a period (default
// the last TRACK_EXPORT_DEFAULT_DAYS days, at most TRACK_EXPORT_MAX_DAYS) or one trip, as GPX, KML
// or GeoJSON. Everything that can refuse the call (bike, period, trip) is checked before the
// first byte, so a refusal is a 4xx problem+json; then the positions stream batch by batch.
import {
  TRACK_EXPORT_DEFAULT_DAYS,
  TRACK_EXPORT_MAX_DAYS,
  TRACK_SEGMENT_GAP_MS,
  type TrackExportQuery,
} from '@vfm/contract';
import { resolvePeriod, type Period } from '../../lib/period';
import { notFound } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import { requireBike } from '../bikes/bike-lookup';
import { trackBatch, tripStartingAt } from './queries';
import { trackWriter, type TrackMeta, type TrackPoint } from './track-writers';

export const EXPORT_BATCH_SIZE = 5000;

export interface TrackExport {
  meta: TrackMeta;
  fileName: string;
  body: AsyncGenerator<string>;
}

export async function exportTrack(
  scope: RequestScope,
  vehicleNumber: string,
  query: TrackExportQuery,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<TrackExport> {
  const bike = await requireBike(scope.database, scope.fleetId, vehicleNumber);
  let period: Period;
  if (query.trip) {
    const trip = await tripStartingAt(scope.database, bike.id, new Date(query.trip));
    if (!trip) throw notFound('This bike has no trip starting then.', undefined, 'TRIP_NOT_FOUND');
    // the trip's last position is stored at its end: the period ends just after it
    period = { from: trip.started_at, to: new Date(trip.ended_at.getTime() + 1) };
  } else {
    period = resolvePeriod(query, scope.now, TRACK_EXPORT_DEFAULT_DAYS, TRACK_EXPORT_MAX_DAYS);
  }
  const meta: TrackMeta = {
    vehicleNumber: bike.vehicle_number,
    from: period.from,
    to: period.to,
    exportedAt: scope.now,
    tripStartedAt: query.trip ? period.from : null,
  };
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const fileName = `${bike.vehicle_number}-${query.trip ? 'trip-' : ''}${day(period.from)}_${day(period.to)}.${query.format}`;

  async function* body(): AsyncGenerator<string> {
    const writer = trackWriter(query.format, meta);
    yield writer.begin();
    let last: TrackPoint | null = null;
    let after: { ts: Date; seq: string } | null = null;
    for (;;) {
      const rows = await trackBatch(
        scope.database,
        bike.id,
        period.from,
        period.to,
        after,
        batchSize,
      );
      // split the batch at pauses; in KML and GeoJSON the last point of a piece opens the next
      // piece of its segment, so that the line has no hole (GPX segments are one element)
      const carried = last && writer.joinsPieces ? [last] : [];
      let piece: TrackPoint[] = [...carried];
      let fresh = 0;
      let newSegment = last === null;
      let out = '';
      for (const row of rows) {
        const point = { longitude: row.longitude, latitude: row.latitude, at: row.ts };
        if (last && point.at.getTime() - last.at.getTime() > TRACK_SEGMENT_GAP_MS) {
          if (fresh) out += writer.piece(piece, newSegment);
          piece = [];
          fresh = 0;
          newSegment = true;
        }
        piece.push(point);
        fresh += 1;
        last = point;
      }
      if (fresh) out += writer.piece(piece, newSegment);
      if (out) yield out;
      if (rows.length < batchSize) break;
      const end = rows[rows.length - 1]!;
      after = { ts: end.ts, seq: end.seq };
    }
    yield writer.end();
  }

  return { meta, fileName, body: body() };
}

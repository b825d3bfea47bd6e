// Usage figures of DESIGN §7 from the bike's trips: trip time, averages per riding day (a day
// with at least one trip, UTC), and — for modules without an odometer — total km and CO2
// avoided (km × the fleet's factor). With an odometer, derive.ts keeps total km = odometer.
import type { TxQuery } from '../../db/client';

export async function refreshUsage(tx: Pick<TxQuery, 'query'>, bikeIds: number[]) {
  if (!bikeIds.length) return;
  await tx.query(
    `UPDATE bike b SET
       total_trip_minutes = round(s.minutes::numeric, 2)::float8,
       average_distance_per_day_km = round((s.km / s.days)::numeric, 3)::float8,
       average_time_per_day_minutes = round((s.minutes / s.days)::numeric, 2)::float8,
       total_km = CASE WHEN b.odometer_km IS NULL THEN round(s.km::numeric, 3)::float8 ELSE b.total_km END,
       co2_avoided_kg = round(((CASE WHEN b.odometer_km IS NULL THEN s.km ELSE b.total_km END)
                               * f.co2_kg_per_km)::numeric, 3)::float8,
       updated_at = now()
      FROM (SELECT bike_id, sum(distance_km) AS km, sum(duration_minutes) AS minutes,
                   count(DISTINCT (started_at AT TIME ZONE 'UTC')::date) AS days
              FROM trip WHERE bike_id = ANY($1::bigint[]) GROUP BY bike_id) s,
           fleet f
     WHERE b.id = s.bike_id AND f.id = b.fleet_id`,
    [bikeIds],
  );
}

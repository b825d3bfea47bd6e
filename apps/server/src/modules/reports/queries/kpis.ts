// The KPI strip's reads (ADR 0127) beyond the span's counts: the busiest hour of a span, the
// fleet's bikes available at each minute of a day (kept by the rollup), and the alerts whose
// time to acknowledge ran out in a span.
import { type Queryable, queryOne } from '../../../db/client';

/** The hour of [from, to) with the most trips started (the earliest of equals), or none. */
export async function busiestHour(db: Queryable, fleetId: string, from: Date, to: Date) {
  return queryOne<{ hour: Date; trips: number }>(
    db,
    `SELECT date_trunc('hour', started_at) AS hour, count(*)::int AS trips FROM trip
      WHERE fleet_id = $1 AND started_at >= $2 AND started_at < $3
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
    [fleetId, from, to],
  );
}

/** The bikes available at each minute of a day, as far as the rollup computed it (or null). */
export async function availableByMinute(db: Queryable, fleetId: string, day: string) {
  const [row] = await db.query<{ minutes: number[] | null }>(
    `SELECT available_by_minute AS minutes FROM report_rollup_day
      WHERE fleet_id = $1 AND day = $2::date`,
    [fleetId, day],
  );
  return row?.minutes ?? null;
}

/**
 * Alerts whose time to acknowledge (by their severity: a rule's alert its rule's, else its
 * kind's) ran out in [from, to) while neither acknowledged nor cleared.
 */
export async function alertsPastSla(
  db: Queryable,
  fleetId: string,
  from: Date,
  to: Date,
  kinds: { kinds: string[]; minutes: number[] },
  bySeverity: { CRITICAL: number; MAJOR: number; MINOR: number },
) {
  const longest = Math.max(...kinds.minutes, ...Object.values(bySeverity));
  const [row] = await db.query<{ n: number }>(
    `WITH due AS (
       SELECT a.opened_at + make_interval(mins => coalesce(
                CASE r.severity WHEN 'CRITICAL' THEN $6::int WHEN 'MAJOR' THEN $7::int
                                WHEN 'MINOR' THEN $8::int END,
                s.minutes, $7::int)) AS at, a.acknowledged_at, a.cleared_at
         FROM alert a LEFT JOIN rule r ON r.id = a.rule_id
         LEFT JOIN unnest($4::text[], $5::int[]) AS s(kind, minutes) ON s.kind = a.kind
        WHERE a.fleet_id = $1 AND a.opened_at < $3
          AND a.opened_at >= $2::timestamptz - make_interval(mins => $9::int))
     SELECT count(*)::int AS n FROM due
      WHERE at >= $2 AND at < $3
        AND (acknowledged_at IS NULL OR acknowledged_at > at)
        AND (cleared_at IS NULL OR cleared_at > at)`,
    [
      fleetId,
      from,
      to,
      kinds.kinds,
      kinds.minutes,
      bySeverity.CRITICAL,
      bySeverity.MAJOR,
      bySeverity.MINOR,
      longest,
    ],
  );
  return row!.n;
}

// The alerts' SQL (ADR 0081). An alert is one occurrence (bike, kind, opened_at) of a condition —
// a warning, a zone mark, a rule firing (ADR 0126, alerts/queries/rule-conditions.ts);
// `reconcileAlerts` makes the stored alerts match them — opens what started, clears what ended —
// and is the one writer of automatic changes: the event subscriber and the per-minute sweep both
// call it, so that a replayed job, two workers at once or a missed event end in the same rows.
import type { AlertKind, RuleAlertKind } from '@vfm/contract';
import { WARNING_TYPES, type ZONE_ALERT_KINDS } from '@vfm/contract';
import * as rules from './rule-conditions';
import type { Queryable } from '../../../db/client';
import { fleetThresholdsSql, warningConditions, warningSince } from '../../bikes/queries/warnings';
import { BATTERY_HEALTH_CONDITION } from '../../battery/queries';

/**
 * When each kind's condition holds on `b` (bike) joined with `f` (fleetThresholdsSql), and
 * since when. The warnings' kinds are the warnings' own conditions (bikes/queries/warnings.ts), one
 * owner for the screens and the alerts; the zones' kinds read the marks that
 * zones/zone-conditions.ts keeps from each bike's last position (docs/zones.md).
 */
const ZONE_CONDITIONS: Record<(typeof ZONE_ALERT_KINDS)[number], { holds: string; since: string }> =
  {
    OUTSIDE_SERVICE_AREA: {
      holds: 'b.outside_service_area_since IS NOT NULL',
      since: 'b.outside_service_area_since',
    },
    IN_NO_RIDE_ZONE: {
      holds: 'b.no_ride_zone_since IS NOT NULL',
      since: 'b.no_ride_zone_since',
    },
    // parked there for longer than the grace: the alert opens when the grace ends
    PARKED_IN_NO_PARKING: {
      holds: `b.no_parking_since IS NOT NULL AND b.no_parking_since <= f.at - f.no_parking_grace`,
      since: `b.no_parking_since + f.no_parking_grace`,
    },
  };
const CONDITIONS: Record<Exclude<AlertKind, RuleAlertKind>, { holds: string; since: string }> = {
  ...(Object.fromEntries(
    WARNING_TYPES.map((kind) => [
      kind,
      { holds: warningConditions()[kind], since: warningSince()[kind] },
    ]),
  ) as Record<(typeof WARNING_TYPES)[number], { holds: string; since: string }>),
  ...ZONE_CONDITIONS,
  BATTERY_HEALTH: BATTERY_HEALTH_CONDITION, // docs/battery.md: the pack in the bike now
};

/**
 * The differences between the conditions and the active alerts of bikes $1 (null: all) at $2,
 * in one read: each bike and the active alerts scanned once, a full join keeping what differs —
 * a condition holding with no active alert nor occurrence since it began (`open`, with its
 * start), an active alert whose condition ended (`clear`). A steady sweep returns no row.
 */
const DIFFERENCES = `
WITH desired AS MATERIALIZED (
  SELECT b.id AS bike_id, b.fleet_id, k.kind, coalesce(k.since, $2::timestamptz) AS since,
         NULL::uuid AS rule_id, NULL::jsonb AS detail FROM bike b JOIN ${fleetThresholdsSql('$2')} ON f.id = b.fleet_id
   CROSS JOIN LATERAL (VALUES ${Object.entries(CONDITIONS)
     .map(([kind, { holds, since }]) => `('${kind}', ${holds}, ${since})`)
     .join(',\n     ')}) AS k(kind, holds, since)
   WHERE ($1::bigint[] IS NULL OR b.id = ANY($1::bigint[])) AND k.holds UNION ALL ${rules.RULE_DESIRED}
), active AS MATERIALIZED (
  SELECT a.id, a.bike_id, a.kind FROM alert a
   WHERE a.cleared_at IS NULL AND ($1::bigint[] IS NULL OR a.bike_id = ANY($1::bigint[]))
), differs AS MATERIALIZED (
  SELECT d.bike_id, d.fleet_id, d.kind, d.since, d.rule_id, d.detail, act.id AS alert_id FROM desired d FULL JOIN active act ON act.bike_id = d.bike_id AND act.kind = d.kind
   WHERE d.bike_id IS NULL OR act.id IS NULL
)
SELECT 'open' AS change, x.bike_id AS "bikeId", x.fleet_id AS "fleetId", x.kind,
       x.since::text AS since, NULL::uuid AS "alertId", x.rule_id AS "ruleId", x.detail
  FROM differs x
 WHERE x.alert_id IS NULL
   -- an occurrence cleared by hand is not opened again
   AND NOT EXISTS (SELECT 1 FROM alert a
                    WHERE a.bike_id = x.bike_id AND a.kind = x.kind AND a.opened_at >= x.since)
UNION ALL
SELECT 'clear', NULL, NULL, NULL, NULL, x.alert_id, NULL, NULL FROM differs x WHERE x.bike_id IS NULL`;

/** One bit per kind: a bike's conditions and its active alerts compared as two integers. */
const KIND_BITS = Object.entries(CONDITIONS).map(
  ([kind, c], i) => [kind, 1 << i, c.holds] as const,
);

/**
 * The bikes (of every fleet) whose conditions at $1 differ from their active alerts: one scan
 * of the bikes, their conditions as one integer, against the active alerts' kinds of each
 * bike as one integer. The sweep's first step: its steady state (nothing changed) ends here.
 */
const BIKES_THAT_DIFFER = `
WITH active AS MATERIALIZED (
  SELECT a.bike_id,
         bit_or(CASE a.kind ${KIND_BITS.map(([kind, bit]) => `WHEN '${kind}' THEN ${bit}`).join(' ')} ELSE 0 END) AS kinds
    FROM alert a WHERE a.cleared_at IS NULL GROUP BY a.bike_id
)
SELECT b.id FROM bike b JOIN ${fleetThresholdsSql('$1')} ON f.id = b.fleet_id
  LEFT JOIN active act ON act.bike_id = b.id
 WHERE (${KIND_BITS.map(([, bit, holds]) => `CASE WHEN ${holds} THEN ${bit} ELSE 0 END`).join(
   '\n      | ',
 )}) <> coalesce(act.kinds, 0)
 UNION ${rules.RULE_BIKES_THAT_DIFFER} ORDER BY 1`;

/** Whether the condition of alert `a`'s kind holds on its bike `b` and fleet `f` at $2. */
const STILL_HOLDS = `CASE WHEN a.rule_id IS NOT NULL THEN ${rules.RULE_STILL_FIRES} ELSE CASE a.kind ${KIND_BITS.map(([k, , holds]) => `WHEN '${k}' THEN (${holds})`).join(' ')} ELSE false END END`;

export interface AlertChange {
  alertId: string;
  fleetId: string;
  bikeId: number;
  vehicleNumber: string;
  kind: AlertKind;
  change: 'opened' | 'cleared';
}

/**
 * Opens the alerts whose condition holds and that are not recorded yet — an occurrence cleared
 * by hand is not opened again — and clears the active ones whose condition ended. `bikeIds`
 * null: every bike of every fleet (the sweep), whose first read keeps the bikes where something
 * differs (none, mostly). One read finds the differences of these bikes; only they are
 * written, by their keys: no statement reads the alerts while it inserts them.
 */
export async function reconcileAlerts(
  tx: Queryable,
  bikeIds: number[] | null,
  now: Date,
): Promise<AlertChange[]> {
  const ids =
    bikeIds ?? (await tx.query<{ id: number }>(BIKES_THAT_DIFFER, [now])).map((row) => row.id);
  if (!ids.length) return [];
  const differences = await tx.query<{
    change: 'open' | 'clear';
    bikeId: number;
    fleetId: string;
    kind: AlertKind;
    since: string;
    alertId: string;
  }>(DIFFERENCES, [ids, now]);
  // in key order, as every writer of these rows: two reconciliations never wait on each other
  const toOpen = differences
    .filter((d) => d.change === 'open')
    .sort((x, y) => x.bikeId - y.bikeId || (x.kind < y.kind ? -1 : x.kind > y.kind ? 1 : 0));
  const toClear = differences.filter((d) => d.change === 'clear').map((d) => d.alertId);
  const opened = toOpen.length
    ? await tx.query<AlertChange>(
        `INSERT INTO alert (fleet_id, bike_id, kind, opened_at, rule_id, detail)
         SELECT f, b, k, o, r, d::jsonb FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::timestamptz[], $5::uuid[], $6::text[]) AS x(f, b, k, o, r, d)
         ON CONFLICT (bike_id, kind) WHERE cleared_at IS NULL DO NOTHING
         RETURNING id AS "alertId", fleet_id AS "fleetId", bike_id AS "bikeId", ${rules.alertKindSql('alert')} AS kind,
                   (SELECT vehicle_number FROM bike WHERE id = bike_id) AS "vehicleNumber",
                   'opened' AS change`,
        [
          toOpen.map((d) => d.fleetId),
          toOpen.map((d) => d.bikeId),
          toOpen.map((d) => d.kind),
          toOpen.map((d) => d.since),
          ...rules.ruleColumns(toOpen),
        ],
      )
    : [];
  // the condition is checked again as the row is cleared (a change committed since the read)
  const cleared = toClear.length
    ? await tx.query<AlertChange>(
        `UPDATE alert a SET cleared_at = $2, clear_cause = 'CONDITION_ENDED', updated_at = now()
           FROM bike b JOIN ${fleetThresholdsSql('$2')} ON f.id = b.fleet_id
          WHERE a.id = ANY($1::uuid[]) AND b.id = a.bike_id AND a.cleared_at IS NULL
            AND NOT coalesce(${STILL_HOLDS}, false)
          RETURNING a.id AS "alertId", a.fleet_id AS "fleetId", a.bike_id AS "bikeId",
                    b.vehicle_number AS "vehicleNumber", ${rules.alertKindSql('a')} AS kind, 'cleared' AS change`,
        [toClear, now],
      )
    : [];
  return [...opened, ...cleared];
}

/**
 * One writer of automatic alerts at a time, across processes: the event subscriber and the
 * sweep read the bikes and write the differences, so two of them at once could open or clear
 * the same occurrence twice (and announce it twice). An advisory lock of the transaction, not
 * the bikes' rows: the ingest goes on changing the bikes meanwhile (a change after this read
 * publishes its own event, so the next reconcile sees it).
 */
export async function lockAlertWriters(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [ALERT_WRITERS_LOCK_KEY]);
}
const ALERT_WRITERS_LOCK_KEY = 7_210_020; // arbitrary, constant: "VFM automatic alerts"

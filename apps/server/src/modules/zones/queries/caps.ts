// The zones' caps (docs/zones.md): the fleets with a cap, and the cap alerts' rows.
import type { ZoneCapKind } from '@vfm/contract';
import type { Queryable } from '../../../db/client';
import { iso } from '../../../lib/iso';

/** The fleets with a zone that has a cap (min or max bikes), or a cap alert still active. */
export async function selectCappedFleets(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ fleet_id: string }>(
    `SELECT DISTINCT fleet_id FROM zone WHERE min_bikes IS NOT NULL OR max_bikes IS NOT NULL
     UNION
     SELECT DISTINCT fleet_id FROM zone_alert WHERE cleared_at IS NULL`,
  );
  return rows.map((row) => row.fleet_id);
}

interface ZoneAlertRow {
  id: string;
  zone_id: string;
  zone_name: string;
  kind: ZoneCapKind;
  cap: number;
  parked: number;
  since: Date | string;
  opened_at: Date | string | null;
}

export interface ActiveZoneAlert {
  id: string;
  zoneId: string;
  zoneName: string;
  kind: ZoneCapKind;
  cap: number;
  parked: number;
  since: string;
  /** null while the breach has not lasted ZONE_CAP_GRACE_MINUTES */
  openedAt: string | null;
}

/** A fleet's active cap alerts (open, or pending their grace), locked when asked. */
export async function selectActiveZoneAlerts(
  db: Queryable,
  fleetId: string,
  lock = false,
): Promise<ActiveZoneAlert[]> {
  const rows = await db.query<ZoneAlertRow>(
    `SELECT a.id, a.zone_id, z.name AS zone_name, a.kind, a.cap, a.parked, a.since, a.opened_at
       FROM zone_alert a JOIN zone z ON z.id = a.zone_id
      WHERE a.fleet_id = $1 AND a.cleared_at IS NULL
      ORDER BY a.since${lock ? ' FOR UPDATE OF a' : ''}`,
    [fleetId],
  );
  return rows.map((row) => ({
    id: row.id,
    zoneId: row.zone_id,
    zoneName: row.zone_name,
    kind: row.kind,
    cap: row.cap,
    parked: row.parked,
    since: iso(row.since),
    openedAt: row.opened_at === null ? null : iso(row.opened_at),
  }));
}

/** A breach first seen now (pending its grace). */
export async function insertZoneAlert(
  db: Queryable,
  alert: { fleetId: string; zoneId: string; kind: ZoneCapKind; cap: number; parked: number },
  now: Date,
) {
  await db.query(
    `INSERT INTO zone_alert (fleet_id, zone_id, kind, cap, parked, since, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (zone_id, kind) WHERE cleared_at IS NULL DO NOTHING`,
    [alert.fleetId, alert.zoneId, alert.kind, alert.cap, alert.parked, now],
  );
}

/** The count and cap seen now; `open`: the grace is over, the alert opens now. */
export async function updateZoneAlert(
  db: Queryable,
  id: string,
  values: { cap: number; parked: number; open: boolean },
  now: Date,
) {
  await db.query(
    `UPDATE zone_alert SET cap = $2, parked = $3, updated_at = $4,
            opened_at = CASE WHEN $5::boolean THEN $4 ELSE opened_at END
      WHERE id = $1`,
    [id, values.cap, values.parked, now, values.open],
  );
}

/** The breach is over: cleared when it had opened, forgotten when it had not. */
export async function endZoneAlert(db: Queryable, alert: ActiveZoneAlert, now: Date) {
  if (alert.openedAt === null) await db.query(`DELETE FROM zone_alert WHERE id = $1`, [alert.id]);
  else
    await db.query(`UPDATE zone_alert SET cleared_at = $2, updated_at = $2 WHERE id = $1`, [
      alert.id,
      now,
    ]);
}

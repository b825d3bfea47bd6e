// Permit caps (ADR 0104): each minute, the parked bikes of every capped zone are
// counted; a cap crossed for ZONE_CAP_GRACE_MINUTES opens an alert of the zone, back within it
// clears the alert. Opening and clearing are domain events (`zone.cap-crossed`,
// `zone.cap-ended`) that the notifications and the webhooks hear, and a `zones` notice that
// the open zone lists and statistics read again.
import { ZONE_CAP_GRACE_MINUTES, type ZoneCapKind } from '@vfm/contract';
import type { Database, TxQuery } from '../../db/client';
import type { Jobs } from '../../jobs/job-queue';
import { fact, record } from '../events/facts';
import {
  endZoneAlert,
  insertZoneAlert,
  selectActiveZoneAlerts,
  selectCappedFleets,
  selectZones,
  updateZoneAlert,
  type ActiveZoneAlert,
} from './queries';
import { countBikesIn } from './zone-placement';

/** A cap crossed now: which, by how much. */
export interface Breach {
  zoneId: string;
  kind: ZoneCapKind;
  cap: number;
  parked: number;
}

/** The caps crossed, from the zones' caps and their parked bikes. */
export function breachesOf(
  zones: ReadonlyArray<{ id: string; minBikes: number | null; maxBikes: number | null }>,
  parkedIn: ReadonlyMap<string, { parked: number }>,
): Breach[] {
  return zones.flatMap((zone): Breach[] => {
    const parked = parkedIn.get(zone.id)?.parked ?? 0;
    if (zone.maxBikes !== null && parked > zone.maxBikes)
      return [{ zoneId: zone.id, kind: 'ZONE_ABOVE_MAXIMUM', cap: zone.maxBikes, parked }];
    if (zone.minBikes !== null && parked < zone.minBikes)
      return [{ zoneId: zone.id, kind: 'ZONE_BELOW_MINIMUM', cap: zone.minBikes, parked }];
    return [];
  });
}

export interface CapChange {
  fleetId: string;
  alert: Pick<ActiveZoneAlert, 'id' | 'zoneId' | 'zoneName' | 'kind' | 'cap' | 'parked'>;
  change: 'opened' | 'cleared';
}

/** One sweep of every fleet with caps; each fleet in its own transaction. */
export async function sweepZoneCaps(database: Database, jobs: Jobs, now: Date) {
  const changes: CapChange[] = [];
  for (const fleetId of await selectCappedFleets(database))
    changes.push(...(await database.transaction((tx) => sweepFleetCaps(tx, jobs, fleetId, now))));
  return changes;
}

async function sweepFleetCaps(tx: TxQuery, jobs: Jobs, fleetId: string, now: Date) {
  const active = await selectActiveZoneAlerts(tx, fleetId, true);
  const zones = (await selectZones(tx, fleetId)).filter(
    (zone) => zone.minBikes !== null || zone.maxBikes !== null,
  );
  const breaches = breachesOf(zones, await countBikesIn(tx, fleetId, zones));
  const graceEnd = now.getTime() - ZONE_CAP_GRACE_MINUTES * 60_000;
  const names = new Map(zones.map((zone) => [zone.id, zone.name]));
  const changes: CapChange[] = [];
  for (const alert of active) {
    const breach = breaches.find((b) => b.zoneId === alert.zoneId && b.kind === alert.kind);
    if (!breach) {
      await endZoneAlert(tx, alert, now);
      if (alert.openedAt) changes.push({ fleetId, alert, change: 'cleared' });
      continue;
    }
    const open = alert.openedAt === null && new Date(alert.since).getTime() <= graceEnd;
    await updateZoneAlert(tx, alert.id, { cap: breach.cap, parked: breach.parked, open }, now);
    if (open) changes.push({ fleetId, alert: { ...alert, ...breach }, change: 'opened' });
  }
  for (const breach of breaches)
    if (!active.some((a) => a.zoneId === breach.zoneId && a.kind === breach.kind))
      await insertZoneAlert(tx, { fleetId, ...breach }, now);
  await record(
    tx,
    jobs,
    changes.map(({ alert, change }) => {
      const data = {
        fleetId,
        zoneAlertId: alert.id,
        zoneId: alert.zoneId,
        zoneName: names.get(alert.zoneId) ?? alert.zoneName,
        kind: alert.kind,
        cap: alert.cap,
        parked: alert.parked,
      };
      return change === 'opened' ? fact('zone.cap-crossed', data) : fact('zone.cap-ended', data);
    }),
  );
  return changes;
}

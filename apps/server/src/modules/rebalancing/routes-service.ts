// The technicians' routes (ADR 0128): one per active technician of the fleet for the shift
// starting now (SHIFT_HOURS), mixing the swap queue's bikes (tasks module, ADR 0100) and the
// open REBALANCE tasks made from recommendations (the bike's pickup, then its drop-off at the
// move's destination, before its due time), within a van's capacity. Planned by router.ts,
// stored, replaced at each planning; a technician reads their own, a manager every route.
import {
  LOW_BATTERY_THRESHOLD_PERCENT,
  ROLE_TECHNICIAN,
  type Route,
  type RouteList,
} from '@vfm/contract';
import type { Database } from '../../db/client';
import type { RequestScope } from '../../plugins/request-scope';
import { selectBatteryQueue, selectLowBatteryPercent } from '../tasks/queries';
import { replaceRoutes, routeTasks, selectRoutes, technicians } from './queries';
import type { LonLat } from './recommend';
import { compute } from './compute-thread';
import type { Stop } from './router';

export const SHIFT_HOURS = 8;
export const VAN_CAPACITY = 4;
const MINUTE_MS = 60_000;

interface StopInfo {
  kind: Stop['kind'];
  taskId: string | null;
  vehicleNumber: string;
  position: LonLat;
}

/** Reads, plans (CPU, outside any transaction: on PGlite a transaction holds the one
 *  connection every request waits for), then replaces the fleet's routes in one transaction. */
export async function planFleetRoutes(db: Database, fleetId: string, now: Date) {
  const people = await technicians(db, fleetId, ROLE_TECHNICIAN);
  const maxLevel = (await selectLowBatteryPercent(db, fleetId)) ?? LOW_BATTERY_THRESHOLD_PERCENT;
  const swaps = await selectBatteryQueue(db, fleetId, maxLevel, null, 300);
  const moves = await routeTasks(db, fleetId);
  const stops: Stop[] = [];
  const info = new Map<string, StopInfo>();
  const add = (stop: Stop, about: StopInfo) => {
    stops.push(stop);
    info.set(stop.id, about);
  };
  for (const s of swaps) {
    if (s.latitude === null || s.longitude === null) continue;
    const position: LonLat = [s.longitude, s.latitude];
    add(
      { id: `swap:${s.vehicle_number}`, kind: 'SWAP', at: position, serviceMinutes: 5 },
      { kind: 'SWAP', taskId: s.task_id, vehicleNumber: s.vehicle_number, position },
    );
  }
  for (const m of moves) {
    if (m.to_lon === null || m.to_lat === null) continue;
    const latest = m.due_at
      ? (new Date(m.due_at).getTime() - now.getTime()) / MINUTE_MS
      : undefined;
    const from: LonLat = [m.lon, m.lat];
    const to: LonLat = [m.to_lon, m.to_lat];
    const pick = `pick:${m.task_id}`;
    const drop = `drop:${m.task_id}`;
    add(
      { id: pick, kind: 'PICKUP', at: from, pair: drop, serviceMinutes: 3 },
      { kind: 'PICKUP', taskId: m.task_id, vehicleNumber: m.vehicle_number, position: from },
    );
    add(
      { id: drop, kind: 'DROP', at: to, pair: pick, serviceMinutes: 2, latest },
      { kind: 'DROP', taskId: m.task_id, vehicleNumber: m.vehicle_number, position: to },
    );
  }
  // no depot is known: the vans set out from the middle of the work
  const start: LonLat = stops.length
    ? [mean(stops.map((s) => s.at[0])), mean(stops.map((s) => s.at[1]))]
    : [0, 0];
  // planned on the module's thread (compute-thread.ts): the event loop does not wait
  const plan = await compute(fleetId, {
    op: 'plan',
    stops,
    vans: people.map((p) => ({
      id: p.id,
      start,
      capacity: VAN_CAPACITY,
      shiftMinutes: SHIFT_HOURS * 60,
    })),
  });
  const shiftEnd = new Date(now.getTime() + SHIFT_HOURS * 3_600_000);
  await db.transaction((tx) =>
    replaceRoutes(
      tx,
      fleetId,
      plan.routes.map((route) => ({
        technician_id: route.vanId,
        shift_start: now,
        shift_end: shiftEnd,
        planned_at: now,
        length_km: Math.round(route.km * 100) / 100,
        stops: route.stops.map((id, k) => ({
          ...info.get(id)!,
          at: new Date(now.getTime() + route.arrivals[k]! * MINUTE_MS).toISOString(),
          load: route.loads[k]!,
        })),
      })),
    ),
  );
  return plan;
}

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

export async function getRoutes(scope: RequestScope): Promise<RouteList> {
  const own = scope.principal.isTechnician ? scope.principal.accountId : null;
  const rows = await selectRoutes(scope.database, scope.fleetId, own);
  const content: Route[] = rows.map((row) => ({
    technicianId: row.technician_id,
    technicianName: row.technician_name,
    shiftStart: new Date(row.shift_start).toISOString(),
    shiftEnd: new Date(row.shift_end).toISOString(),
    plannedAt: new Date(row.planned_at).toISOString(),
    lengthKm: row.length_km,
    stops: row.stops as Route['stops'],
  }));
  return { content };
}

// The battery swap queue (ADR 0100): the bikes that need a battery — charge at the
// fleet's low battery threshold or under (or `maxLevel`), or a battery swap task still to do —
// ranked by charge, then range left, and grouped into stops: in rank order, a bike joins the
// first group whose first bike is within BATTERY_QUEUE_GROUP_METERS, else starts a group. The
// technician follows the groups in order: the nearest first when the page gives a position,
// else the most urgent first; within a group, by rank. Bikes without a position come last.
import {
  BATTERY_QUEUE_GROUP_METERS,
  LOW_BATTERY_THRESHOLD_PERCENT,
  type BatteryQueue,
  type BatteryQueueBike,
  type BatteryQueueQuery,
  type SwapReason,
} from '@vfm/contract';
import type { RequestScope } from '../../plugins/request-scope';
import { swapReasons } from '../battery/service';
import { selectBatteryQueue, selectLowBatteryPercent, type BatteryQueueRow } from './queries';

const EARTH_DIAMETER_M = 12_742_000;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** metres between two points (haversine, as the SQL of the task list) */
export function metresBetween(a: [number, number], b: [number, number]): number {
  const [lat1, lon1] = a;
  const [lat2, lon2] = b;
  const h =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return EARTH_DIAMETER_M * Math.asin(Math.sqrt(h));
}

interface Group {
  seed: [number, number];
  rows: Array<{ row: BatteryQueueRow; rank: number }>;
}

export async function getBatteryQueue(
  scope: RequestScope,
  query: BatteryQueueQuery,
): Promise<BatteryQueue> {
  const maxLevel =
    query.maxLevel ??
    (await selectLowBatteryPercent(scope.database, scope.fleetId)) ??
    LOW_BATTERY_THRESHOLD_PERCENT;
  const [latitude, longitude] = query.near ? query.near.split(',').map(Number) : [];
  const near =
    query.near && Math.abs(latitude!) <= 90 && Math.abs(longitude!) <= 180
      ? { latitude: latitude!, longitude: longitude! }
      : null;
  // the battery health's reasons (docs/battery.md): short before the next peak, rotation
  const reasons = await swapReasons(scope);
  const rows = await selectBatteryQueue(
    scope.database,
    scope.fleetId,
    maxLevel,
    near,
    query.limit,
    [...reasons.keys()],
  );

  const groups: Group[] = [];
  const unplaced: Array<{ row: BatteryQueueRow; rank: number }> = [];
  rows.forEach((row, index) => {
    const entry = { row, rank: index + 1 };
    if (row.latitude === null || row.longitude === null) return unplaced.push(entry);
    const at: [number, number] = [row.latitude, row.longitude];
    const group = groups.find((g) => metresBetween(g.seed, at) <= BATTERY_QUEUE_GROUP_METERS);
    if (group) group.rows.push(entry);
    else groups.push({ seed: at, rows: [entry] });
  });

  const summaries = groups.map((group) => {
    const n = group.rows.length;
    const lat = group.rows.reduce((sum, { row }) => sum + row.latitude!, 0) / n;
    const lon = group.rows.reduce((sum, { row }) => sum + row.longitude!, 0) / n;
    const levels = group.rows.flatMap(({ row }) => row.bike_battery_level ?? []);
    return {
      group,
      summary: {
        latitude: lat,
        longitude: lon,
        bikes: n,
        minLevel: levels.length ? Math.min(...levels) : null,
        distanceMeters: near
          ? Math.round(metresBetween([near.latitude, near.longitude], [lat, lon]))
          : null,
      },
    };
  });
  // most urgent first is the order they were made in (each group's first bike is its most urgent)
  if (near) summaries.sort((a, b) => a.summary.distanceMeters! - b.summary.distanceMeters!);

  const bikes: BatteryQueueBike[] = [
    ...summaries.flatMap(({ group }, index) =>
      group.rows.map(({ row, rank }) => toQueueBike(row, rank, index, maxLevel, reasons)),
    ),
    ...unplaced.map(({ row, rank }) => toQueueBike(row, rank, null, maxLevel, reasons)),
  ];
  return {
    maxLevel,
    total: rows[0]?.total ?? 0,
    groups: summaries.map(({ summary }) => summary),
    bikes,
  };
}

function toQueueBike(
  row: BatteryQueueRow,
  rank: number,
  group: number | null,
  maxLevel: number,
  reasons: Map<string, SwapReason[]>,
): BatteryQueueBike {
  const lowNow = row.bike_battery_level !== null && row.bike_battery_level <= maxLevel;
  return {
    rank,
    vehicleNumber: row.vehicle_number,
    bikeBatteryLevel: row.bike_battery_level,
    autonomyKm: row.autonomy_km,
    batteryNumber: row.battery_number,
    lastBatteryChangeDate: row.last_battery_change_date?.toISOString() ?? null,
    position:
      row.latitude === null || row.longitude === null
        ? null
        : {
            latitude: row.latitude,
            longitude: row.longitude,
            at: row.last_position_date?.toISOString() ?? null,
          },
    distanceMeters: row.distance_m === null ? null : Math.round(row.distance_m),
    group,
    reasons: [
      ...(lowNow ? (['LOW_NOW'] as const) : []),
      ...(reasons.get(row.vehicle_number) ?? []),
    ],
    task: row.task_id
      ? { id: row.task_id, status: row.task_status!, assignee: row.task_assignee }
      : null,
  };
}

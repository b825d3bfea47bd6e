// The daily rollups (ADR 0127, docs/reports.md), kept by the queue reports.rollup: every ten
// minutes (and once as a worker starts) each fleet's today is computed again, yesterday until
// it was computed an hour after its end (late trips and events), and any day of the last
// ROLLUP_DAYS_MAX since the fleet's first data that is not final yet is caught up, oldest first
// (a day starts from the state its previous day ended in). A (fleet, day) is one transaction:
// its rows deleted and written again with its mark, so a job repeated or killed (SIGKILL: the
// lease gives it to another worker) leaves every day whole.
import { pointInGeometry, bboxOf, bboxContains, type ZoneGeometry } from '@vfm/contract';
import type { Database } from '../../db/client';
import { bikeDay, type BikeDayInput, type StateChange, type TripSpan } from './bike-day';
import {
  dayChanges,
  dayTrips,
  finalDays,
  lastTripEnds,
  previousEnds,
  rollupBikes,
  rollupFleets,
  stateAt,
  zonesOfFleet,
  type DayTripRow,
} from './queries/rollup-reads';
import {
  clearDay,
  insertAlertDay,
  insertBikeDays,
  insertGroupDays,
  insertTaskDay,
  insertZoneDays,
  insertZoneGroupDays,
  markDay,
  upsertBikeMonths,
  type BikeDayRow,
  type GroupDayRow,
  type ZoneDayRow,
} from './queries/rollup-writes';
import {
  availableSpans,
  MinuteCounts,
  parkedSpans,
  ZoneOccupancy,
  type OccupancyZone,
} from './zone-occupancy';

export const DAY_MS = 86_400_000;
/** how far back the catch-up goes (the longest report period) */
export const ROLLUP_DAYS_MAX = 400;
const PAGE = 2000;

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

export interface RollupOptions {
  /** one fleet (the demo once its history is written); all when absent */
  fleetId?: string | null;
  /** compute again the days already final (the demo's history arrived after them) */
  recompute?: boolean;
}

/** Rolls up what is due; returns the number of (fleet, day) computed. */
export async function rollUp(db: Database, now: Date, options: RollupOptions = {}) {
  let computed = 0;
  const today = isoDay(now.getTime());
  for (const fleet of await rollupFleets(db, options.fleetId ?? null)) {
    if (fleet.seeding || !fleet.first_day) continue;
    const earliest = isoDay(dayStart(today) - (ROLLUP_DAYS_MAX - 1) * DAY_MS);
    const first = fleet.first_day > earliest ? fleet.first_day : earliest;
    const done = options.recompute
      ? new Set<string>()
      : await finalDays(db, fleet.id, first, today);
    for (let t = dayStart(first); t <= dayStart(today); t += DAY_MS) {
      const day = isoDay(t);
      if (done.has(day) && day !== today) continue;
      await rollUpDay(db, fleet.id, day, now);
      computed++;
    }
  }
  return computed;
}

/** One fleet's day: computed, then written in one transaction. */
export async function rollUpDay(db: Database, fleetId: string, day: string, now: Date) {
  const start = new Date(dayStart(day));
  const dayEnd = new Date(start.getTime() + DAY_MS);
  const end = dayEnd < now ? dayEnd : now;
  const zones = await fleetZones(db, fleetId);
  const occupancy = new ZoneOccupancy(zones, start.getTime(), end.getTime());
  const available = new MinuteCounts(start.getTime(), end.getTime());
  const trips = await dayTrips(db, fleetId, start, end);
  const tripsOf = group(trips, (row) => row.bike_id);
  const bikes = await bikeDays(
    db,
    fleetId,
    day,
    start,
    end,
    tripsOf,
    (input, position, groupId) => {
      occupancy.add(parkedSpans(input, position), groupId);
      for (const span of availableSpans(input)) available.add('', span);
    },
  );
  const started = new Map(zoneTrips(zones, trips, start).map((z) => [z.id, z]));
  const zoneRows: ZoneDayRow[] = occupancy.rows().map((row) => ({
    ...row,
    trips: started.get(row.zoneId)?.trips ?? 0,
    km: started.get(row.zoneId)?.km ?? 0,
    rideMinutes: started.get(row.zoneId)?.rideMinutes ?? 0,
    bikes: started.get(row.zoneId)?.bikes ?? 0,
  }));
  await db.transaction(async (tx) => {
    await clearDay(tx, fleetId, day);
    await insertBikeDays(tx, fleetId, day, bikes);
    await insertGroupDays(tx, fleetId, day, groupDays(bikes));
    await upsertBikeMonths(tx, fleetId, day, bikes);
    await insertZoneDays(tx, fleetId, day, zoneRows);
    await insertZoneGroupDays(tx, fleetId, day, occupancy.groupRows());
    await insertAlertDay(tx, { fleetId, day, start, end });
    await insertTaskDay(tx, { fleetId, day, start, end });
    const final = end.getTime() === dayEnd.getTime();
    await markDay(tx, fleetId, day, final, now, available.series(''));
  });
}

type BikeVisitor = (
  input: BikeDayInput,
  position: { lat: number; lon: number } | null,
  groupId: string | null,
) => void;

async function bikeDays(
  db: Database,
  fleetId: string,
  day: string,
  start: Date,
  end: Date,
  tripsOf: Map<number, DayTripRow[]>,
  visit: BikeVisitor,
) {
  const rows: BikeDayRow[] = [];
  for (let after = 0; ;) {
    const page = await rollupBikes(db, fleetId, after, PAGE, start);
    const bikes = page.filter((b) => b.created_at < end);
    if (!page.length) break;
    after = page[page.length - 1]!.id;
    const ids = bikes.map((b) => b.id);
    const carried = new Map((await previousEnds(db, fleetId, day, ids)).map((r) => [r.bike_id, r]));
    const missing = ids.filter((id) => !carried.has(id));
    const found = new Map(
      (missing.length ? await stateAt(db, missing, start) : []).map((r) => [r.id, r]),
    );
    const changes = group(await dayChanges(db, ids, start, end), (row) => row.bike_id);
    const stood = new Map((await lastTripEnds(db, ids, start)).map((r) => [r.bike_id, r]));
    for (const bike of bikes) {
      const before = carried.get(bike.id);
      const past = found.get(bike.id);
      const input: BikeDayInput = {
        start: start.getTime(),
        end: end.getTime(),
        createdAt: bike.created_at.getTime(),
        initial: before
          ? { availability: before.end_availability, stolen: before.end_stolen }
          : {
              availability: past?.availability ?? bike.availability,
              stolen: past?.stolen ?? bike.theft_state === 'REPORTED',
            },
        changes: (changes.get(bike.id) ?? []).map((c): StateChange =>
          c.name === 'AVAILABILITY_CHANGED'
            ? { at: c.at.getTime(), ...(c.to ? { availability: c.to } : {}) }
            : { at: c.at.getTime(), stolen: c.name === 'THEFT_DECLARED' },
        ),
        trips: (tripsOf.get(bike.id) ?? []).map((t): TripSpan => ({
          startedAt: t.started_at,
          endedAt: t.ended_at,
          km: t.distance_km,
          minutes: t.duration_minutes,
          endLat: t.end_lat,
          endLon: t.end_lon,
        })),
      };
      const result = bikeDay(input);
      const here =
        bike.latitude !== null && bike.longitude !== null
          ? { lat: bike.latitude, lon: bike.longitude }
          : null;
      visit(input, stood.get(bike.id) ?? here, bike.group_id);
      const { end: last, ...use } = result;
      rows.push({
        bikeId: bike.id,
        groupId: bike.group_id,
        ...use,
        endAvailability: last.availability,
        endStolen: last.stolen,
      });
    }
    if (page.length < PAGE) break;
  }
  return rows;
}

/** The fleet's zones, with a test of a point (its box first) and its caps today. */
async function fleetZones(
  db: Database,
  fleetId: string,
): Promise<
  Array<
    OccupancyZone & {
      geometry: ZoneGeometry;
    }
  >
> {
  return (await zonesOfFleet(db, fleetId)).map((zone) => {
    const geometry = zone.geometry as ZoneGeometry;
    const bbox = bboxOf(geometry);
    return {
      id: zone.id,
      geometry,
      minBikes: zone.min_bikes,
      maxBikes: zone.max_bikes,
      contains: (lon: number, lat: number) =>
        bboxContains(bbox, lon, lat) && pointInGeometry(lon, lat, geometry),
    };
  });
}

/** The trips that started in each zone (a trip counts in every zone its start lies in). */
function zoneTrips(zones: OccupancyZone[], trips: DayTripRow[], start: Date) {
  if (!zones.length) return [];
  const totals = new Map<
    string,
    { id: string; trips: number; km: number; rideMinutes: number; bikes: Set<number> }
  >();
  for (const trip of trips) {
    if (trip.started_at < start.getTime() || trip.start_lat === null || trip.start_lon === null)
      continue;
    for (const zone of zones) {
      if (!zone.contains(trip.start_lon, trip.start_lat)) continue;
      const total = totals.get(zone.id) ?? {
        id: zone.id,
        trips: 0,
        km: 0,
        rideMinutes: 0,
        bikes: new Set<number>(),
      };
      total.trips++;
      total.km += trip.distance_km;
      total.rideMinutes += trip.duration_minutes;
      total.bikes.add(trip.bike_id);
      totals.set(zone.id, total);
    }
  }
  return [...totals.values()].map((z) => ({ ...z, bikes: z.bikes.size }));
}

const EMPTY_GROUP_DAY: GroupDayRow = {
  groupId: null,
  bikes: 0,
  trips: 0,
  km: 0,
  rideMinutes: 0,
  deployedMinutes: 0,
  availableMinutes: 0,
  onTripMinutes: 0,
  deployedBikes: 0,
  activeBikes: 0,
};

/** The day's sums per group, and its bikes deployed and active. */
function groupDays(bikes: BikeDayRow[]): GroupDayRow[] {
  const groups = new Map<string | null, GroupDayRow>();
  for (const b of bikes) {
    const g = groups.get(b.groupId) ?? { ...EMPTY_GROUP_DAY, groupId: b.groupId };
    groups.set(b.groupId, g);
    g.bikes++;
    g.trips += b.trips;
    g.km += b.km;
    g.rideMinutes += b.rideMinutes;
    g.deployedMinutes += b.deployedMinutes;
    g.availableMinutes += b.availableMinutes;
    g.onTripMinutes += b.onTripMinutes;
    if (b.deployedMinutes > 0) g.deployedBikes++;
    if (b.trips > 0) g.activeBikes++;
  }
  return [...groups.values()];
}

function group<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

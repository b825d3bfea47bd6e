// Reports of a period (ADR 0127, docs/reports.md) from the daily rollups: a small fleet whose
// day was computed by hand — two bikes, trips, a removal, alerts and tasks — for the fleet, a
// group, a zone and a bike beside the day before; the bad input; an empty period; the exports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FleetKpisSchema, ReportSchema } from '@vfm/contract';
import { rollUp } from '../../src/modules/reports/rollup';
import type { TestServer } from '../helpers/server';
import { createFleetWithTechnician, twoFleets, type TechnicianCast } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';
import { drawZone } from '../helpers/zones';

let t: TestServer;
let cast: TechnicianCast, other: TechnicianCast;
let a: BikeRow;
let b: BikeRow;
let groupId: string;
let zoneId: string;

const DAY = 86_400_000;
const midnight = Math.floor(Date.now() / DAY) * DAY;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** the day computed by hand (D2) and the day before (D1), recent: the catch-up stays short */
const D2 = iso(midnight - 2 * DAY);
const D1 = iso(midnight - 3 * DAY);
const at = (hours: number) => new Date(Date.parse(`${D2}T00:00:00Z`) + hours * 3_600_000);

const manager = () => t.api({ token: cast.managerToken });
const db = () => t.server.database;

async function trip(bike: BikeRow, fleetId: string, from: number, to: number, km: number) {
  await db().query(
    `INSERT INTO trip (fleet_id, bike_id, started_at, ended_at, distance_km, duration_minutes,
            start_latitude, start_longitude, end_latitude, end_longitude)
     VALUES ($1, $2, $3, $4, $5, $6, 48.8566, 2.3522, 48.86, 2.37)`,
    [fleetId, bike.id, at(from), at(to), km, (to - from) * 60],
  );
}

beforeAll(async () => {
  ({ t, cast, other } = await twoFleets(createFleetWithTechnician));
  const created = new Date(Date.parse(`${D1}T00:00:00Z`) - DAY);
  const [group] = await db().query<{ id: string }>(
    `INSERT INTO fleet_group (fleet_id, name) VALUES ($1, 'North') RETURNING id`,
    [cast.fleet.id],
  );
  groupId = group!.id;
  a = await createBike(t, cast.fleet, { created_at: created, group_id: groupId });
  b = await createBike(t, cast.fleet, { created_at: created });
  const foreign = await createBike(t, other.fleet, { created_at: created });
  // A: two trips (1 h 5 km, 30 min 2.5 km); B: removed (OUT) from 10:00 to 16:00
  await trip(a, cast.fleet.id, 8, 9, 5);
  await trip(a, cast.fleet.id, 18, 18.5, 2.5);
  await trip(foreign, other.fleet.id, 8, 9, 40);
  for (const [hour, from, to] of [
    [10, 'AVAILABLE', 'OUT'],
    [16, 'OUT', 'AVAILABLE'],
  ] as const)
    await db().query(
      `INSERT INTO event (fleet_id, bike_id, vehicle_number, type, name, source, data, occurred_at)
       VALUES ($1, $2, $3, 'OTHER', 'AVAILABILITY_CHANGED', 'MANAGER', $4, $5)`,
      [cast.fleet.id, b.id, b.vehicleNumber, JSON.stringify({ from, to }), at(hour)],
    );
  // alerts: A's low battery acknowledged after 30 min, cleared after 120; B's silence after 90
  await db().query(
    `INSERT INTO alert (fleet_id, bike_id, kind, opened_at, acknowledged_at, cleared_at, clear_cause)
     VALUES ($1, $2, 'LOW_VEHICLE_BATTERY', $4, $5, $6, 'CONDITION_ENDED'),
            ($1, $3, 'LACK_MODULE_COMM', $7, $8, $9, 'MANUAL')`,
    [cast.fleet.id, a.id, b.id, at(6), at(6.5), at(8), at(12), at(13.5), at(30)],
  );
  // tasks: A's battery swap done in 60 min before its due time; B's repair in 240, late
  await db().query(
    `INSERT INTO task (fleet_id, bike_id, kind, priority, status, created_at, due_at, closed_at,
            closed_by)
     VALUES ($1, $2, 'BATTERY_SWAP', 'HIGH', 'DONE', $4, $5, $6, $10),
            ($1, $3, 'REPAIR', 'NORMAL', 'DONE', $7, $8, $9, $10)`,
    [cast.fleet.id, a.id, b.id, at(6), at(9), at(7), at(8), at(10), at(12), cast.technician.id],
  );
  zoneId = await drawZone(
    t.api({ token: cast.adminToken }),
    'Centre',
    'SERVICE_AREA',
    [2.35, 48.855, 0.01],
    { minBikes: 1, maxBikes: 1 },
  );
  await rollUp(t.server.database, new Date(), { fleetId: cast.fleet.id });
  await rollUp(t.server.database, new Date(), { fleetId: other.fleet.id });
});
afterAll(() => t.close());

const report = async (query: Record<string, string>) => {
  const res = await manager().get('reports', { query: { period: 'day', from: D2, ...query } });
  expect(res.status, res.text).toBe(200);
  expectShape(ReportSchema, res.body);
  return res.body;
};

describe('reports', () => {
  it("gives the fleet's day as computed by hand, beside the day before", async () => {
    const body = await report({});
    expect(body).toMatchObject({ period: 'day', from: D2, to: D2, days: 1 });
    expect(body.previous).toEqual({ from: D1, to: D1 });
    // deployed: A 1,440 min + B 1,080 = 2,520; on a trip 90; available 1,350 + 1,080
    expect(body.figures).toEqual({
      trips: 2,
      km: 7.5,
      rideMinutes: 90,
      tripsPerBikePerDay: 1.14,
      idlePercent: 96.4,
      deployedBikesAverage: 1.8,
      activeBikes: 1,
      inactiveBikes: 1,
      hoursAvailable: 40.5,
      alertsOpened: 2,
      tasksDone: 2,
      tasksWithinSlaPercent: 50,
      batterySwaps: 1,
    });
    expect(body.previousFigures).toMatchObject({
      trips: 0,
      idlePercent: 100,
      activeBikes: 0,
      inactiveBikes: 2,
      hoursAvailable: 48,
      tasksDone: 0,
    });
    expect(body.alerts).toEqual([
      {
        kind: 'LACK_MODULE_COMM',
        opened: 1,
        acknowledged: 1,
        medianMinutesToAcknowledge: 90,
        cleared: 0,
        medianMinutesToClear: null,
      },
      {
        kind: 'LOW_VEHICLE_BATTERY',
        opened: 1,
        acknowledged: 1,
        medianMinutesToAcknowledge: 30,
        cleared: 1,
        medianMinutesToClear: 120,
      },
    ]);
    expect(body.tasksByPriority).toEqual([
      { priority: 'HIGH', done: 1, withinSla: 1, withinSlaPercent: 100 },
      { priority: 'NORMAL', done: 1, withinSla: 0, withinSlaPercent: 0 },
    ]);
    expect(body.technicians).toEqual([
      expect.objectContaining({ id: cast.technician.id, done: 2, medianMinutesToClose: 150 }),
    ]);
    // parked in the zone: A from 0:00 to 8:00 (then where its trips ended, outside), B but
    // from 10:00 to 16:00 (OUT) — 2 bikes 0–8, 1 bike 8–10, none 10–16, 1 bike 16–24
    expect(body.zones).toEqual([
      {
        id: zoneId,
        name: 'Centre',
        type: 'SERVICE_AREA',
        trips: 2,
        km: 7.5,
        rideMinutes: 90,
        bikesPerDay: 1,
        parkedHours: 26,
        meanParked: 1.1,
        peakParked: 2,
        minutesAboveMax: 480,
        minutesBelowMin: 360,
        minBikes: 1,
        maxBikes: 1,
      },
    ]);
    expect(body.perDay).toEqual([
      {
        day: D2,
        trips: 2,
        km: 7.5,
        rideMinutes: 90,
        activeBikes: 1,
        idlePercent: 96.4,
        hoursAvailable: 40.5,
      },
    ]);
  });

  it('narrows to a group, a bike or a zone', async () => {
    const group = await report({ groupId });
    expect(group.scope).toEqual({ kind: 'group', id: groupId, name: 'North' });
    expect(group.figures).toMatchObject({ trips: 2, idlePercent: 93.8, batterySwaps: 1 });
    expect(group.alerts.map((x: { kind: string }) => x.kind)).toEqual(['LOW_VEHICLE_BATTERY']);
    // its bike A stood in the zone from 0:00 to 8:00; the trips and the caps are the fleet's
    expect(group.zones).toEqual([
      expect.objectContaining({
        id: zoneId,
        trips: null,
        parkedHours: 8,
        meanParked: 0.3,
        peakParked: null,
        minutesAboveMax: null,
      }),
    ]);
    const bike = await report({ vehicleNumber: b.vehicleNumber });
    expect(bike.figures).toMatchObject({ trips: 0, hoursAvailable: 18, tasksWithinSlaPercent: 0 });
    const zone = await report({ zoneId });
    expect(zone.figures).toMatchObject({ trips: 2, km: 7.5, idlePercent: null });
    expect(zone.zones).toEqual([
      expect.objectContaining({ id: zoneId, parkedHours: 26, peakParked: 2, minutesAboveMax: 480 }),
    ]);
    expect(bike.zones).toEqual([]);
  });

  it('a week and a month hold the day; an empty period is an empty report', async () => {
    const week = await report({ period: 'week' });
    expect(week.days).toBe(7);
    expect(week.figures.trips).toBe(2);
    const month = await manager().get('reports', {
      query: { period: 'custom', from: '2024-01-01', to: '2024-01-31' },
    });
    expect(month.status).toBe(200);
    expect(month.body.figures).toMatchObject({ trips: 0, idlePercent: null, activeBikes: 0 });
    expect(month.body.perDay).toHaveLength(31);
  });

  it('gives another fleet only its own figures', async () => {
    const res = await t
      .api({ token: other.managerToken })
      .get('reports', { query: { period: 'day', from: D2 } });
    expect(res.body.figures).toMatchObject({ trips: 1, km: 40, tasksDone: 0 });
    const foreignGroup = await t
      .api({ token: other.managerToken })
      .get('reports', { query: { period: 'day', from: D2, groupId } });
    expect(foreignGroup.status).toBe(400);
  });

  it('refuses bad input with a 400 naming the problem', async () => {
    const bad = async (query: Record<string, string>, field: string) => {
      const res = await manager().get('reports', { query });
      expect(res.status, res.text).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(JSON.stringify(res.body)).toContain(field);
    };
    await bad({ from: D2, to: D1 }, 'to');
    await bad({ from: '2024-01-01', to: '2025-02-05' }, 'from');
    await bad({ groupId: '00000000-0000-4000-8000-000000000000' }, 'groupId');
    await bad({ zoneId: '00000000-0000-4000-8000-000000000000' }, 'zoneId');
    await bad({ vehicleNumber: 'NOSUCHBIKE' }, 'vehicleNumber');
    await bad({ groupId, zoneId }, 'groupId');
    await bad({ period: 'day', from: D2, to: D2 }, 'to');
  });

  it('exports the report as CSV, XLSX and PDF', async () => {
    const query = { period: 'day', from: D2 };
    const csv = await manager().get('reports/export', { query: { ...query, format: 'csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain(`report-fleet-${D2}-${D2}.csv`);
    expect(csv.text).toContain('Trips per bike per day,1.14,');
    expect(csv.text).toContain('Centre,26,1.1,2,1,1,480,360');
    const xlsx = await manager().get('reports/export', { query: { ...query, format: 'xlsx' } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const pdf = await manager().get('reports/export', { query: { ...query, format: 'pdf' } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
  });

  it("gives the fleet screen's KPIs: today so far beside the same span a week ago", async () => {
    const res = await manager().get('reports/kpis');
    expect(res.status, res.text).toBe(200);
    expectShape(FleetKpisSchema, res.body);
    expect(res.body.today).toMatchObject({ trips: 0, activeBikes: 0, utilisationPercent: 0 });
  });

  it('computes a day again to the same rows (the rollup is idempotent)', async () => {
    const rows = () =>
      db().query(
        `SELECT bike_id, trips, deployed_minutes, end_availability FROM report_bike_day
          WHERE fleet_id = $1 AND day <= $2::date ORDER BY day, bike_id`,
        [cast.fleet.id, D2],
      );
    const before = await rows();
    await rollUp(t.server.database, new Date(), { fleetId: cast.fleet.id, recompute: true });
    expect(await rows()).toEqual(before);
    const marks = await db().query<{ final: boolean }>(
      `SELECT final FROM report_rollup_day WHERE fleet_id = $1 AND day = $2::date`,
      [cast.fleet.id, D2],
    );
    expect(marks).toEqual([{ final: true }]);
  });
});

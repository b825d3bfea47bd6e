// Where bikes are needed (docs/rebalancing.md, ADR 0128), end to end on one small city: six
// bikes idle in one cell, riders starting trips every hour in another 1.5 km away where no bike
// stands. The heat maps show it (starts, supply, idle, unmet); planning trains the forecast,
// recommends moving the bikes, and plans the technician's route; accepting makes REBALANCE
// tasks — or, when a bike left meanwhile, re-plans the move; snooze and dismiss are recorded;
// bad input is a 400, another fleet's recommendation a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latLngToCell } from 'h3-js';
import {
  AcceptResultSchema,
  ForecastSchema,
  HeatmapSchema,
  RecommendationListSchema,
  RouteListSchema,
} from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithTechnician, type TechnicianCast } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { createTrip } from '../helpers/fleet-data';
import { expectShape } from '../helpers/contract';
import type { ApiClient } from '../helpers/api-client';
import { eventually } from '../helpers/eventually';
import { auditNames } from '../helpers/audit';

const SOURCE: [number, number] = [2.3, 48.85]; // [lon, lat]
const TARGET: [number, number] = [2.32, 48.855];
const ELSEWHERE: [number, number] = [2.45, 48.9];
const DAY_MS = 86_400_000;
const cellOf = ([lon, lat]: [number, number]) => latLngToCell(lat, lon, 8);

let t: TestServer;
let cast: TechnicianCast, other: TechnicianCast;
let manager: ApiClient;
let technician: ApiClient;
const idle: BikeRow[] = [];

beforeAll(async () => {
  t = await startTestServer();
  cast = await createFleetWithTechnician(t, 'Rebalancing fleet');
  other = await createFleetWithTechnician(t, 'Other rebalancing fleet');
  manager = t.api({ token: cast.managerToken });
  technician = t.api({ token: cast.technicianToken });
  const now = t.clock.now().getTime();
  for (let i = 0; i < 6; i++) {
    const bike = await createBike(t, cast.fleet, {
      vehicle_number: `RB-${i}`,
      longitude: SOURCE[0] + i * 0.0001,
      latitude: SOURCE[1],
      bike_battery_level: 90,
      last_position_date: new Date(now - 10 * DAY_MS),
    });
    idle.push(bike);
    // the ride that left it there, ten days ago
    await createTrip(t, bike, new Date(now - 10 * DAY_MS - 3_600_000), {
      end_longitude: SOURCE[0] + i * 0.0001,
      end_latitude: SOURCE[1],
      start_longitude: ELSEWHERE[0],
      start_latitude: ELSEWHERE[1],
    });
  }
  // the riders' history: a start at the target every hour of the last 14 days, on a bike now out
  const rider = await createBike(t, cast.fleet, {
    vehicle_number: 'RB-RIDER',
    availability: 'OUT',
    longitude: ELSEWHERE[0],
    latitude: ELSEWHERE[1],
  });
  await t.server.database.query(
    `INSERT INTO trip (fleet_id, bike_id, started_at, ended_at, distance_km, duration_minutes,
                       start_longitude, start_latitude, end_longitude, end_latitude)
     SELECT $1, $2, s, s + interval '10 minutes', 2, 10, $4, $5, $6, $7
       FROM generate_series(date_trunc('hour', $3::timestamptz) - interval '14 days',
                            date_trunc('hour', $3::timestamptz) - interval '1 hour',
                            interval '1 hour') AS s`,
    [cast.fleet.id, rider.id, new Date(now), ...TARGET, ...ELSEWHERE],
  );
});
afterAll(() => t.close());

describe('heat maps', () => {
  it('trip starts per day, the target cell first, with profiles by hour and weekday', async () => {
    const res = await manager.get('rebalancing/heatmap', {
      query: { layer: 'starts', resolution: 8 },
    });
    expect(res.status, res.text).toBe(200);
    expectShape(HeatmapSchema, res.body);
    expect(res.body.cells[0].cell).toBe(cellOf(TARGET));
    expect(res.body.cells[0].value).toBeCloseTo((14 * 24) / 28, 0);
    expect(res.body.byHour).toHaveLength(24);
    expect(res.body.byWeekday).toHaveLength(7);
    const atNine = await manager.get('rebalancing/heatmap', {
      query: { layer: 'starts', hour: 9 },
    });
    expect(atNine.body.cells[0].value).toBeCloseTo(14 / 28, 1);
  });

  it('supply and idle bikes stand at the source; unmet demand is at the target', async () => {
    const supply = await manager.get('rebalancing/heatmap', { query: { layer: 'supply' } });
    expect(supply.body.unit).toBe('bikes');
    expect(supply.body.cells.map((c: { cell: string }) => c.cell)).toEqual([cellOf(SOURCE)]);
    expect(supply.body.cells[0].value).toBeGreaterThan(1.5);
    const idleMap = await manager.get('rebalancing/heatmap', {
      query: { layer: 'idle', idleDays: 7 },
    });
    expect(idleMap.body.cells).toEqual([
      expect.objectContaining({ cell: cellOf(SOURCE), value: 6 }),
    ]);
    const unmet = await manager.get('rebalancing/heatmap', { query: { layer: 'unmet' } });
    expect(unmet.body.cells[0]).toMatchObject({ cell: cellOf(TARGET) });
    expect(unmet.body.cells[0].value).toBeGreaterThan(5);
  });

  it('refuses a resolution out of range, a period over 90 days, an unknown layer (400)', async () => {
    for (const query of [
      { layer: 'starts', resolution: 12 },
      { layer: 'starts', resolution: 3 },
      { layer: 'starts', from: '2026-01-01T00:00:00Z', to: '2026-05-01T00:00:00Z' },
      { layer: 'heat' },
    ]) {
      const res = await manager.get('rebalancing/heatmap', { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
  });
});

describe('forecast, recommendations, routes', () => {
  it('answers the forecast (the worker may have planned at its start); unknown cells are a 400', async () => {
    const before = await manager.get('rebalancing/forecast');
    expect(before.status).toBe(200);
    expectShape(ForecastSchema, before.body);
    for (const cell of ['zzz', latLngToCell(48.85, 2.3, 9)]) {
      const res = await manager.get('rebalancing/forecast', { query: { cell } });
      expect(res.status).toBe(400);
    }
  });

  it('planning (managers only) trains the forecast and recommends moving the idle bikes', async () => {
    expect((await technician.post('rebalancing/plan', {})).status).toBe(403);
    const res = await manager.post('rebalancing/plan', {});
    expect(res.status, res.text).toBe(200);
    expect(res.body.recommendations).toBe(1);
    const forecast = await manager.get('rebalancing/forecast', { query: { cell: cellOf(TARGET) } });
    expectShape(ForecastSchema, forecast.body);
    expect(forecast.body.cells).toHaveLength(1);
    expect(forecast.body.cells[0].hourly[0]).toBeGreaterThan(0.5);
    const list = await manager.get('rebalancing/recommendations');
    expectShape(RecommendationListSchema, list.body);
    expect(list.body.content).toEqual([
      expect.objectContaining({
        fromCell: cellOf(SOURCE),
        toCell: cellOf(TARGET),
        bikes: 6,
        state: 'OPEN',
      }),
    ]);
    expect(list.body.content[0].extraRides).toBeGreaterThan(3);
  });

  it('accepting after a bike left re-plans the move; accepting that makes REBALANCE tasks', async () => {
    const [first] = (await manager.get('rebalancing/recommendations')).body.content;
    await t.server.database.query('UPDATE bike SET longitude = $2, latitude = $3 WHERE id = $1', [
      idle[0]!.id,
      2.31,
      48.845,
    ]);
    const replanned = await manager.post(`rebalancing/recommendations/${first.id}/accept`, {});
    expect(replanned.status, replanned.text).toBe(200);
    expectShape(AcceptResultSchema, replanned.body);
    expect(replanned.body.outcome).toBe('REPLANNED');
    expect(replanned.body.recommendation.state).toBe('SUPERSEDED');
    expect(replanned.body.replacement.bikes).toBe(5);
    expect(replanned.body.replacement.vehicleNumbers).not.toContain('RB-0');
    const tasksBefore = await manager.get('tasks', { query: { kind: 'REBALANCE' } });
    expect(tasksBefore.body.totalElements).toBe(0);

    const accepted = await manager.post(
      `rebalancing/recommendations/${replanned.body.replacement.id}/accept`,
      {},
    );
    expect(accepted.body.outcome).toBe('ACCEPTED');
    expect(accepted.body.recommendation.taskIds).toHaveLength(5);
    const tasks = await manager.get('tasks', { query: { kind: 'REBALANCE' } });
    expect(tasks.body.totalElements).toBe(5);
    // where to leave each bike is the task's drop-off, its notes are left to the people
    const to = replanned.body.replacement.to;
    for (const task of tasks.body.content) {
      expect(task.dropOff).toEqual({ latitude: to[1], longitude: to[0] });
      expect(task.notes).toBe('');
      expect(task.title).toBe('');
    }
    const again = await manager.post(
      `rebalancing/recommendations/${replanned.body.replacement.id}/accept`,
      {},
    );
    expect(again.status).toBe(409);
    expect(await auditNames(t, cast.fleet.id, 'REBALANCING_')).toEqual([
      'REBALANCING_PLANNED',
      'REBALANCING_REPLANNED',
      'REBALANCING_ACCEPTED',
    ]);
  });

  it("the technician's route picks the bikes up before dropping them, within the van", async () => {
    // planned again by the jobs home once the tasks were made (rebalancing.replan)
    const res = await eventually(
      async () => {
        const answer = await technician.get('rebalancing/routes');
        const stops: Array<{ kind: string }> = answer.body.content?.[0]?.stops ?? [];
        return stops.filter((s) => s.kind === 'PICKUP').length === 5 ? answer : null;
      },
      { what: 'the pickups on the route' },
    );
    expect(res.status, res.text).toBe(200);
    expectShape(RouteListSchema, res.body);
    expect(res.body.content).toHaveLength(1);
    const [route] = res.body.content;
    expect(route.technicianId).toBe(cast.technician.id);
    const kinds = route.stops.map((s: { kind: string }) => s.kind);
    expect(kinds.filter((k: string) => k === 'PICKUP')).toHaveLength(5);
    expect(kinds.filter((k: string) => k === 'DROP')).toHaveLength(5);
    const seen = new Set<string>();
    for (const stop of route.stops) {
      if (stop.kind === 'DROP') expect(seen.has(stop.taskId)).toBe(true);
      seen.add(stop.taskId);
      expect(stop.load).toBeLessThanOrEqual(4);
    }
    const others = await t.api({ token: other.managerToken }).get('rebalancing/routes');
    expect(others.body.content).toEqual([]);
  });

  it("a swap task made, then cancelled, comes onto the technician's route and leaves it", async () => {
    const bike = await createBike(t, cast.fleet, {
      vehicle_number: 'RB-SWAP',
      longitude: TARGET[0] + 0.002,
      latitude: TARGET[1],
      bike_battery_level: 90,
    });
    const onRoute = async () =>
      ((await technician.get('rebalancing/routes')).body.content[0]?.stops ?? []).some(
        (s: { kind: string; vehicleNumber: string }) =>
          s.kind === 'SWAP' && s.vehicleNumber === bike.vehicleNumber,
      );
    expect(await onRoute()).toBe(false);
    const made = await manager.post('tasks', {
      kind: 'BATTERY_SWAP',
      vehicleNumbers: [bike.vehicleNumber],
    });
    expect(made.status, made.text).toBe(201);
    await eventually(async () => ((await onRoute()) ? true : null), { what: 'the swap routed' });
    const [task] = made.body.tasks;
    const cancelled = await manager.post(`tasks/${task.id}/cancel`, {});
    expect(cancelled.status, cancelled.text).toBe(200);
    await eventually(async () => ((await onRoute()) ? null : true), { what: 'the swap gone' });
  });

  it('snooze and dismiss are recorded; bad input and another fleet are refused', async () => {
    // the bike that left is spare where it stands now: a new move for it
    await manager.post('rebalancing/plan', {});
    const [move] = (await manager.get('rebalancing/recommendations')).body.content;
    expect(move.vehicleNumbers).toEqual(['RB-0']);
    const otherManager = t.api({ token: other.managerToken });
    expect(
      (await otherManager.post(`rebalancing/recommendations/${move.id}/dismiss`, {})).status,
    ).toBe(404);
    expect(
      (await manager.post(`rebalancing/recommendations/${move.id}/snooze`, { hours: 0 })).status,
    ).toBe(400);
    const snoozed = await manager.post(`rebalancing/recommendations/${move.id}/snooze`, {
      hours: 2,
    });
    expect(snoozed.body).toMatchObject({ state: 'SNOOZED' });
    expect((await manager.get('rebalancing/recommendations')).body.content).toEqual([]);
    const dismissed = await manager.post(`rebalancing/recommendations/${move.id}/dismiss`, {});
    expect(dismissed.body.state).toBe('DISMISSED');
    expect((await manager.post(`rebalancing/recommendations/${move.id}/dismiss`, {})).status).toBe(
      409,
    );
    expect(
      (
        await manager.post(
          'rebalancing/recommendations/00000000-0000-4000-8000-000000000000/accept',
          {},
        )
      ).status,
    ).toBe(404);
  });
});

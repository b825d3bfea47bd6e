// The fleet screen's KPI strip (ADR 0127, docs/reports.md): today so far beside the same span a
// week ago — with the bikes available at the busiest hour (from the rollup's minute counts) and
// the alerts whose time to acknowledge ran out, on a day computed by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FleetKpisSchema } from '@vfm/contract';
import { rollUp } from '../../src/modules/reports/rollup';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithTechnician } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** "today": tomorrow (UTC), the clock set at 14:30 */
const TODAY = (Math.floor(Date.now() / DAY) + 1) * DAY;
const LAST_WEEK = TODAY - 7 * DAY;
const at = (day: number, hours: number) => new Date(day + hours * HOUR);

let t: TestServer;
let cast: Awaited<ReturnType<typeof createFleetWithTechnician>>;
const db = () => t.server.database;

async function trip(bike: BikeRow, from: Date, to: Date) {
  await db().query(
    `INSERT INTO trip (fleet_id, bike_id, started_at, ended_at, distance_km, duration_minutes)
     VALUES ($1, $2, $3, $4, 1, $5)`,
    [cast.fleet.id, bike.id, from, to, (to.getTime() - from.getTime()) / 60_000],
  );
}

async function alert(
  bike: BikeRow,
  kind: string,
  opened: Date,
  ack: Date | null,
  clear: Date | null,
) {
  await db().query(
    `INSERT INTO alert (fleet_id, bike_id, kind, opened_at, acknowledged_at, cleared_at, clear_cause)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6::timestamptz IS NULL THEN NULL
                                          ELSE 'CONDITION_ENDED' END)`,
    [cast.fleet.id, bike.id, kind, opened, ack, clear],
  );
}

beforeAll(async () => {
  t = await startTestServer();
  t.clock.advance(at(TODAY, 14.5).getTime() - Date.now());
  cast = await createFleetWithTechnician(t);
  const created = new Date(TODAY - 10 * DAY);
  const [a, b, c] = [
    await createBike(t, cast.fleet, { created_at: created }),
    await createBike(t, cast.fleet, { created_at: created }),
    await createBike(t, cast.fleet, { created_at: created }),
  ] as [BikeRow, BikeRow, BikeRow];
  // today: 08:10–08:30 and 08:20–08:40 (the busiest hour: 08:00), 10:00–10:15;
  // at 08:20–08:29 only C is free to rent
  await trip(a, at(TODAY, 8 + 10 / 60), at(TODAY, 8.5));
  await trip(b, at(TODAY, 8 + 20 / 60), at(TODAY, 8 + 40 / 60));
  await trip(c, at(TODAY, 10), at(TODAY, 10.25));
  // last week: 09:00–09:05 and 09:30–09:40, never two at once: two bikes free at its peak
  await trip(a, at(LAST_WEEK, 9), at(LAST_WEEK, 9 + 5 / 60));
  await trip(b, at(LAST_WEEK, 9.5), at(LAST_WEEK, 9 + 40 / 60));
  // today past their SLA: a theft (15 min) open since 13:00; a silence (60 min) since 23:30
  // yesterday. Not past: a low battery (240 min) since 12:00, a silence acknowledged in time.
  await alert(a, 'REPORTED_THEFT', at(TODAY, 13), null, null);
  await alert(b, 'LACK_MODULE_COMM', at(TODAY, -0.5), null, null);
  await alert(c, 'LOW_VEHICLE_BATTERY', at(TODAY, 12), null, null);
  await alert(c, 'LACK_MODULE_COMM', at(TODAY, 9), at(TODAY, 9.5), at(TODAY, 11));
  // last week: a low battery opened at 08:00 cleared at 13:00, its four hours ran out at 12:00;
  // one opened at 14:00 runs out after the span
  await alert(a, 'LOW_VEHICLE_BATTERY', at(LAST_WEEK, 8), null, at(LAST_WEEK, 13));
  await alert(b, 'LOW_VEHICLE_BATTERY', at(LAST_WEEK, 14), null, at(LAST_WEEK, 20));
  await rollUp(db(), t.clock.now(), { fleetId: cast.fleet.id });
});
afterAll(() => t.close());

describe('the KPI strip', () => {
  it('gives the bikes available at the peak and the alerts past their SLA, beside last week', async () => {
    const res = await t.api({ token: cast.managerToken }).get('reports/kpis');
    expect(res.status, res.text).toBe(200);
    expectShape(FleetKpisSchema, res.body);
    expect(res.body.today).toEqual({
      trips: 3,
      activeBikes: 3,
      utilisationPercent: 100,
      alertsOpened: 3,
      peakHour: at(TODAY, 8).toISOString(),
      bikesAvailableAtPeak: 1,
      alertsPastSla: 2,
    });
    expect(res.body.lastWeek).toEqual({
      trips: 2,
      activeBikes: 2,
      utilisationPercent: 66.7,
      alertsOpened: 2,
      peakHour: at(LAST_WEEK, 9).toISOString(),
      bikesAvailableAtPeak: 2,
      alertsPastSla: 1,
    });
  });
});

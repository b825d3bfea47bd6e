// A report of a period (ADR 0127, docs/reports.md): the fleet's, a group's (with its
// subgroups), a zone's or a bike's figures over the period and the period before, each day's,
// its zones, alerts per kind, tasks per priority and per technician — all read from the daily
// rollups. Bad input is a 400 naming the problem; an empty period is an empty report.
import type { Report, ReportDay, ReportQuery } from '@vfm/contract';
import { badRequest, HttpProblem } from '../../lib/problem';
import type { Queryable } from '../../db/client';
import type { RequestScope } from '../../plugins/request-scope';
import { findFleetBikes } from '../bikes/bike-lookup';
import { figuresOf, percent, round, type BikeSums } from './metrics';
import { daysOf, periodOf } from './period';
import {
  alertTotals,
  bikeTotals,
  fleetName,
  groupName,
  taskTotals,
  technicianTotals,
  zoneGroupTotals,
  zoneName,
  zoneTotals,
  type BikeTotalsRow,
  type ReportScopeParams,
  type ZoneTotalsRow,
} from './queries/report';

interface ResolvedScope {
  kind: Report['scope']['kind'];
  id: string | null;
  name: string;
  groupId: string | null;
  zoneId: string | null;
  bikeId: number | null;
}

async function resolveScope(
  db: Queryable,
  fleetId: string,
  q: ReportQuery,
): Promise<ResolvedScope> {
  const chosen = [q.groupId, q.zoneId, q.vehicleNumber].filter((v) => v !== undefined);
  if (chosen.length > 1)
    throw badRequest('A report is of the fleet, a group, a zone or a bike: one at most.', [
      { field: 'groupId', message: 'only one of groupId, zoneId, vehicleNumber' },
    ]);
  const none = { groupId: null, zoneId: null, bikeId: null };
  if (q.groupId) {
    const name = await groupName(db, fleetId, q.groupId);
    if (name === null)
      throw badRequest('No such group in your fleet.', [{ field: 'groupId', message: 'unknown' }]);
    return { ...none, kind: 'group', id: q.groupId, name, groupId: q.groupId };
  }
  if (q.zoneId) {
    const name = await zoneName(db, fleetId, q.zoneId);
    if (name === null)
      throw badRequest('No such zone in your fleet.', [{ field: 'zoneId', message: 'unknown' }]);
    return { ...none, kind: 'zone', id: q.zoneId, name, zoneId: q.zoneId };
  }
  if (q.vehicleNumber) {
    const bike = await findFleetBikes(db, fleetId, [q.vehicleNumber]).catch((err: unknown) => {
      if (err instanceof HttpProblem && err.status === 404)
        throw badRequest(`No bike ${q.vehicleNumber} in your fleet.`, [
          { field: 'vehicleNumber', message: 'unknown' },
        ]);
      throw err;
    });
    const name = bike[0]!.vehicle_number;
    return { ...none, kind: 'bike', id: name, name, bikeId: bike[0]!.id };
  }
  return { ...none, kind: 'fleet', id: null, name: await fleetName(db, fleetId) };
}

const bikeSums = (row: BikeTotalsRow | undefined): BikeSums => ({
  trips: row?.trips ?? 0,
  km: row?.km ?? 0,
  rideMinutes: row?.ride_minutes ?? 0,
  deployedMinutes: row?.deployed_minutes ?? 0,
  availableMinutes: row?.available_minutes ?? 0,
  onTripMinutes: row?.on_trip_minutes ?? 0,
  deployedBikes: row?.deployed_bikes ?? 0,
  activeBikes: row?.active_bikes ?? 0,
});

const minutes = (value: number | null) => (value === null ? null : round(value, 1));

/** One period's figures, and (for the report's own period) its days and lists. */
async function periodFigures(
  db: Queryable,
  scope: ResolvedScope,
  p: ReportScopeParams,
  days: number,
) {
  if (scope.zoneId) {
    const rows = await zoneTotals(db, p.fleetId, p.from, p.to, scope.zoneId, true);
    const dated = rows.filter((r) => r.day !== null);
    const sum = (key: 'trips' | 'km' | 'ride_minutes') => dated.reduce((s, r) => s + r[key], 0);
    const trips = { trips: sum('trips'), km: sum('km'), rideMinutes: sum('ride_minutes') };
    const empty = { alertsOpened: 0, tasksDone: 0, tasksWithinSla: 0, batterySwaps: 0 };
    const perDay = new Map(
      dated.map((r): [string, ReportDay] => [
        r.day!,
        {
          day: r.day!,
          trips: r.trips,
          km: round(r.km, 1),
          rideMinutes: round(r.ride_minutes, 1),
          activeBikes: r.bikes,
          idlePercent: null,
          hoursAvailable: null,
        },
      ]),
    );
    return { figures: figuresOf(trips, null, empty, days), perDay, alerts: [], tasks: [] };
  }
  const [totals, alerts, tasks] = await Promise.all([
    bikeTotals(db, p),
    alertTotals(db, p),
    taskTotals(db, p),
  ]);
  const whole = bikeSums(totals.find((r) => r.day === null));
  const perDay = new Map(
    totals
      .filter((r) => r.day !== null)
      .map((r): [string, ReportDay] => {
        const s = bikeSums(r);
        const f = figuresOf(
          s,
          s,
          { alertsOpened: 0, tasksDone: 0, tasksWithinSla: 0, batterySwaps: 0 },
          1,
        );
        return [
          r.day!,
          {
            day: r.day!,
            trips: f.trips,
            km: f.km,
            rideMinutes: f.rideMinutes,
            activeBikes: f.activeBikes,
            idlePercent: f.idlePercent,
            hoursAvailable: f.hoursAvailable,
          },
        ];
      }),
  );
  const taskSums = {
    alertsOpened: alerts.reduce((s, a) => s + a.opened, 0),
    tasksDone: tasks.reduce((s, t) => s + t.done, 0),
    tasksWithinSla: tasks.reduce((s, t) => s + t.within_sla, 0),
    batterySwaps: tasks.reduce((s, t) => s + t.swaps, 0),
  };
  return { figures: figuresOf(whole, whole, taskSums, days), perDay, alerts, tasks };
}

export const getReport = (scope: RequestScope, query: ReportQuery) =>
  buildReport(scope.database, scope.fleetId, query, scope.now);

/** The report of a fleet (a request's, or a scheduled delivery's). */
export async function buildReport(
  db: Queryable,
  fleetId: string,
  query: ReportQuery,
  today: Date,
): Promise<Report> {
  const period = periodOf(query, today);
  const target = await resolveScope(db, fleetId, query);
  const params = (from: string, to: string): ReportScopeParams => ({
    fleetId,
    from,
    to,
    groupId: target.groupId,
    bikeId: target.bikeId,
  });
  const current = params(period.from, period.to);
  const [now, before, technicians, zones, groupZones] = await Promise.all([
    periodFigures(db, target, current, period.days),
    periodFigures(db, target, params(period.previous.from, period.previous.to), period.days),
    target.zoneId ? Promise.resolve([]) : technicianTotals(db, current),
    target.kind === 'bike'
      ? Promise.resolve([])
      : zoneTotals(db, fleetId, period.from, period.to, target.zoneId, false),
    target.groupId ? zoneGroupTotals(db, current) : Promise.resolve(null),
  ]);
  return {
    period: period.kind,
    from: period.from,
    to: period.to,
    days: period.days,
    previous: period.previous,
    scope: { kind: target.kind, id: target.id, name: target.name },
    figures: now.figures,
    previousFigures: before.figures,
    perDay: daysOf(period.from, period.to).map(
      (day) =>
        now.perDay.get(day) ?? {
          day,
          trips: 0,
          km: 0,
          rideMinutes: 0,
          activeBikes: 0,
          idlePercent: null,
          hoursAvailable: target.zoneId ? null : 0,
        },
    ),
    zones: groupZones
      ? groupZoneRows(zones, groupZones)
      : zones.map((z) => zoneRow(z, period.days)),
    alerts: now.alerts.map((a) => ({
      kind: a.kind,
      opened: a.opened,
      acknowledged: a.acknowledged,
      medianMinutesToAcknowledge: minutes(a.ack_median),
      cleared: a.cleared,
      medianMinutesToClear: minutes(a.clear_median),
    })),
    tasksByPriority: now.tasks
      .map((t) => ({
        priority: t.priority as Report['tasksByPriority'][number]['priority'],
        done: t.done,
        withinSla: t.within_sla,
        withinSlaPercent: percent(t.within_sla, t.done),
      }))
      .sort((a, b) => PRIORITY_ORDER.indexOf(b.priority) - PRIORITY_ORDER.indexOf(a.priority)),
    technicians: technicians.map((t) => ({
      id: t.id,
      email: t.email,
      name: t.name,
      done: t.done,
      medianMinutesToClose: minutes(t.median),
    })),
  };
}

const mean = (minutes: number, observed: number) =>
  observed > 0 ? round(minutes / observed, 1) : null;

function zoneRow(z: ZoneTotalsRow, days: number): Report['zones'][number] {
  return {
    id: z.id,
    name: z.name,
    type: z.type,
    trips: z.trips,
    km: round(z.km, 1),
    rideMinutes: round(z.ride_minutes, 1),
    bikesPerDay: round(z.bikes / days, 1),
    parkedHours: round(z.parked_minutes / 60, 1),
    meanParked: mean(z.parked_minutes, z.observed_minutes),
    peakParked: z.observed_minutes > 0 ? z.peak_parked : null,
    minutesAboveMax: z.max_bikes === null || !z.observed_minutes ? null : z.minutes_above_max,
    minutesBelowMin: z.min_bikes === null || !z.observed_minutes ? null : z.minutes_below_min,
    minBikes: z.min_bikes,
    maxBikes: z.max_bikes,
  };
}

/** A group's report: its bikes' time in each zone (trips and occupancy are the fleet's). */
function groupZoneRows(
  zones: ZoneTotalsRow[],
  times: Array<{ id: string; parked_minutes: number; observed_minutes: number }>,
): Report['zones'] {
  const byZone = new Map(times.map((t) => [t.id, t]));
  return zones.map((z) => {
    const time = byZone.get(z.id);
    return {
      id: z.id,
      name: z.name,
      type: z.type,
      trips: null,
      km: null,
      rideMinutes: null,
      bikesPerDay: null,
      parkedHours: round((time?.parked_minutes ?? 0) / 60, 1),
      meanParked: time ? mean(time.parked_minutes, time.observed_minutes) : null,
      peakParked: null,
      minutesAboveMax: null,
      minutesBelowMin: null,
      minBikes: z.min_bikes,
      maxBikes: z.max_bikes,
    };
  });
}

const PRIORITY_ORDER = ['LOW', 'NORMAL', 'HIGH', 'URGENT'];

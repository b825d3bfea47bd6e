// A report as tables (ADR 0127): what the CSV, XLSX and PDF exports write, in this order — the
// figures beside the period before, each day, the zones (trips, then time parked and
// occupancy against the caps), the alerts per kind, the tasks per
// priority and per technician. Column names in English (the files are read by spreadsheets
// and by the city, whatever the reader's language).
import type { Report, ReportFigures } from '@vfm/contract';

export type Cell = string | number | null;
export interface ReportTable {
  title: string;
  header: string[];
  rows: Cell[][];
}

const FIGURES: Array<[keyof ReportFigures, string]> = [
  ['trips', 'Trips'],
  ['km', 'Kilometres'],
  ['rideMinutes', 'Ride minutes'],
  ['tripsPerBikePerDay', 'Trips per bike per day'],
  ['idlePercent', 'Idle %'],
  ['deployedBikesAverage', 'Bikes deployed (average)'],
  ['activeBikes', 'Active bikes'],
  ['inactiveBikes', 'Inactive bikes'],
  ['hoursAvailable', 'Hours available'],
  ['alertsOpened', 'Alerts opened'],
  ['tasksDone', 'Tasks done'],
  ['tasksWithinSlaPercent', 'Tasks within SLA %'],
  ['batterySwaps', 'Battery swaps'],
];

export const reportTitle = (report: Report) =>
  `${report.scope.name} — ${report.from}${report.to === report.from ? '' : ` – ${report.to}`}`;

export function reportTables(report: Report): ReportTable[] {
  const previous = `${report.previous.from} – ${report.previous.to}`;
  return [
    {
      title: 'Figures',
      header: ['Figure', `${report.from} – ${report.to}`, previous],
      rows: FIGURES.map(([key, label]) => [
        label,
        report.figures[key],
        report.previousFigures[key],
      ]),
    },
    {
      title: 'Per day',
      header: [
        'Day',
        'Trips',
        'Kilometres',
        'Ride minutes',
        'Active bikes',
        'Idle %',
        'Hours available',
      ],
      rows: report.perDay.map((d) => [
        d.day,
        d.trips,
        d.km,
        d.rideMinutes,
        d.activeBikes,
        d.idlePercent,
        d.hoursAvailable,
      ]),
    },
    {
      title: 'Zones',
      header: ['Zone', 'Type', 'Trips started', 'Kilometres', 'Ride minutes', 'Bikes per day'],
      rows: report.zones.map((z) => [z.name, z.type, z.trips, z.km, z.rideMinutes, z.bikesPerDay]),
    },
    {
      title: 'Zone occupancy',
      header: [
        'Zone',
        'Hours parked',
        'Mean parked',
        'Peak parked',
        'Min bikes',
        'Max bikes',
        'Minutes over max',
        'Minutes under min',
      ],
      rows: report.zones.map((z) => [
        z.name,
        z.parkedHours,
        z.meanParked,
        z.peakParked,
        z.minBikes,
        z.maxBikes,
        z.minutesAboveMax,
        z.minutesBelowMin,
      ]),
    },
    {
      title: 'Alerts',
      header: [
        'Kind',
        'Opened',
        'Acknowledged',
        'Median minutes to acknowledge',
        'Cleared',
        'Median minutes to clear',
      ],
      rows: report.alerts.map((a) => [
        a.kind,
        a.opened,
        a.acknowledged,
        a.medianMinutesToAcknowledge,
        a.cleared,
        a.medianMinutesToClear,
      ]),
    },
    {
      title: 'Tasks per priority',
      header: ['Priority', 'Done', 'Within SLA', 'Within SLA %'],
      rows: report.tasksByPriority.map((t) => [
        t.priority,
        t.done,
        t.withinSla,
        t.withinSlaPercent,
      ]),
    },
    {
      title: 'Technicians',
      header: ['Technician', 'E-mail', 'Tasks done', 'Median minutes to close'],
      rows: report.technicians.map((t) => [t.name ?? '', t.email, t.done, t.medianMinutesToClose]),
    },
  ];
}

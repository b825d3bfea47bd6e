// The report's figures from the rollups' sums (ADR 0127), by the MDS Metrics dockless
// definitions: idle % = time in the right of way not on a trip ÷ time in the right of way
// (2.8); trips per bike per day = trips ÷ deployed bike-days, a deployed bike-day being 1,440
// minutes in the right of way (2.10 over dockless.deployed.avg); active bikes had a trip, the
// inactive ones were deployed without (2.6, 2.7). Pure.
import type { ReportFigures } from '@vfm/contract';
import type { DayUse } from './bike-day';

export interface BikeSums extends DayUse {
  deployedBikes: number;
  activeBikes: number;
}

export interface TaskSums {
  alertsOpened: number;
  tasksDone: number;
  tasksWithinSla: number;
  batterySwaps: number;
}

const DAY_MINUTES = 1440;
export const round = (value: number, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
export const percent = (part: number, whole: number) =>
  whole > 0 ? round((100 * part) / whole, 1) : null;

/** The figures of a period of `days` days; `bikes` null for a zone (no bike state per zone). */
export function figuresOf(
  trips: { trips: number; km: number; rideMinutes: number },
  bikes: BikeSums | null,
  tasks: TaskSums,
  days: number,
): ReportFigures {
  const deployed = bikes?.deployedMinutes ?? 0;
  return {
    trips: trips.trips,
    km: round(trips.km, 1),
    rideMinutes: round(trips.rideMinutes, 1),
    tripsPerBikePerDay:
      bikes && deployed > 0 ? round(trips.trips / (deployed / DAY_MINUTES)) : null,
    idlePercent: bikes ? percent(deployed - bikes.onTripMinutes, deployed) : null,
    deployedBikesAverage: bikes ? round(deployed / (days * DAY_MINUTES), 1) : null,
    activeBikes: bikes ? bikes.activeBikes : null,
    inactiveBikes: bikes ? Math.max(0, bikes.deployedBikes - bikes.activeBikes) : null,
    hoursAvailable: bikes ? round(bikes.availableMinutes / 60, 1) : null,
    alertsOpened: tasks.alertsOpened,
    tasksDone: tasks.tasksDone,
    tasksWithinSlaPercent: percent(tasks.tasksWithinSla, tasks.tasksDone),
    batterySwaps: tasks.batterySwaps,
  };
}

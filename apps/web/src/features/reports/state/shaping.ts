// What the Reports screen shows of a figure beside the period before (ADR 0127). Pure.
export interface Change {
  /** the difference in percent of the previous value, rounded; null when it cannot be said */
  percent: number | null;
  direction: 'up' | 'down' | 'same';
}

export function changeOf(current: number | null, previous: number | null): Change | null {
  if (current === null || previous === null) return null;
  if (current === previous) return { percent: 0, direction: 'same' };
  const direction = current > previous ? 'up' : 'down';
  if (previous === 0) return { percent: null, direction };
  return { percent: Math.round(((current - previous) / Math.abs(previous)) * 100), direction };
}

/** The report holds nothing: no trip, no bike in the right of way, no alert, no task. */
export function isEmptyReport(report: {
  figures: {
    trips: number;
    deployedBikesAverage: number | null;
    alertsOpened: number;
    tasksDone: number;
  };
}): boolean {
  const f = report.figures;
  return f.trips === 0 && !f.deployedBikesAverage && f.alertsOpened === 0 && f.tasksDone === 0;
}

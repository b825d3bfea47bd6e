// One bike's day as the reports count it (ADR 0127, docs/reports.md), by the MDS Metrics
// definitions: the bike is in the public right of way while it is AVAILABLE or IN_OPERATION
// (MDS available / non_operational), not reported stolen, and provisioned — or on a trip;
// TRANSIT and OUT are MDS `removed`, a reported theft `missing`. Its trips are those that
// started that day (MDS Metrics count trips where they start); its minutes on a trip are the
// part of any trip inside the day. Pure: the rollup job feeds it the rows.

export interface BikeState {
  availability: string;
  stolen: boolean;
}

/** A change of state: its time, and what changed. */
export interface StateChange {
  at: number;
  availability?: string;
  stolen?: boolean;
}

export interface TripSpan {
  startedAt: number;
  endedAt: number;
  km: number;
  minutes: number;
  /** where it ended (the bike stands there until its next trip) */
  endLat?: number | null;
  endLon?: number | null;
}

export interface BikeDayInput {
  /** the day's bounds (ms); `end` is the day's end or, for today, now */
  start: number;
  end: number;
  /** the bike exists from then on */
  createdAt: number;
  /** the state at `start` */
  initial: BikeState;
  /** the changes inside [start, end), in any order */
  changes: StateChange[];
  /** the trips that overlap the day */
  trips: TripSpan[];
}

/** What a bike did with a day (and, summed, a group or a fleet): the rollups' figures. */
export interface DayUse {
  trips: number;
  km: number;
  rideMinutes: number;
  deployedMinutes: number;
  availableMinutes: number;
  onTripMinutes: number;
}

export interface BikeDay extends DayUse {
  end: BikeState;
}

const MINUTE = 60_000;
const IN_RIGHT_OF_WAY = new Set(['AVAILABLE', 'IN_OPERATION']);

/** A stretch of the day in one state: riding or not, in the right of way or not. */
export interface DaySegment {
  from: number;
  to: number;
  riding: boolean;
  placed: boolean;
  state: BikeState;
}

/** The day cut where anything changes (creation, a change of state, a trip's start or end),
 *  from the bike's creation on; and the state at the day's end. */
export function daySegments(input: BikeDayInput): { segments: DaySegment[]; end: BikeState } {
  const { start, end } = input;
  const changes = [...input.changes]
    .filter((c) => c.at >= start && c.at < end)
    .sort((a, b) => a.at - b.at);
  const spans = input.trips
    .map((t) => [Math.max(t.startedAt, start), Math.min(t.endedAt, end)] as const)
    .filter(([a, b]) => b > a);
  const cuts = new Set<number>([start, end]);
  if (input.createdAt > start && input.createdAt < end) cuts.add(input.createdAt);
  for (const c of changes) cuts.add(c.at);
  for (const [a, b] of spans) cuts.add(a).add(b);
  const points = [...cuts].sort((a, b) => a - b);

  let state: BikeState = { ...input.initial };
  let next = 0;
  const segments: DaySegment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const from = points[i]!;
    while (next < changes.length && changes[next]!.at <= from)
      state = apply(state, changes[next++]!);
    if (from < input.createdAt) continue;
    const riding = spans.some(([a, b]) => a <= from && from < b);
    const placed = IN_RIGHT_OF_WAY.has(state.availability) && !state.stolen;
    segments.push({ from, to: points[i + 1]!, riding, placed, state });
  }
  while (next < changes.length) state = apply(state, changes[next++]!);
  return { segments, end: state };
}

export function bikeDay(input: BikeDayInput): BikeDay {
  const { start, end } = input;
  const walk = daySegments(input);
  let deployed = 0;
  let available = 0;
  let onTrip = 0;
  for (const { from, to, riding, placed, state } of walk.segments) {
    const length = to - from;
    if (riding) onTrip += length;
    if (riding || placed) deployed += length;
    if (!riding && placed && state.availability === 'AVAILABLE') available += length;
  }
  const started = input.trips.filter((t) => t.startedAt >= start && t.startedAt < end);
  return {
    trips: started.length,
    km: started.reduce((sum, t) => sum + t.km, 0),
    rideMinutes: started.reduce((sum, t) => sum + t.minutes, 0),
    deployedMinutes: deployed / MINUTE,
    availableMinutes: available / MINUTE,
    onTripMinutes: onTrip / MINUTE,
    end: walk.end,
  };
}

function apply(state: BikeState, change: StateChange): BikeState {
  return {
    availability: change.availability ?? state.availability,
    stolen: change.stolen ?? state.stolen,
  };
}

// Time in each zone and occupancy against its caps (ADR 0127, docs/reports.md), for the daily
// rollups. A bike stands where its last trip ended (before its first trip of the day: where its
// last one before ended, else where it stands now) and counts in a zone while parked there in
// the public right of way — AVAILABLE or IN_OPERATION, not stolen, not on a trip: what a permit
// cap counts. The occupancy is sampled at the start of each minute, as the caps' sweep counts
// (zone-caps.ts): the peak, and the minutes above the maximum or under the minimum. Pure: the
// rollup job feeds it the bikes a page at a time.
import { daySegments, type BikeDayInput } from './bike-day';

const MINUTE = 60_000;

export interface Position {
  lat: number;
  lon: number;
}

export interface Span {
  from: number;
  to: number;
}

export interface ParkedSpan extends Span {
  lat: number;
  lon: number;
}

/** The stretches of the day the bike stood parked in the right of way, with where. */
export function parkedSpans(input: BikeDayInput, position: Position | null): ParkedSpan[] {
  const ends = input.trips
    .filter((t) => t.endLat != null && t.endLon != null && t.endedAt <= input.end)
    .sort((a, b) => a.endedAt - b.endedAt);
  const spans: ParkedSpan[] = [];
  for (const s of daySegments(input).segments) {
    if (s.riding || !s.placed) continue;
    let where = position;
    for (const t of ends) if (t.endedAt <= s.from) where = { lat: t.endLat!, lon: t.endLon! };
    if (!where) continue;
    const last = spans[spans.length - 1];
    if (last && last.to === s.from && last.lat === where.lat && last.lon === where.lon)
      last.to = s.to;
    else spans.push({ from: s.from, to: s.to, ...where });
  }
  return spans;
}

/** The stretches the bike was available to rent (AVAILABLE, placed, not on a trip). */
export function availableSpans(input: BikeDayInput): Span[] {
  return daySegments(input)
    .segments.filter((s) => !s.riding && s.placed && s.state.availability === 'AVAILABLE')
    .map(({ from, to }) => ({ from, to }));
}

/** Counts per key at the start of each minute of [start, end), from spans added one by one. */
export class MinuteCounts {
  readonly minutes: number;
  private readonly diffs = new Map<string, Int32Array>();
  private readonly totals = new Map<string, number>();

  constructor(
    private readonly start: number,
    end: number,
  ) {
    this.minutes = Math.max(0, Math.ceil((end - start) / MINUTE));
  }

  add(key: string, span: Span) {
    const first = Math.max(0, Math.ceil((span.from - this.start) / MINUTE));
    const last = Math.min(this.minutes, Math.ceil((span.to - this.start) / MINUTE));
    this.totals.set(key, (this.totals.get(key) ?? 0) + (span.to - span.from) / MINUTE);
    if (last <= first) return;
    let diff = this.diffs.get(key);
    if (!diff) this.diffs.set(key, (diff = new Int32Array(this.minutes + 1)));
    diff[first]! += 1;
    diff[last]! -= 1;
  }

  /** the exact minutes added under the key */
  total(key: string) {
    return this.totals.get(key) ?? 0;
  }

  /** the count at each minute's start */
  series(key: string): number[] {
    const diff = this.diffs.get(key);
    const out = new Array<number>(this.minutes).fill(0);
    if (!diff) return out;
    for (let m = 0, n = 0; m < this.minutes; m++) out[m] = n += diff[m]!;
    return out;
  }
}

export interface OccupancyZone {
  id: string;
  minBikes: number | null;
  maxBikes: number | null;
  contains: (lon: number, lat: number) => boolean;
}

export interface ZoneOccupancyRow {
  zoneId: string;
  /** bike-minutes parked in it */
  parkedMinutes: number;
  /** the minutes of the day observed (1440, or up to now for today) */
  observedMinutes: number;
  peakParked: number;
  minutesAboveMax: number;
  minutesBelowMin: number;
  minBikes: number | null;
  maxBikes: number | null;
}

/** Bike-minutes per zone (and per zone and group) and the occupancy samples, a day at a time. */
export class ZoneOccupancy {
  private readonly counts: MinuteCounts;
  private readonly byGroup = new Map<string, number>();

  constructor(
    private readonly zones: OccupancyZone[],
    start: number,
    end: number,
  ) {
    this.counts = new MinuteCounts(start, end);
  }

  /** One bike's parked spans; `group` its group (null: none). */
  add(spans: ParkedSpan[], group: string | null) {
    for (const span of spans)
      for (const zone of this.zones) {
        if (!zone.contains(span.lon, span.lat)) continue;
        this.counts.add(zone.id, span);
        const key = `${zone.id}|${group ?? ''}`;
        this.byGroup.set(key, (this.byGroup.get(key) ?? 0) + (span.to - span.from) / MINUTE);
      }
  }

  rows(): ZoneOccupancyRow[] {
    return this.zones.map((zone) => {
      const series = this.counts.series(zone.id);
      const { minBikes, maxBikes } = zone;
      return {
        zoneId: zone.id,
        parkedMinutes: this.counts.total(zone.id),
        observedMinutes: this.counts.minutes,
        peakParked: series.reduce((a, b) => Math.max(a, b), 0),
        minutesAboveMax: maxBikes === null ? 0 : series.filter((n) => n > maxBikes).length,
        minutesBelowMin: minBikes === null ? 0 : series.filter((n) => n < minBikes).length,
        minBikes,
        maxBikes,
      };
    });
  }

  /** bike-minutes per zone and group (group null: bikes of no group) */
  groupRows(): Array<{ zoneId: string; groupId: string | null; parkedMinutes: number }> {
    return [...this.byGroup].map(([key, parkedMinutes]) => {
      const [zoneId, groupId] = key.split('|') as [string, string];
      return { zoneId, groupId: groupId || null, parkedMinutes };
    });
  }
}

// What the rules remember of a bike whatever the rule (ADR 0135): its recent positions (the
// distance tests' window), its lowest battery since it parked, its last position inside the
// service area. These are facts of the bike, not of a rule — a thousand distance rules share one
// track — so they are kept once per bike (`rule_trail`), folded message after message by the
// batch, the dry run and the sweep alike, and read by the evaluation from the observation.
import type { RuleCondition } from '@vfm/contract';
import type { BikeView } from './bike-as-seen';

export interface BikeTrail {
  /** [ms, lat, lon, odometer] of the messages within the longest distance window (50 at most) */
  track?: Array<[number, number, number, number | null]>;
  /** the lowest battery since the bike parked */
  parkedBattery?: number;
  /** the last position inside the service area */
  lastInside?: [number, number];
}

/** What the rules of a fleet need remembered of its bikes. */
export interface TrailNeeds {
  /** the longest distance window (0: no distance test) */
  trackMinutes: number;
  parked: boolean;
  inside: boolean;
}

const MINUTE = 60_000;
const TRACK_MAX = 50;

export function trailNeeds(conditions: Iterable<RuleCondition>): TrailNeeds {
  const needs: TrailNeeds = { trackMinutes: 0, parked: false, inside: false };
  for (const condition of conditions)
    for (const p of condition.all) {
      if (p.type === 'distanceMoved') needs.trackMinutes = Math.max(needs.trackMinutes, p.minutes);
      else if (p.type === 'batteryRiseWhileParked') needs.parked = true;
      else if (p.type === 'outsideServiceAreaBy') needs.inside = true;
    }
  return needs;
}

export const needsTrail = (needs: TrailNeeds) =>
  needs.trackMinutes > 0 || needs.parked || needs.inside;

/** The trail after one observation (a message: `withMessage`; a sweep's minute: without). */
export function nextTrail(
  trail: BikeTrail,
  at: Date,
  view: BikeView,
  withMessage: boolean,
  needs: TrailNeeds,
): BikeTrail {
  if (!needsTrail(needs)) return trail;
  const next: BikeTrail = { ...trail };
  const hasPosition = view.latitude !== null && view.longitude !== null;
  if (needs.trackMinutes) {
    const since = at.getTime() - needs.trackMinutes * MINUTE;
    const track = (trail.track ?? []).filter(([ms]) => ms >= since);
    if (withMessage && hasPosition) {
      // points at least 1/48 of the window apart (the latest replaces a closer one): the 50
      // points span the window however often the module speaks
      const point: [number, number, number, number | null] = [
        at.getTime(),
        view.latitude!,
        view.longitude!,
        view.odometerKm,
      ];
      const spacing = (needs.trackMinutes * MINUTE) / (TRACK_MAX - 2);
      const previous = track[track.length - 2];
      if (previous && at.getTime() - previous[0] < spacing) track[track.length - 1] = point;
      else track.push(point);
    }
    if (track.length) next.track = track.slice(-TRACK_MAX);
    else delete next.track;
  } else delete next.track;
  if (needs.parked && !view.moving && view.bikeBattery !== null)
    next.parkedBattery = Math.min(trail.parkedBattery ?? view.bikeBattery, view.bikeBattery);
  else delete next.parkedBattery;
  if (!needs.inside) delete next.lastInside;
  else if (!view.outsideServiceArea && hasPosition)
    next.lastInside = [view.latitude!, view.longitude!];
  return next;
}

/**
 * Whether a trail changed enough to be written. Not written: the track's last point replaced (a
 * point of the track is a place the bike was at that time: the written track stays a true,
 * sparser one), the last position inside while the bike is inside (the batch takes it from the
 * bike's position when it leaves: `seedInside`).
 */
export function trailChanged(before: BikeTrail, after: BikeTrail, outside: boolean): boolean {
  if (before.parkedBattery !== after.parkedBattery) return true;
  const [b, a] = [before.track ?? [], after.track ?? []];
  if (b.length !== a.length || b[0]?.[0] !== a[0]?.[0]) return true;
  if (!outside) return false;
  return (
    before.lastInside?.[0] !== after.lastInside?.[0] ||
    before.lastInside?.[1] !== after.lastInside?.[1]
  );
}

/** The last position inside, when the bike was inside before the batch: its position then. */
export function seedInside(
  trail: BikeTrail,
  needs: TrailNeeds,
  wasInside: boolean,
  view: BikeView,
): BikeTrail {
  if (!needs.inside || !wasInside || view.latitude === null || view.longitude === null)
    return trail;
  return { ...trail, lastInside: [view.latitude, view.longitude] };
}

/** The track within a window of `minutes` before `at`. */
export const trackWithin = (trail: BikeTrail | undefined, at: Date, minutes: number) =>
  (trail?.track ?? []).filter(([ms]) => ms >= at.getTime() - minutes * MINUTE);

// What the rules remember of a bike whatever the rule (ADR 0135): its recent positions (the
// distance tests' window), its lowest battery since it parked, its last position inside the
// service area. These are facts of the bike, not of a rule — a thousand distance rules share one
// track — so they are kept once per bike (`rule_trail`), folded message after message by the
// batch, the dry run and the sweep alike, and read by the evaluation from the observation.
import type { RuleCondition } from '@vfm/contract';
import type { BikeView } from './evaluate';

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
    if (withMessage && hasPosition)
      track.push([at.getTime(), view.latitude!, view.longitude!, view.odometerKm]);
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

/** The track within a window of `minutes` before `at`. */
export const trackWithin = (trail: BikeTrail | undefined, at: Date, minutes: number) =>
  (trail?.track ?? []).filter(([ms]) => ms >= at.getTime() - minutes * MINUTE);

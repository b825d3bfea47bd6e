// How fast a fleet may write zone corners (ADR 0119): checking, simplifying and storing a zone
// costs the server in proportion to its corners, on the cores every fleet shares. The corner
// budget bounds what a fleet keeps; this bounds how often it may rewrite it — a token bucket per
// fleet of ZONE_WRITE_CORNERS_PER_10_MIN corners (by default twice the budget: a whole fleet's
// zones imported, fixed and imported again), refilled evenly over 10 minutes. A write that does
// not fit is refused at once with 429 and the seconds until it would, before any costly check;
// deleting costs nothing. Per API process: behind several, a fleet's rate is theirs together.
import { HttpProblem } from '../../lib/problem';

const WINDOW_MS = 10 * 60_000;

export class ZoneWriteBudget {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly capacity: number) {}

  /** Takes `corners` from the fleet's bucket, or throws the 429 that says when they fit. */
  spend(fleetId: string, corners: number, nowMs: number): void {
    const refill = this.capacity / WINDOW_MS;
    const bucket = this.buckets.get(fleetId) ?? { tokens: this.capacity, at: nowMs };
    const tokens = Math.min(this.capacity, bucket.tokens + (nowMs - bucket.at) * refill);
    if (corners > tokens) {
      this.buckets.set(fleetId, { tokens, at: nowMs });
      const waitMs = (Math.min(corners, this.capacity) - tokens) / refill;
      const params = {
        corners: corners.toLocaleString('en'),
        capacity: this.capacity.toLocaleString('en'),
      };
      throw new HttpProblem(
        429,
        'ZONE_WRITE_RATE',
        'Too many requests',
        `Zones of ${params.corners} corners are more than this fleet may write now ` +
          `(${params.capacity} corners per 10 minutes): try again later.`,
        { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), params },
      );
    }
    this.buckets.set(fleetId, { tokens: tokens - corners, at: nowMs });
  }
}

const budgets = new WeakMap<object, ZoneWriteBudget>();

/** The budget of one server (its context), made on first use. */
export function zoneWriteBudget(owner: object, capacity: number): ZoneWriteBudget {
  let budget = budgets.get(owner);
  if (!budget) budgets.set(owner, (budget = new ZoneWriteBudget(capacity)));
  return budget;
}

// How a bike looks to the rules message after message (ADR 0126): the fields of its telemetry
// carried forward, its motion by the ingest's threshold, its lock by the module's events and the
// acks of its commands, its trail (trail.ts) after each. The live batch (ingest-step.ts) and the
// dry run fold the same messages the same way, so a rule sees the same bike in both.
import type { TelemetryMessage } from '@vfm/contract';
import type { BikeView, Observation } from './evaluate';
import { nextTrail, type BikeTrail, type TrailNeeds } from './trail';

/** Below this speed a bike is PARKED: the ingest's own threshold (ingest/derive.ts). */
export const MOVING_SPEED_KMH = 3;

/** One module message, as the rules read it. */
export interface RuleMessage {
  kind: 'telemetry' | 'event' | 'ack' | 'autotest';
  seq: number;
  ts: Date;
  telemetry?: Partial<TelemetryMessage>;
  eventName?: string;
  /** an ack that worked: the commanded state (LOCK_CONTROL true…) */
  ack?: { ok: boolean; type: string; value: string };
}

const LOCKING = new Set(['ASSISTANCE_LOCKED', 'AUTO_LOCK']);

export function nextView(view: BikeView, m: RuleMessage): BikeView {
  const next: BikeView = { ...view };
  if (!next.lastCommunicationDate || m.ts > next.lastCommunicationDate)
    next.lastCommunicationDate = m.ts;
  const t = m.telemetry;
  if (t) {
    if (t.lat !== undefined && t.lon !== undefined) {
      next.latitude = t.lat;
      next.longitude = t.lon;
    }
    if (t.speedKmh !== undefined) next.moving = t.speedKmh >= MOVING_SPEED_KMH;
    if (t.bikeBattery !== undefined) next.bikeBattery = t.bikeBattery;
    if (t.iotBattery !== undefined) next.iotBattery = t.iotBattery;
    if (t.odometerKm !== undefined) next.odometerKm = t.odometerKm;
    if (t.batterySoh !== undefined) next.batterySoh = t.batterySoh;
    if (t.batteryCycles !== undefined) next.batteryCycles = t.batteryCycles;
    if (t.batteryPlugged !== undefined) next.batteryPlugged = t.batteryPlugged;
    if (t.assistanceLocked !== undefined) next.assistanceLocked = t.assistanceLocked;
    if (t.externalPower !== undefined) next.externalPower = t.externalPower;
  }
  if (m.eventName && LOCKING.has(m.eventName)) next.assistanceLocked = true;
  if (m.eventName === 'ASSISTANCE_UNLOCKED') next.assistanceLocked = false;
  if (m.ack?.ok && m.ack.type === 'LOCK_CONTROL') next.assistanceLocked = m.ack.value === 'true';
  return next;
}

const NO_NEEDS: TrailNeeds = { trackMinutes: 0, parked: false, inside: false };

/** Each message of a bike, oldest first, as the observation after it (with the bike's trail when
 *  its rules need one). */
export function observe(
  start: BikeView,
  messages: RuleMessage[],
  trailStart: BikeTrail = {},
  needs: TrailNeeds = NO_NEEDS,
): Observation[] {
  let view = start;
  let trail = trailStart;
  return [...messages]
    .sort((a, b) => a.ts.getTime() - b.ts.getTime() || a.seq - b.seq)
    .map((m) => {
      view = nextView(view, m);
      trail = nextTrail(trail, m.ts, view, true, needs);
      return {
        at: m.ts,
        view,
        trail,
        message: {
          kind: m.kind,
          seq: m.seq,
          ...(m.telemetry?.speedKmh !== undefined ? { speedKmh: m.telemetry.speedKmh } : {}),
          ...(m.telemetry?.batteryPresent !== undefined
            ? { batteryPresent: m.telemetry.batteryPresent }
            : {}),
          ...(m.eventName ? { eventName: m.eventName } : {}),
        },
      };
    });
}

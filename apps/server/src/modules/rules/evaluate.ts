// The one evaluation of a rule (ADR 0126, docs/rules.md): pure — a rule, what it remembers of a
// bike, one observation of that bike (after a message, or at a sweep's minute without one) →
// what it remembers now, whether it fires and since when. The ingest's batch (live), the sweep
// (durations, absences, schedules) and the dry run (stored telemetry) all call it; none has its
// own idea of what a condition means.
import type { RuleCondition, RulePredicate } from '@vfm/contract';
import type { BikeView } from './bike-as-seen';
import { trackWithin, type BikeTrail } from './trail';

export type { BikeView } from './bike-as-seen';

/** The message behind an observation; null at a sweep. */
export interface ObservedMessage {
  kind: 'telemetry' | 'event' | 'ack' | 'autotest';
  seq: number | null;
  speedKmh?: number;
  /** telemetry batteryPresent (docs/mqtt.md), when the module says */
  batteryPresent?: boolean;
  eventName?: string;
}

export interface Observation {
  at: Date;
  view: BikeView;
  message: ObservedMessage | null;
  /** what is remembered of the bike whatever the rule, this observation included (trail.ts) */
  trail?: BikeTrail;
}

export interface EvaluableRule {
  condition: RuleCondition;
  latch: boolean;
}

export interface MessageRef {
  seq: number | null;
  at: string;
  kind: string;
}

/** What a rule remembers of one bike (rule_state.memory): JSON, small. */
export interface RuleMemory {
  /** the last truth of each test (1/0), for what an observation cannot tell (speed at a sweep) */
  truth?: number[];
  holdsSince?: string;
  /** when the tests started to hold, within the `times` window */
  starts?: string[];
  /** the condition's own result at the last observation (an edge starts a latched occurrence) */
  cond?: boolean;
  firingSince?: string;
  /** the messages while the tests held (the first one and the latest) */
  refs?: MessageRef[];
}

export interface Evaluation {
  memory: RuleMemory;
  firingSince: Date | null;
  /** a new occurrence began at this observation: its actions run */
  started: boolean;
  /** the messages that made it fire */
  refs: MessageRef[];
}

const MINUTE = 60_000;

/** Great-circle distance in km (the ingest's own formula: ingest/derive.ts). */
function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}
const REFS_MAX = 5;
/** A van hop: the odometer advanced less than this share of the GPS distance. */
const RIDE_SHARE = 0.25;

const truthOf = (value: boolean) => (value ? 1 : 0);

/** the bike's flag for each place a zone predicate names (RULE_ZONE_PLACES) */
const PLACE_FLAGS: Record<string, 'outsideServiceArea' | 'inNoRideZone' | 'inNoParkingZone'> = {
  OUTSIDE_SERVICE_AREA: 'outsideServiceArea',
  IN_NO_RIDE_ZONE: 'inNoRideZone',
  IN_NO_PARKING_ZONE: 'inNoParkingZone',
};

function compare(actual: number | null | undefined, op: string, value: number) {
  if (actual === null || actual === undefined) return undefined;
  if (op === 'lt') return actual < value;
  if (op === 'le') return actual <= value;
  if (op === 'gt') return actual > value;
  return actual >= value;
}

/** Whether one test holds; undefined when this observation cannot tell. A test reads the
 *  observation only (what it needs of the past is the bike's trail): the compiled index
 *  (rule-index.ts) tests one once for all the rules that share it. */
export function testPredicate(p: RulePredicate, obs: Observation): boolean | undefined {
  const { view, message, at, trail } = obs;
  switch (p.type) {
    case 'threshold':
      if (p.field === 'speedKmh') return compare(message?.speedKmh, p.op, p.value);
      return compare(view[p.field], p.op, p.value);
    case 'availability':
      return (
        (p.in as string[]).includes(view.availability) ||
        (Boolean(p.orAssistanceLocked) && view.assistanceLocked)
      );
    case 'assistanceLocked':
      return view.assistanceLocked === p.value;
    case 'moving':
      return view.moving === p.value;
    case 'zone':
      return view[PLACE_FLAGS[p.place] ?? 'inNoParkingZone'] === p.value;
    case 'inZone':
      return view.zoneIds.includes(p.zoneId) === p.value;
    case 'outsideServiceAreaBy': {
      if (!view.outsideServiceArea || !trail?.lastInside || view.latitude === null) return false;
      const [lat, lon] = trail.lastInside;
      return haversineKm(lat, lon, view.latitude, view.longitude!) > p.km;
    }
    case 'distanceMoved':
      return distanceMoved(trackWithin(trail, at, p.minutes), p);
    case 'silentFor':
      return (
        view.lastCommunicationDate !== null &&
        at.getTime() - view.lastCommunicationDate.getTime() >= p.minutes * MINUTE
      );
    case 'noOpenTask':
      return p.kinds
        ? !view.openTaskKinds.some((kind) => (p.kinds as string[]).includes(kind))
        : view.openTaskKinds.length === 0;
    case 'batteryPlugged':
      return view.batteryPlugged === p.value;
    case 'batteryRemoved':
      // a telemetry message that does not say leaves the last truth (unknown)
      return message?.batteryPresent === undefined ? undefined : !message.batteryPresent;
    case 'batteryRiseWhileParked':
      return (
        !view.moving &&
        view.bikeBattery !== null &&
        trail?.parkedBattery !== undefined &&
        view.bikeBattery - trail.parkedBattery >= p.percent
      );
    case 'externalPower':
      return view.externalPower === null ? undefined : view.externalPower === p.value;
    case 'event':
      // a module event holds for its own message only
      return message?.kind === 'event' && message.eventName === p.name;
    case 'schedule':
      return inSchedule(p, at);
  }
}

function distanceMoved(
  window: NonNullable<BikeTrail['track']>,
  p: Extract<RulePredicate, { type: 'distanceMoved' }>,
): boolean {
  if (window.length < 2) return false;
  const [, lat0, lon0, odo0] = window[0]!;
  const [, lat1, lon1, odo1] = window[window.length - 1]!;
  const km = haversineKm(lat0, lon0, lat1, lon1);
  if (km < p.km) return false;
  if (!p.withoutRide) return true;
  // no ride: the wheel's odometer hardly moved (unknown odometer: not a ride either)
  return odo0 === null || odo1 === null || odo1 - odo0 < km * RIDE_SHARE;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The day (0 = Sunday) and minute of the day at `at` in a time zone (UTC: the fast way). */
export function localClock(at: Date, timeZone?: string): { day: number; minutes: number } {
  if (!timeZone || timeZone === 'UTC')
    return { day: at.getUTCDay(), minutes: at.getUTCHours() * 60 + at.getUTCMinutes() };
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  let day = 0;
  let minutes = 0;
  for (const part of clock.formatToParts(at)) {
    if (part.type === 'weekday')
      day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part.value);
    else if (part.type === 'hour') minutes += Number(part.value) * 60;
    else if (part.type === 'minute') minutes += Number(part.value);
  }
  return { day, minutes };
}

function inSchedule(p: Extract<RulePredicate, { type: 'schedule' }>, at: Date): boolean {
  const { day, minutes } = localClock(at, p.timeZone);
  const [fh, fm] = p.from.split(':').map(Number);
  const [th, tm] = p.to.split(':').map(Number);
  const from = fh! * 60 + fm!;
  const to = th! * 60 + tm!;
  if (from <= to) return p.days.includes(day) && minutes >= from && minutes < to;
  // over midnight: the evening belongs to the day named, the morning to the day after it
  if (minutes >= from) return p.days.includes(day);
  return minutes < to && p.days.includes((day + 6) % 7);
}

type LegacyMemory = RuleMemory & { track?: unknown; parkedBattery?: unknown; lastInside?: unknown };

/** One observation of one bike by one rule. */
export function evaluateRule(
  rule: EvaluableRule,
  memory: RuleMemory,
  obs: Observation,
): Evaluation {
  const { condition } = rule;
  const at = obs.at;
  // what earlier versions kept here per rule is the bike's trail now (ADR 0135)
  const { track: _t, parkedBattery: _p, lastInside: _l, ...kept } = memory as LegacyMemory;
  const next: RuleMemory = kept;
  const truth = condition.all.map((p, index) => {
    const known = testPredicate(p, obs);
    return known === undefined ? (memory.truth?.[index] ?? 0) : truthOf(known);
  });
  next.truth = truth;
  const holds = truth.every((t) => t === 1);
  const held = Boolean(memory.holdsSince);
  const iso = at.toISOString();

  if (holds) {
    next.holdsSince = held ? memory.holdsSince : iso;
    if (obs.message) {
      const refs = [
        ...(held ? (memory.refs ?? []) : []),
        { seq: obs.message.seq, at: iso, kind: obs.message.kind },
      ];
      next.refs = refs.length > REFS_MAX ? [refs[0]!, ...refs.slice(-(REFS_MAX - 1))] : refs;
    }
  } else {
    delete next.holdsSince;
    if (!condition.times) delete next.refs;
  }

  if (condition.times) {
    const since = at.getTime() - condition.times.minutes * MINUTE;
    const starts = (memory.starts ?? []).filter((s) => Date.parse(s) >= since);
    if (holds && !held) starts.push(iso);
    next.starts = starts.slice(-condition.times.count);
  }

  const long = condition.forMinutes
    ? holds && at.getTime() - Date.parse(next.holdsSince!) >= condition.forMinutes * MINUTE
    : holds;
  const cond = condition.times
    ? (next.starts?.length ?? 0) >= condition.times.count && (long || !condition.forMinutes)
    : long;
  next.cond = cond;

  let firingSince: string | undefined;
  let started = false;
  if (rule.latch) {
    // a latched occurrence lasts until cleared by hand; each new start is a new occurrence
    started = cond && !memory.cond;
    firingSince = started ? iso : memory.firingSince;
  } else {
    started = cond && !memory.firingSince;
    firingSince = cond ? (memory.firingSince ?? iso) : undefined;
  }
  if (firingSince) next.firingSince = firingSince;
  else delete next.firingSince;
  return {
    memory: next,
    firingSince: firingSince ? new Date(firingSince) : null,
    started,
    refs: next.refs ?? [],
  };
}

/** Whether a memory is worth a row: something held, fired or is remembered. */
export function worthKeeping(memory: RuleMemory): boolean {
  return Boolean(memory.holdsSince || memory.firingSince || memory.starts?.length);
}

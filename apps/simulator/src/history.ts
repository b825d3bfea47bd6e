// The past of a simulated module (DESIGN §2: "30 days of history so statistics are meaningful
// at once"): rides between stations with their thinned telemetry, heartbeats, self-diagnosis,
// alarms, a rider's theft declaration now and then, and the manager's commands. Pure: the
// server's demo seed writes it to the database once.
import type { AutotestResult, CommandType, IotMode } from '@vfm/contract';
import { HOURLY_PROFILE, STATIONS, positionAlong, type Point, type Route } from './city';
import { between, chance, createRng, hashString, pick, poisson, type Rng } from './random';
import { autotestResults, isSilentModule, type ModuleInit } from './module-profile';
import { WH_PER_KM, createPack, drain, packReport, sohOf, type SimPack } from './battery-pack';
import { demandTrip } from './demand';

export interface HistoryTelemetry {
  seq: number;
  ts: Date;
  lat: number;
  lon: number;
  speedKmh: number;
  mode: IotMode;
  bikeBattery: number;
  iotBattery: number;
  batteryPlugged: boolean;
  assistanceLocked: boolean;
  odometerKm: number;
  /** what the module reports of its pack (docs/battery.md) */
  pack?: ReturnType<typeof packReport>;
}

export interface HistoryTrip {
  startedAt: Date;
  endedAt: Date;
  distanceKm: number;
  durationMinutes: number;
  start: Point;
  end: Point;
}

export interface HistoryEvent {
  seq: number | null;
  ts: Date;
  name: string;
  source: 'MODULE' | 'RIDER' | 'MANAGER';
  data: Record<string, unknown> | null;
  /** alerts the manager has dealt with */
  acknowledged: boolean;
}

export interface HistoryCommand {
  requestedAt: Date;
  acknowledgedAt: Date;
  type: CommandType;
  value: string;
  status: 'ACKNOWLEDGED' | 'FAILED';
}

export interface BikeHistory {
  moduleId: string;
  telemetry: HistoryTelemetry[];
  /** positions recorded during the rides besides the thinned telemetry: each turn of a ride's
   * route when the bike passes it, so that a trip's replay follows the streets */
  ridePositions: HistoryTelemetry[];
  trips: HistoryTrip[];
  events: HistoryEvent[];
  autotests: Array<{ seq: number; ts: Date; results: AutotestResult[] }>;
  commands: HistoryCommand[];
  /** the bike's two packs, swapped in turn, ageing (battery-pack.ts): the truth of the estimates */
  packs: SimPack[];
  /** the module's state at the end of the history: where the live simulator starts */
  final: Required<Omit<ModuleInit, 'moduleId' | 'batteryNumber' | 'silent'>> & {
    batteryNumber: string;
    lastTs: Date;
  };
}

export interface HistoryOptions {
  days: number;
  now: number;
  tripsPerDay?: number;
  /** the module stopped talking 8 to 20 days ago (default: about 1 in 100, by its id) */
  silent?: boolean;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** the city event night (every bike locked for the night: the demo shows a bike's commands) */
const EVENT_NIGHT_DAYS_AGO = 10;
const PROFILE_TOTAL = HOURLY_PROFILE.reduce((a, b) => a + b, 0);

function randomHour(rng: Rng): number {
  let r = rng() * PROFILE_TOTAL;
  for (let h = 0; h < 24; h += 1) {
    r -= HOURLY_PROFILE[h]!;
    if (r <= 0) return h;
  }
  return 12;
}

/** The turns of a route between its ends, each with the time a bike riding it at a constant
 * speed from `start` to `end` passes there. */
export function turnsAlong(route: Route, start: number, end: number) {
  const turns: Array<{ ts: number; point: Point }> = [];
  let km = 0;
  for (let i = 1; i < route.points.length - 1; i += 1) {
    km += route.legs[i - 1]!;
    const [a, b, c] = [route.points[i - 1]!, route.points[i]!, route.points[i + 1]!];
    const straight = (a.lat === b.lat && b.lat === c.lat) || (a.lon === b.lon && b.lon === c.lon);
    if (!straight && route.km > 0) {
      turns.push({ ts: start + (km / route.km) * (end - start), point: b });
    }
  }
  return turns;
}

export function generateHistory(moduleId: string, options: HistoryOptions): BikeHistory {
  const rng = createRng(hashString(`history:${moduleId}`));
  const tripsPerDay = options.tripsPerDay ?? 4;
  const start = options.now - options.days * DAY;
  // a silent module stopped talking 8 to 20 days ago (LACK_MODULE_COMM)
  const end =
    (options.silent ?? isSilentModule(moduleId))
      ? options.now - between(rng, 8, 20) * DAY
      : options.now - between(rng, 5, 50) * 60_000;
  let position = pick(rng, STATIONS);
  let odometerKm = Math.round(between(rng, 50, 2500) * 10) / 10;
  let bikeBattery = between(rng, 50, 100);
  let iotBattery = between(rng, 60, 100);
  // two packs per bike, one in the bike and one charged at the depot, swapped in turn
  const packNumber = `BAT-${(hashString(moduleId) % 100_000).toString().padStart(5, '0')}`;
  const packs = [createPack(`${packNumber}A`), createPack(`${packNumber}B`)];
  let pack = packs[0]!;
  let lastSeq = 0;
  const seqAt = (ts: number) => (lastSeq = Math.max(lastSeq + 1, Math.floor(ts)));

  const history: BikeHistory = {
    moduleId,
    telemetry: [],
    ridePositions: [],
    trips: [],
    events: [],
    autotests: [],
    commands: [],
    packs,
    final: null as never,
  };
  const point = (
    ts: number,
    p: Point,
    speedKmh: number,
    mode: IotMode,
    into: HistoryTelemetry[] = history.telemetry,
  ) =>
    into.push({
      seq: seqAt(ts),
      ts: new Date(ts),
      lat: p.lat,
      lon: p.lon,
      speedKmh,
      mode,
      bikeBattery: Math.round(bikeBattery),
      iotBattery: Math.round(iotBattery),
      batteryPlugged: false,
      assistanceLocked: false,
      odometerKm: Math.round(odometerKm * 1000) / 1000,
      pack: packReport(pack, new Date(ts).getUTCHours(), speedKmh > 0),
    });
  const event = (
    ts: number,
    name: string,
    source: HistoryEvent['source'],
    data: HistoryEvent['data'] = null,
    acknowledged = false,
  ) =>
    history.events.push({
      seq: source === 'MANAGER' ? null : seqAt(ts),
      ts: new Date(ts),
      name,
      source,
      data,
      acknowledged,
    });

  // the night of a city event, ten days before the end, when every bike is locked
  const eventNight = end - (end % DAY) - EVENT_NIGHT_DAYS_AGO * DAY;
  for (let day = start - (start % DAY); day < end; day += DAY) {
    const weekend = [0, 6].includes(new Date(day).getUTCDay());
    const starts = Array.from(
      { length: poisson(rng, tripsPerDay * (weekend ? 0.7 : 1)) },
      () => day + randomHour(rng) * HOUR + rng() * HOUR,
    ).sort((a, b) => a - b);
    let free = day;
    for (const heartbeat of [6, 18]) {
      const ts = day + heartbeat * HOUR + rng() * HOUR;
      if (ts > start && ts < end) point(ts, position, 0, 'STANDBY');
    }
    for (const tripStart of starts) {
      if (tripStart < Math.max(free, start) || tripStart >= end) continue;
      const route = demandTrip(rng, position, tripStart);
      const speed = between(rng, 12, 20);
      const tripEnd = tripStart + (route.km / speed) * HOUR;
      if (tripEnd >= end) break;
      const middle = (tripStart + tripEnd) / 2;
      const turns = turnsAlong(route, tripStart, tripEnd);
      const ride = (ts: number, p: Point) =>
        point(ts, p, Math.round(speed), 'NAVIGATION', history.ridePositions);
      point(tripStart, position, Math.round(speed), 'NAVIGATION');
      for (const turn of turns) if (turn.ts < middle) ride(turn.ts, turn.point);
      point(middle, positionAlong(route, route.km / 2), Math.round(speed), 'NAVIGATION');
      for (const turn of turns) if (turn.ts > middle) ride(turn.ts, turn.point);
      odometerKm += route.km;
      bikeBattery = Math.max(3, bikeBattery - drain(pack, route.km * WH_PER_KM));
      iotBattery = Math.max(10, iotBattery - 0.3);
      const endPoint = route.points[route.points.length - 1]!;
      point(tripEnd, endPoint, 0, 'STANDBY');
      history.trips.push({
        startedAt: new Date(tripStart),
        endedAt: new Date(tripEnd),
        distanceKm: Math.round(route.km * 1000) / 1000,
        durationMinutes: Math.round(((tripEnd - tripStart) / 60_000) * 100) / 100,
        start: position,
        end: endPoint,
      });
      position = endPoint;
      free = tripEnd + 5 * 60_000;
    }
    // the night round: low batteries swapped, module batteries topped up
    if (bikeBattery < 25) {
      bikeBattery = between(rng, 92, 100);
      pack = pack === packs[0] ? packs[1]! : packs[0]!;
    }
    iotBattery = Math.min(100, iotBattery + 2);
    const at = (hours: number) => day + hours * HOUR;
    if (new Date(day).getUTCDay() === 1 && at(3) > start && at(3) < end) {
      const results = autotestResults(rng, bikeBattery);
      history.autotests.push({ seq: seqAt(at(3)), ts: new Date(at(3)), results });
      const count = (status: string) => results.filter((r) => r.status === status).length;
      event(at(3) + 1, 'AUTOTEST', 'MODULE', { ok: count('OK'), ko: count('KO'), na: count('NA') });
    }
    if (chance(rng, 1 / 45, 1) && at(2) > start && at(2) < end) {
      event(at(2), 'ALARM_TRIGGERED', 'MODULE', { trigger: 'movement' }, true);
    }
    if (chance(rng, 1 / 600, 1) && at(20) > start && at(20) + 6 * HOUR < end) {
      event(at(20), 'THEFT_DECLARED', 'RIDER', { channel: 'app' });
      event(at(20) + between(rng, 1, 6) * HOUR, 'THEFT_CANCELLED', 'RIDER', { channel: 'app' });
    }
    // a manager locks the assistance for the night and unlocks it in the morning: now and then,
    // and every bike on the city's event night (no random draw for it: the rest of the history
    // stays as it was)
    const nightLock = chance(rng, 1 / 20, 1);
    if ((nightLock || day === eventNight) && at(22) > start && at(22) + 9 * HOUR < end) {
      for (const [offset, value] of [
        [22, 'true'],
        [31, 'false'],
      ] as const) {
        const requestedAt = at(offset);
        history.commands.push({
          requestedAt: new Date(requestedAt),
          acknowledgedAt: new Date(requestedAt + (nightLock ? between(rng, 800, 2500) : 1_400)),
          type: 'LOCK_CONTROL',
          value,
          status: 'ACKNOWLEDGED',
        });
      }
    }
  }
  const lastTs = history.telemetry.at(-1)?.ts ?? new Date(end);
  if (!history.telemetry.length || lastTs.getTime() < end - 6 * HOUR)
    point(end, position, 0, 'STANDBY');
  history.events.sort((a, b) => a.ts.getTime() - b.ts.getTime());
  history.final = {
    position,
    odometerKm: Math.round(odometerKm * 1000) / 1000,
    bikeBattery: Math.round(bikeBattery),
    iotBattery: Math.round(iotBattery),
    mode: 'STANDBY',
    assistanceLocked: false,
    alarmActive: false,
    batteryNumber: pack.id,
    batterySoh: Math.round(sohOf(pack) * 100),
    batteryCycles: Math.round(pack.ageCycles + pack.cycles),
    lastTs: history.telemetry.at(-1)!.ts,
  };
  return history;
}

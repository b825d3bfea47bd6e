// One simulated IoT module (DESIGN §2, §6; docs/mqtt.md), what a city bike's module sends: pure and
// clock-driven — tick(now) returns the messages due; the fleet runner does the I/O, tests drive time.
import {
  ALARM_SILENT_MODES,
  REPORT_INTERVAL_SECONDS,
  type CommandMessage,
  type IotMode,
  type TelemetryMessage,
  type UpKind,
} from '@vfm/contract';
import { STATIONS, positionAlong, shortMove, type Point, type Route } from './city';
import {
  DEFAULT_BEHAVIOUR,
  FIRMWARES,
  MEAN_RIDE_SECONDS,
  autotestResults,
  firmwareOf,
  isSilentModule,
  tripRate,
  type BehaviourOptions,
  type ModuleInit,
  type OutMessage,
} from './module-profile';
import { between, chance, createRng, hashString, pick, type Rng } from './random';
import { WH_PER_KM, createPack, drain, packReport, type SimPack } from './battery-pack';
import { demandTrip } from './demand';
import { TamperScenario } from './tamper';

const DAY_S = 86_400;

export class SimulatedModule {
  readonly moduleId: string;
  readonly silent: boolean;
  private readonly rng: Rng;
  private readonly options: BehaviourOptions;
  private position: Point;
  private odometerKm: number;
  private bikeBattery: number;
  private iotBattery: number;
  private mode: IotMode;
  private locked: boolean;
  private alarm: boolean;
  private plugged = false;
  private batteryNumber: string;
  private batterySoh: number;
  private batteryCycles: number;
  /** the pack in the bike and those it had, ageing (battery-pack.ts, docs/battery.md) */
  private pack: SimPack;
  private readonly packs = new Map<string, SimPack>();
  private firmware: string;
  private route: Route | null = null;
  private routeKm = 0;
  private speedKmh = 0;
  /** the highest speed a SPEED_LIMIT command set (a slow zone's; 0: none — docs/mqtt.md) */
  private speedLimitKmh = 0;
  private lastTick: number | null = null;
  private lastSeq = 0;
  private nextReportAt = 0;
  private nextAutotestAt = 0;
  private theftCancelAt: number | null = null;
  private theftDeclared = false;
  private acks: Array<{ at: number; command: CommandMessage; ok: boolean }> = [];
  private readonly tamper: TamperScenario;

  constructor(
    init: ModuleInit,
    options: Partial<BehaviourOptions> = {},
    seed = hashString(init.moduleId),
  ) {
    this.moduleId = init.moduleId;
    this.silent = init.silent ?? isSilentModule(init.moduleId);
    this.rng = createRng(seed);
    this.options = { ...DEFAULT_BEHAVIOUR, ...options };
    this.position = init.position ?? pick(this.rng, STATIONS);
    this.odometerKm = init.odometerKm ?? Math.round(between(this.rng, 50, 3000));
    this.bikeBattery = init.bikeBattery ?? Math.round(between(this.rng, 30, 100));
    this.iotBattery = init.iotBattery ?? Math.round(between(this.rng, 40, 100));
    this.mode = init.mode ?? 'STANDBY';
    this.locked = init.assistanceLocked ?? false;
    this.alarm = init.alarmActive ?? false;
    this.batteryNumber =
      init.batteryNumber ??
      `BAT-${(hashString(init.moduleId) % 100_000).toString().padStart(5, '0')}`;
    this.batterySoh = init.batterySoh ?? Math.round(between(this.rng, 80, 100));
    this.batteryCycles = init.batteryCycles ?? Math.round(between(this.rng, 10, 400));
    this.pack = this.packOf(this.batteryNumber);
    // the draw is kept so that a module's later random choices stay as they were
    pick(this.rng, FIRMWARES);
    this.firmware = firmwareOf(init.moduleId);
    this.tamper = new TamperScenario(init.moduleId, this.options.tamperingsPerDay);
  }

  get moving() {
    return this.route !== null;
  }

  /** The mode the module reports: STANDBY is automatic (NAVIGATION while moving). */
  get effectiveMode(): IotMode {
    if (this.mode !== 'STANDBY') return this.mode;
    if (this.route) return 'NAVIGATION';
    return this.iotBattery < 15 && !this.plugged ? 'LOW_POWER' : 'STANDBY';
  }

  get state() {
    return {
      position: this.position,
      odometerKm: this.odometerKm,
      bikeBattery: this.bikeBattery,
      iotBattery: this.iotBattery,
      mode: this.mode,
      assistanceLocked: this.locked,
      alarmActive: this.alarm,
      moving: this.moving,
    };
  }

  /** A command from the server: applied and acknowledged about a second later. */
  receiveCommand(command: CommandMessage, now: number) {
    if (this.acks.some((a) => a.command.commandId === command.commandId)) return; // redelivery
    const ok = Date.parse(command.expiresAt) > now && this.rng() >= this.options.ackErrorRate;
    this.acks.push({ at: now + between(this.rng, 700, 1400), command, ok });
  }

  private get rideable(): boolean {
    return (
      !this.locked &&
      !this.alarm &&
      !this.plugged &&
      this.bikeBattery > 5 &&
      !['STORAGE', 'TRANSPORT'].includes(this.mode)
    );
  }

  /**
   * A warm start (the demo): the bike is already somewhere along a ride with the probability
   * that a bike rides at this hour once the fleet has settled (rate × mean ride time), so a
   * fresh demo is alive at once instead of after the length of a ride. True when it rides.
   */
  warmStart(now: number): boolean {
    if (this.silent || this.route || !this.rideable) return false;
    if (this.rng() >= Math.min(0.5, tripRate(this.options.tripsPerDay, now) * MEAN_RIDE_SECONDS))
      return false;
    this.startTrip(now);
    this.routeKm = this.route!.km * this.rng() * 0.9;
    this.position = positionAlong(this.route!, this.routeKm);
    return true;
  }

  /** Starts a ride now (tests, load). */
  startTrip(now: number) {
    this.route = demandTrip(this.rng, this.position, now);
    this.routeKm = 0;
    this.speedKmh = between(this.rng, 12, 22);
    if (this.speedLimitKmh) this.speedKmh = Math.min(this.speedKmh, this.speedLimitKmh);
    this.nextReportAt = now;
  }

  /** What the module sends at `now`: acks due, then the ride or the parked life, rider
   * declarations, a daily self-diagnosis and the telemetry when a report is due. */
  tick(now: number): OutMessage[] {
    if (this.silent) return [];
    const dt = this.lastTick === null ? 0 : Math.max(0, (now - this.lastTick) / 1000);
    if (this.lastTick === null) {
      // a module reports when it (re)connects, then by mode; autotests once a day
      this.nextReportAt = now + between(this.rng, 0, 5000);
      this.nextAutotestAt = now + between(this.rng, 0, DAY_S * 1000);
    }
    this.lastTick = now;
    const out: OutMessage[] = [];
    let report = this.deliverAcks(now, out);
    if (this.route) report = this.ride(dt) || report;
    else report = this.park(now, dt, out) || report;
    this.declarations(now, dt, out);
    this.autotestIfDue(now, out);
    this.reportIfDue(now, report, out);
    return out;
  }

  /** The acks whose time has come, the command applied when it worked; true if any (DESIGN §6:
   * the new state follows in the next telemetry). */
  private deliverAcks(now: number, out: OutMessage[]): boolean {
    let delivered = false;
    for (const ack of this.acks.filter((a) => a.at <= now)) {
      this.acks.splice(this.acks.indexOf(ack), 1);
      if (ack.ok) this.apply(ack.command);
      out.push(
        this.message('ack', now, {
          commandId: ack.command.commandId,
          status: ack.ok ? 'OK' : 'ERROR',
          ...(ack.ok ? {} : { detail: 'actuator did not respond' }),
        }),
      );
      delivered = true;
    }
    return delivered;
  }

  private autotestIfDue(now: number, out: OutMessage[]) {
    if (now < this.nextAutotestAt) return;
    this.nextAutotestAt = now + DAY_S * 1000;
    out.push(
      this.message('autotest', now, { results: autotestResults(this.rng, this.bikeBattery) }),
    );
  }

  /** Telemetry when something changed or the mode's interval (DESIGN §6) has passed. */
  private reportIfDue(now: number, changed: boolean, out: OutMessage[]) {
    if (!changed && now < this.nextReportAt) return;
    out.push(this.message('telemetry', now, this.telemetry()));
    const interval =
      this.options.reportIntervalSeconds ?? REPORT_INTERVAL_SECONDS[this.effectiveMode];
    this.nextReportAt = now + interval * 1000;
  }

  private apply(command: CommandMessage) {
    if (command.type === 'LOCK_CONTROL') this.locked = command.value === true;
    else if (command.type === 'ALARM') this.alarm = command.value === true;
    else if (command.type === 'SPEED_LIMIT') {
      this.speedLimitKmh = typeof command.value === 'number' ? command.value : 0;
      if (this.speedLimitKmh && this.speedKmh > this.speedLimitKmh)
        this.speedKmh = this.speedLimitKmh;
    } else if (typeof command.value === 'string') this.mode = command.value;
  }

  /** Moves along the route; true when the ride ended (a report is due). */
  private ride(dt: number): boolean {
    const route = this.route!;
    const step = Math.min((this.speedKmh * dt) / 3600, route.km - this.routeKm);
    this.routeKm += step;
    this.odometerKm += step;
    this.bikeBattery = Math.max(0, this.bikeBattery - drain(this.pack, step * WH_PER_KM));
    this.iotBattery = Math.max(0, this.iotBattery - (0.5 * dt) / 3600);
    this.position = positionAlong(route, this.routeKm);
    this.speedKmh = Math.min(28, Math.max(8, this.speedKmh + between(this.rng, -1.5, 1.5)));
    // the assistance stops above the limit a slow zone sent: the rider keeps under it
    if (this.speedLimitKmh) this.speedKmh = Math.min(this.speedKmh, this.speedLimitKmh);
    if (this.routeKm >= route.km - 1e-9 || this.bikeBattery <= 0) {
      this.route = null;
      this.speedKmh = 0;
      return true;
    }
    return false;
  }

  /** A parked bike: charging, the odd thief, and riders taking it; true when a report is due. */
  private park(now: number, dt: number, out: OutMessage[]): boolean {
    this.iotBattery = Math.max(0, this.iotBattery - (0.05 * dt) / 3600);
    const charging = this.charge(dt);
    if (charging !== null) return charging;
    const rate = tripRate(this.options.tripsPerDay, now);
    if (this.theftAttempt(now, dt, out)) return true;
    const tampered = this.tamper.tick(now, dt, this.position);
    if (tampered) {
      this.position = tampered.position ?? this.position;
      this.bikeBattery = Math.min(100, this.bikeBattery + (tampered.batteryRise ?? 0));
      return true;
    }
    if (this.rideable && chance(this.rng, rate, dt)) {
      this.startTrip(now);
      return true;
    }
    return false;
  }

  /** Charging, or the operator's round for a low battery: true/false when that decided the
   * tick's report (charged, swapped, plugged, still charging), null when nothing happened. */
  private charge(dt: number): boolean | null {
    if (this.plugged) {
      this.bikeBattery = Math.min(100, this.bikeBattery + (30 * dt) / 3600);
      this.iotBattery = Math.min(100, this.iotBattery + (20 * dt) / 3600);
      if (this.bikeBattery >= 100) {
        this.plugged = false;
        return true;
      }
      return null;
    }
    if (this.bikeBattery < 20 && chance(this.rng, 1 / 3600, dt)) {
      // the operator's round: a swap for a fresh battery, or a charger
      if (this.rng() < 0.5) {
        // the bike's other pack (A ↔ B, as in its history), else a fresh one
        const other = /[AB]$/.test(this.batteryNumber)
          ? this.batteryNumber.slice(0, -1) + (this.batteryNumber.endsWith('A') ? 'B' : 'A')
          : null;
        this.batteryNumber =
          other ??
          `BAT-${Math.floor(between(this.rng, 0, 100_000))
            .toString()
            .padStart(5, '0')}`;
        this.pack = this.packOf(this.batteryNumber);
        this.bikeBattery = Math.round(between(this.rng, 92, 100));
        this.batteryCycles += 1;
      } else {
        this.plugged = true;
      }
      return true;
    }
    return null;
  }

  /** Someone moves a bike that should not move (armed or locked): the alarm fires unless the
   * mode silences it (DESIGN §7), and the bike moves around the block. */
  private theftAttempt(now: number, dt: number, out: OutMessage[]): boolean {
    if (
      !(this.alarm || this.locked) ||
      !chance(this.rng, this.options.theftAttemptsPerDay / DAY_S, dt)
    )
      return false;
    if (!ALARM_SILENT_MODES.includes(this.effectiveMode)) {
      out.push(
        this.message('event', now, {
          name: 'ALARM_TRIGGERED',
          source: 'MODULE',
          data: { trigger: 'movement' },
        }),
      );
    }
    this.route = shortMove(this.rng, this.position);
    this.routeKm = 0;
    this.speedKmh = between(this.rng, 4, 8);
    return true;
  }

  private declarations(now: number, dt: number, out: OutMessage[]) {
    if (!this.theftDeclared && chance(this.rng, this.options.theftDeclarationsPerDay / DAY_S, dt)) {
      this.theftDeclared = true;
      out.push(
        this.message('event', now, {
          name: 'THEFT_DECLARED',
          source: 'RIDER',
          data: { channel: 'app' },
        }),
      );
      // half of the "stolen" bikes turn up again within hours
      this.theftCancelAt = this.rng() < 0.5 ? now + between(this.rng, 1, 8) * 3_600_000 : null;
    } else if (this.theftCancelAt !== null && now >= this.theftCancelAt) {
      this.theftCancelAt = null;
      this.theftDeclared = false;
      out.push(
        this.message('event', now, {
          name: 'THEFT_CANCELLED',
          source: 'RIDER',
          data: { channel: 'app' },
        }),
      );
    }
  }

  private packOf(id: string): SimPack {
    let pack = this.packs.get(id);
    if (!pack) this.packs.set(id, (pack = createPack(id)));
    return pack;
  }

  /** The truth of the packs this module has carried (docs/battery.md). */
  get simulatedPacks(): readonly SimPack[] {
    return [...this.packs.values()];
  }

  private telemetry(): Partial<TelemetryMessage> {
    return {
      lat: this.position.lat,
      lon: this.position.lon,
      speedKmh: Math.round(this.speedKmh * 10) / 10,
      mode: this.effectiveMode,
      bikeBattery: Math.round(this.bikeBattery),
      iotBattery: Math.round(this.iotBattery),
      batteryPlugged: this.plugged,
      assistanceLocked: this.locked,
      alarmActive: this.alarm,
      odometerKm: Math.round(this.odometerKm * 1000) / 1000,
      batterySoh: this.batterySoh,
      // the pack's number, its energy counter, temperature and cycles (docs/battery.md)
      ...packReport(this.pack, new Date().getUTCHours(), this.speedKmh > 0),
      firmware: this.firmware,
      hardware: 'VFM-IOT-3',
      ...this.tamper.telemetry(),
    };
  }

  /** A firmware step as `up/firmware` (docs/mqtt.md "Firmware"), with the module's own seq. */
  firmwareMessage(now: number, step: Record<string, unknown>): OutMessage {
    return this.message('firmware', now, step);
  }

  /** Rebooted on a new firmware: the next telemetry, sent at once, reports it. */
  installFirmware(version: string) {
    this.firmware = version;
    this.nextReportAt = 0;
  }

  get firmwareVersion() {
    return this.firmware;
  }

  /** seq: per-module monotonic and never reused, even across restarts (epoch ms based). */
  private message(kind: UpKind, now: number, fields: Record<string, unknown>): OutMessage {
    this.lastSeq = Math.max(this.lastSeq + 1, Math.floor(now));
    return { kind, body: { seq: this.lastSeq, ts: new Date(now).toISOString(), ...fields } };
  }
}

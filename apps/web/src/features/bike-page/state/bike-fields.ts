// The bike page's reading of a bike (SPEC §3 "Bike / product"): its fields in SPEC's groups,
// each as display text in the user's language and distance unit (a dash when unknown, never
// "null" or "NaN"); the fixed label of each history event (SPEC §4, DESIGN §7); and when a
// command waiting for a rarely-connecting module can be expected to arrive (DESIGN §6).
import {
  AUDIT_EVENT_NAMES,
  EVENT_NAMES,
  REPORT_INTERVAL_SECONDS,
  type Bike,
  type Command,
  type VfmEvent,
} from '@vfm/contract';
import type { Formatters } from '../../../format/format';

export const FIELD_GROUPS = {
  identity: ['vehicleNumber', 'bikeCode', 'moduleId', 'model'],
  state: [
    'availability',
    'status',
    'iotMode',
    'assistance',
    'batteryPlugged',
    'lockControlPending',
    'alarmPending',
  ],
  versions: ['firmwareVersion', 'hardwareVersion', 'lastCommunicationDate', 'lastPositionDate'],
  position: [
    'position',
    'bikeBatteryLevel',
    'iotBatteryLevel',
    'batteryStateOfHealth',
    'batteryChargeCycles',
    'batteryNumber',
    'lastBatteryChangeDate',
  ],
  usage: [
    'totalKm',
    'autonomyKm',
    'lastTripKm',
    'averageDistancePerDay',
    'averageTimePerDay',
    'totalTripTime',
    'co2Avoided',
    'speedLimit',
  ],
} as const;
export type FieldGroup = keyof typeof FIELD_GROUPS;
export type Field = (typeof FIELD_GROUPS)[FieldGroup][number];

/** Words the texts need, already translated (keeps this file free of i18n). */
export interface FieldWords {
  yes: string;
  no: string;
  locked: string;
  unlocked: string;
  kg(value: string): string;
  speed(value: string): string;
  availability(value: string): string;
  status(value: string): string;
  mode(value: string | null): string;
}

const DASH = '—';
const text = (value: string | null | undefined) => (value && value.trim() ? value : DASH);

/** The display text of a field. */
export function fieldText(bike: Bike, field: Field, format: Formatters, words: FieldWords): string {
  switch (field) {
    case 'vehicleNumber':
    case 'bikeCode':
    case 'moduleId':
    case 'model':
    case 'firmwareVersion':
    case 'hardwareVersion':
    case 'batteryNumber':
      return text(bike[field]);
    case 'availability':
      return words.availability(bike.availability);
    case 'status':
      return words.status(bike.status);
    case 'iotMode':
      return bike.iotMode ? words.mode(bike.iotMode) : DASH;
    case 'assistance':
      return bike.assistanceLocked ? words.locked : words.unlocked;
    case 'batteryPlugged':
    case 'lockControlPending':
    case 'alarmPending':
      return bike[field] ? words.yes : words.no;
    case 'lastCommunicationDate':
    case 'lastPositionDate':
    case 'lastBatteryChangeDate':
      return format.dateTime(bike[field]);
    case 'position':
      return isFiniteNumber(bike.latitude) && isFiniteNumber(bike.longitude)
        ? `${format.number(bike.latitude, 5)}, ${format.number(bike.longitude, 5)}`
        : DASH;
    case 'bikeBatteryLevel':
    case 'iotBatteryLevel':
    case 'batteryStateOfHealth':
      return format.percent(bike[field]);
    case 'batteryChargeCycles':
      return format.number(bike.batteryChargeCycles);
    case 'totalKm':
      return format.distance(bike.totalKm, 0);
    case 'autonomyKm':
      return format.distance(bike.autonomyKm, 0);
    case 'lastTripKm':
      return format.distance(bike.lastTripKm);
    case 'averageDistancePerDay':
      return format.distance(bike.averageDistancePerDayKm);
    case 'averageTimePerDay':
      return format.duration(bike.averageTimePerDayMinutes);
    case 'totalTripTime':
      return format.duration(bike.totalTripMinutes);
    case 'co2Avoided':
      return isFiniteNumber(bike.co2AvoidedKg)
        ? words.kg(format.number(bike.co2AvoidedKg, 1))
        : DASH;
    case 'speedLimit':
      return isFiniteNumber(bike.speedLimit) ? words.speed(format.number(bike.speedLimit)) : DASH;
  }
}

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

const KNOWN_EVENTS = new Set<string>([...EVENT_NAMES, ...AUDIT_EVENT_NAMES]);

/**
 * The label key of an event (bikePage.history.names.*): a rider's and a manager's theft
 * declaration and cancellation are told apart by source; an unknown name is UNKNOWN.
 */
export function eventLabel(event: Pick<VfmEvent, 'name' | 'source'>): string {
  if (!KNOWN_EVENTS.has(event.name)) return 'UNKNOWN';
  if (event.name === 'THEFT_DECLARED' || event.name === 'THEFT_CANCELLED') {
    return `${event.name}_${event.source === 'MANAGER' ? 'MANAGER' : 'RIDER'}`;
  }
  return event.name;
}

/** A connected module answers within seconds (the simulator in about one). */
export const ANSWER_EXPECTED_MS = 60_000;

export type Delivery =
  /** just sent: a connected module answers within a minute */
  | { kind: 'soon' }
  /** the module's next report per its mode's interval (DESIGN §6) */
  | { kind: 'at'; time: string }
  /** that report is overdue: the command waits until the module connects, or expires */
  | { kind: 'late'; since: string; expires: string };

/**
 * When a pending command can be expected at the module: at once if it is connected; else at
 * its next report, its last data plus its mode's interval (STANDBY 1 h, STORAGE 24 h).
 */
export function expectedDelivery(
  bike: Pick<Bike, 'iotMode' | 'lastCommunicationDate'>,
  command: Pick<Command, 'requestedAt' | 'expiresAt'>,
  now: number,
): Delivery {
  const answerBy = Date.parse(command.requestedAt) + ANSWER_EXPECTED_MS;
  if (Number.isNaN(answerBy) || now < answerBy) return { kind: 'soon' };
  const interval = bike.iotMode ? REPORT_INTERVAL_SECONDS[bike.iotMode] : null;
  const last = bike.lastCommunicationDate ? Date.parse(bike.lastCommunicationDate) : NaN;
  const due = interval === null || Number.isNaN(last) ? NaN : last + interval * 1000;
  if (due > now) return { kind: 'at', time: new Date(due).toISOString() };
  // overdue since its report was due (or, not knowing when, since it should have answered)
  const since = Number.isNaN(due) ? answerBy : due;
  return { kind: 'late', since: new Date(since).toISOString(), expires: command.expiresAt };
}

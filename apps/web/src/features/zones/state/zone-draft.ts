// A zone as the form edits it (docs/zones.md): text fields as typed, turned into the API's
// ZoneCreate only when saved, with the problems a manager can fix before sending.
import {
  WEEKDAYS,
  ZONE_DEFAULT_COLOURS,
  ZONE_NAME_MAX,
  ZONE_TYPE_RULES,
  zoneTypesWhere,
  type Weekday,
  type Zone,
  type ZoneCreate,
  type ZoneGeometry,
  type ZoneType,
} from '@vfm/contract';

export interface ZoneDraft {
  /** null: a new zone */
  id: string | null;
  version: number | null;
  name: string;
  type: ZoneType;
  colour: string;
  maxSpeedKmh: string;
  minBikes: string;
  maxBikes: string;
  hoursOn: boolean;
  from: string;
  to: string;
  days: Weekday[];
  timeZone: string;
  geometry: ZoneGeometry | null;
  /** automatic commands (docs/zones.md): service areas, no-ride and slow zones only */
  autoCommands: boolean;
}

/** The types whose zones may send automatic commands (the server refuses the others). */
export const AUTO_COMMAND_TYPES: readonly ZoneType[] = zoneTypesWhere(
  (rules) => rules.autoCommands,
);

export type DraftProblem = 'name' | 'geometry' | 'maxSpeedKmh' | 'bikes' | 'hours';

const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function newDraft(type: ZoneType = 'SERVICE_AREA'): ZoneDraft {
  return {
    id: null,
    version: null,
    name: '',
    type,
    colour: ZONE_DEFAULT_COLOURS[type],
    maxSpeedKmh: '',
    minBikes: '',
    maxBikes: '',
    hoursOn: false,
    from: '08:00',
    to: '20:00',
    days: [...WEEKDAYS],
    timeZone: localTimeZone(),
    geometry: null,
    autoCommands: false,
  };
}

const text = (value: number | null) => (value === null ? '' : String(value));

export function draftOf(zone: Zone): ZoneDraft {
  return {
    ...newDraft(zone.type),
    id: zone.id,
    version: zone.version,
    name: zone.name,
    colour: zone.colour,
    maxSpeedKmh: text(zone.maxSpeedKmh),
    minBikes: text(zone.minBikes),
    maxBikes: text(zone.maxBikes),
    ...(zone.activeHours ? { hoursOn: true, ...zone.activeHours } : {}),
    geometry: zone.geometry,
    autoCommands: zone.autoCommands,
  };
}

const count = (value: string) => (value.trim() === '' ? null : Number(value));
const isCount = (value: string) => value.trim() === '' || /^\d{1,7}$/.test(value.trim());

/** What keeps the draft from being saved, field by field (the server checks again). */
export function draftProblems(draft: ZoneDraft): Set<DraftProblem> {
  const problems = new Set<DraftProblem>();
  if (!draft.name.trim() || draft.name.trim().length > ZONE_NAME_MAX) problems.add('name');
  if (!draft.geometry) problems.add('geometry');
  if (ZONE_TYPE_RULES[draft.type].speedLimit) {
    const speed = Number(draft.maxSpeedKmh);
    if (!/^\d+$/.test(draft.maxSpeedKmh.trim()) || speed < 1 || speed > 45)
      problems.add('maxSpeedKmh');
  }
  const min = count(draft.minBikes);
  const max = count(draft.maxBikes);
  if (
    !isCount(draft.minBikes) ||
    !isCount(draft.maxBikes) ||
    (min !== null && max !== null && min > max)
  )
    problems.add('bikes');
  if (draft.hoursOn && (!draft.days.length || draft.from === draft.to || !draft.from || !draft.to))
    problems.add('hours');
  return problems;
}

export function toZoneCreate(draft: ZoneDraft): ZoneCreate {
  return {
    name: draft.name.trim(),
    type: draft.type,
    geometry: draft.geometry!,
    colour: draft.colour,
    maxSpeedKmh: ZONE_TYPE_RULES[draft.type].speedLimit ? Number(draft.maxSpeedKmh) : null,
    minBikes: count(draft.minBikes),
    maxBikes: count(draft.maxBikes),
    autoCommands: draft.autoCommands && AUTO_COMMAND_TYPES.includes(draft.type),
    activeHours: draft.hoursOn
      ? {
          from: draft.from,
          to: draft.to,
          days: WEEKDAYS.filter((day) => draft.days.includes(day)),
          timeZone: draft.timeZone,
        }
      : null,
  };
}

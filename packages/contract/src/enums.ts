// Domain enumerations of SPEC §4 and DESIGN §6–§7. Plain values only: imported by the web bundle.

export const AVAILABILITIES = ['AVAILABLE', 'IN_OPERATION', 'TRANSIT', 'OUT'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const ACTIVITY_STATUSES = ['PARKED', 'MOVING'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

export const IOT_MODES = [
  'NAVIGATION',
  'PERMANENT',
  'STANDBY',
  'LOW_POWER',
  'STORAGE',
  'TRANSPORT',
] as const;
export type IotMode = (typeof IOT_MODES)[number];

export const WARNING_TYPES = [
  'REPORTED_THEFT',
  'SUSPECTED_THEFT',
  'LACK_MODULE_COMM',
  'LOW_VEHICLE_BATTERY',
  'LOW_MODULE_BATTERY',
] as const;
export type WarningType = (typeof WARNING_TYPES)[number];

export const THEFT_STATES = ['NONE', 'SUSPECTED', 'REPORTED'] as const;
export type TheftState = (typeof THEFT_STATES)[number];

export const EVENT_NAMES = [
  'ALARM_ON',
  'ALARM_OFF',
  'ALARM_TRIGGERED',
  'ASSISTANCE_LOCKED',
  'ASSISTANCE_UNLOCKED',
  'AUTO_LOCK',
  'AUTOTEST',
  'MODE_CHANGED',
  'THEFT_DECLARED',
  'THEFT_CANCELLED',
  'PAIRED',
  'UNPAIRED',
  'NOTIFICATION',
  'MAINTENANCE_REMINDER',
  /** a SPEED_LIMIT command was sent (a slow zone's automatic command, docs/zones.md) */
  'SPEED_LIMIT_SET',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/**
 * Audit events of user actions that are not module events (event type OTHER, DESIGN §7
 * "every availability change … is an event"). Unknown to the SPEC label list.
 */
export const AUDIT_EVENT_NAMES = ['AVAILABILITY_CHANGED'] as const;
export type AuditEventName = (typeof AUDIT_EVENT_NAMES)[number];

export const EVENT_TYPES = ['PRODUCT', 'OTHER'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The sources a module names in its events (DESIGN §6). */
export const MODULE_EVENT_SOURCES = ['MODULE', 'RIDER', 'MANAGER'] as const;
/** ZONE: a zone's automatic command (docs/zones.md) */
export const EVENT_SOURCES = [...MODULE_EVENT_SOURCES, 'ZONE'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/** SPEED_LIMIT: a protocol extension (docs/mqtt.md), sent by slow zones only (docs/zones.md) */
export const COMMAND_TYPES = ['LOCK_CONTROL', 'ALARM', 'MODE', 'SPEED_LIMIT'] as const;
/** requestedBy of a zone's automatic command: the prefix, then the zone's name (docs/zones.md) */
export const ZONE_REQUESTER_PREFIX = 'ZONE:';
/** the highest speed a SPEED_LIMIT command names (an e-bike's assistance ends at 25–45 km/h) */
export const SPEED_LIMIT_MAX_KMH = 45;
export type CommandType = (typeof COMMAND_TYPES)[number];

export const COMMAND_STATUSES = ['PENDING', 'ACKNOWLEDGED', 'FAILED', 'EXPIRED'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

export const ACCOUNT_STATUSES = ['PENDING', 'ACTIVE'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Self-diagnosis result of one check (DESIGN §5 products/details/autotest). */
export const AUTOTEST_STATUSES = ['OK', 'KO', 'NA'] as const;
export type AutotestStatus = (typeof AUTOTEST_STATUSES)[number];

/** Granularity of fleet/statistics/traffic. */
export const TRAFFIC_GRANULARITIES = ['hour', 'day'] as const;
export type TrafficGranularity = (typeof TRAFFIC_GRANULARITIES)[number];

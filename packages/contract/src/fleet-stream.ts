// Shapes of GET fleet/stream (Server-Sent Events, ADR 0020): the events and their data.
import { Type, type Static } from '@sinclair/typebox';
import { DateTime } from './schema-helpers';
import { FleetListItemSchema } from './bike';
import { CommandSchema } from './commands';
import { EventSchema, WarningCountsSchema } from './bike-records';

const strict = { additionalProperties: false } as const;

// ---- live stream (Server-Sent Events, ADR 0020) -----------------------------------------

export const STREAM_EVENTS = [
  'ready',
  'bikes',
  'removed',
  'warnings',
  'commands',
  'events',
  'quarantine',
  'alerts',
  'notifications',
  'zones',
  'tasks',
  'resync',
] as const;
export type StreamEventName = (typeof STREAM_EVENTS)[number];

/** The data of each event of GET fleet/stream (JSON in the `data:` line). */
export const StreamPayloadSchemas = {
  ready: Type.Object({ fleetId: Type.String(), serverTime: DateTime() }, strict),
  /** bikes whose state changed, as list items */
  bikes: Type.Object({ bikes: Type.Array(FleetListItemSchema) }, strict),
  /** bikes removed from the fleet */
  removed: Type.Object({ vehicleNumbers: Type.Array(Type.String()) }, strict),
  /** the warning counters (sent when they change) */
  warnings: Type.Object({ counts: WarningCountsSchema }, strict),
  /** commands created or whose status changed */
  commands: Type.Object({ commands: Type.Array(CommandSchema) }, strict),
  /** new events of the fleet's bikes */
  events: Type.Object({ events: Type.Array(EventSchema) }, strict),
  /** administrators only: the fleet's quarantined module messages changed (docs/operations.md) */
  quarantine: Type.Object({ count: Type.Integer({ minimum: 0 }) }, strict),
  /** alerts opened, acknowledged, assigned or cleared, for these bikes (ADR 0081) */
  alerts: Type.Object({ vehicleNumbers: Type.Array(Type.String()) }, strict),
  /** the reader's own notifications changed (docs/notifications.md): their unread count now */
  notifications: Type.Object({ unread: Type.Integer({ minimum: 0 }) }, strict),
  /** the fleet's zones changed (drawn, changed, imported, deleted: docs/zones.md) */
  zones: Type.Object({}, strict),
  /** the fleet's tasks changed (created, taken, changed, closed: docs/tasks.md) */
  tasks: Type.Object({}, strict),
  /** too much changed at once: reload what is shown */
  resync: Type.Object({ reason: Type.String() }, strict),
} as const;
export type StreamPayloads = { [K in StreamEventName]: Static<(typeof StreamPayloadSchemas)[K]> };

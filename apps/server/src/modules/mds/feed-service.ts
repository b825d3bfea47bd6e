// The answers of the MDS 2.0 Provider API (ADR 0085, docs/open-data.md "MDS"):
// vehicles, vehicles/status, trips, telemetry and events of the calling client's fleet, shaped
// as provider.yaml says (micromobility mode; timestamps in milliseconds; version 2.0.0). The
// state and event mapping lives in mapping.ts; ids not stored by VFM are derived in ids.ts.
import { MDS_BASE_PATH } from '@vfm/contract';
import { notFound } from '../../lib/problem';
import type { Queryable } from '../../db/client';
import { checkHourReady, parseHour, parseRecentRange } from './hours';
import { eventId, telemetryId, tripId } from './ids';
import {
  stateChangeOfEvent,
  stateChangeOfAlert,
  stateOfBike,
  TRIP_END,
  TRIP_START,
  type MdsStateChange,
} from './mapping';
import {
  deviceExists,
  selectAlertMoments,
  selectStateEvents,
  selectTelemetry,
  selectTripSpans,
  selectTrips,
  selectVehicleStatuses,
  selectVehicles,
  type TripRow,
  type VehicleStatusRow,
} from './queries';

export const MDS_RESPONSE_VERSION = '2.0.0';
/** near-realtime answers: how long (ms) a city may keep them (MDS: at most 5 minutes) */
export const VEHICLES_TTL_MS = 60_000;
export const STATUS_TTL_MS = 30_000;
/** vehicles and vehicles/status pages; events/recent rows per source before paging */
export const PAGE_SIZE = 1000;
export const RECENT_EVENTS_LIMIT = 5000;
/** an hour of events/historical: at most this many per source (a bound, not paging) */
const HOUR_EVENTS_LIMIT = 100_000;

/** Who asks: the client's fleet and provider id, the request time and the public origin. */
export interface MdsScope {
  database: Queryable;
  fleetId: string;
  providerId: string;
  now: Date;
  publicUrl: string;
}

/** An answer and how many records it holds (for the access log). */
export interface MdsAnswer {
  status: 200;
  body: Record<string, unknown>;
  rows: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ms = (date: Date | number) =>
  typeof date === 'number' ? Math.floor(date) : new Date(date).getTime();
const round = (value: number, digits = 7) => Number(value.toFixed(digits));
const gps = (lat: number, lng: number) => ({ lat: round(lat), lng: round(lng) });
const percent = (value: number | null) =>
  value === null ? {} : { battery_percent: Math.max(0, Math.min(100, Math.round(value))) };

/** a device_id of the path: a UUID in the MDS form, else 404 (it names no vehicle) */
function checkDeviceId(deviceId: string): string {
  if (!UUID.test(deviceId)) throw notFound('No vehicle with this device_id.');
  return deviceId;
}

function pageLinks(scope: MdsScope, path: string, rows: Array<{ device_id: string }>) {
  const last = rows.length === PAGE_SIZE ? rows[rows.length - 1]!.device_id : null;
  const base = `${scope.publicUrl}${MDS_BASE_PATH}${path}`;
  return { links: { first: base, next: last ? `${base}?after=${last}` : null } };
}

function checkAfter(after: string | undefined) {
  if (after !== undefined && !UUID.test(after)) throw notFound('No such page.');
  return after;
}

export async function vehicles(scope: MdsScope, options: { after?: string; deviceId?: string }) {
  const deviceId = options.deviceId === undefined ? undefined : checkDeviceId(options.deviceId);
  const rows = await selectVehicles(scope.database, scope.fleetId, {
    after: checkAfter(options.after),
    deviceId,
    limit: PAGE_SIZE,
  });
  if (deviceId && !rows.length) throw notFound('No vehicle with this device_id.');
  const list = rows.map((row) => ({
    device_id: row.device_id,
    provider_id: scope.providerId,
    vehicle_id: row.bike_code,
    vehicle_type: 'bicycle',
    propulsion_types: ['electric_assist'],
    ...(row.model ? { vehicle_attributes: { model: row.model } } : {}),
    ...(row.speed_limit && row.speed_limit > 0 ? { maximum_speed: row.speed_limit } : {}),
  }));
  return answer(
    {
      version: MDS_RESPONSE_VERSION,
      ...(deviceId ? {} : pageLinks(scope, '/vehicles', rows)),
      last_updated: ms(scope.now),
      ttl: VEHICLES_TTL_MS,
      vehicles: list,
    },
    list.length,
  );
}

function lastEventOf(scope: MdsScope, row: VehicleStatusRow) {
  const state = stateOfBike(row);
  const moving = state.vehicle_state === 'on_trip' && row.trip_started_at;
  const at = moving
    ? row.trip_started_at!
    : state.vehicle_state === 'missing' && row.theft_since
      ? row.theft_since
      : (row.last_communication_date ?? row.last_position_date);
  return {
    device_id: row.device_id,
    provider_id: scope.providerId,
    event_id: eventId(row.device_id, 'status', ms(at)),
    ...state,
    timestamp: ms(at),
    location: gps(row.latitude, row.longitude),
    ...percent(row.bike_battery_level),
    ...(moving ? { trip_ids: [tripId(row.device_id, row.trip_started_at!)] } : {}),
  };
}

function lastTelemetryOf(scope: MdsScope, row: VehicleStatusRow) {
  const at = row.state_ts ?? row.last_position_date;
  const trip = row.status === 'MOVING' && row.trip_started_at;
  return {
    device_id: row.device_id,
    provider_id: scope.providerId,
    telemetry_id: telemetryId(row.device_id, row.state_seq ?? 'state', at),
    timestamp: ms(row.last_position_date),
    trip_ids: trip ? [tripId(row.device_id, row.trip_started_at!)] : null,
    journey_id: null,
    location: gps(row.latitude, row.longitude),
    ...percent(row.bike_battery_level),
  };
}

export async function vehicleStatuses(
  scope: MdsScope,
  options: { after?: string; deviceId?: string },
) {
  const deviceId = options.deviceId === undefined ? undefined : checkDeviceId(options.deviceId);
  const rows = await selectVehicleStatuses(scope.database, scope.fleetId, scope.now, {
    after: checkAfter(options.after),
    deviceId,
    limit: PAGE_SIZE,
  });
  if (deviceId && !rows.length) {
    const known = await deviceExists(scope.database, scope.fleetId, deviceId);
    throw notFound(
      known ? 'This vehicle has not reported a position yet.' : 'No vehicle with this device_id.',
    );
  }
  const list = rows.map((row) => ({
    device_id: row.device_id,
    provider_id: scope.providerId,
    last_event: lastEventOf(scope, row),
    last_telemetry: lastTelemetryOf(scope, row),
  }));
  return answer(
    {
      version: MDS_RESPONSE_VERSION,
      ...(deviceId ? {} : pageLinks(scope, '/vehicles/status', rows)),
      last_updated: ms(scope.now),
      ttl: STATUS_TTL_MS,
      vehicles_status: list,
    },
    list.length,
  );
}

export async function trips(scope: MdsScope, endTime: string | undefined) {
  const from = parseHour('end_time', endTime);
  checkHourReady(from, scope.now);
  const to = new Date(from.getTime() + 3_600_000);
  const rows = await selectTrips(scope.database, scope.fleetId, 'ended_at', from, to, 1_000_000);
  const list = rows.map((row) => ({
    provider_id: scope.providerId,
    device_id: row.device_id,
    trip_id: tripId(row.device_id, row.started_at),
    trip_type: ['rider'],
    start_time: ms(row.started_at),
    end_time: ms(row.ended_at),
    start_location: gps(row.start_latitude, row.start_longitude),
    end_location: gps(row.end_latitude, row.end_longitude),
    duration: Math.max(0, Math.round(row.duration_minutes * 60)),
    distance: Math.max(0, Math.round(row.distance_km * 1000)),
  }));
  return answer({ version: MDS_RESPONSE_VERSION, trips: list }, list.length);
}

export async function telemetry(scope: MdsScope, telemetryTime: string | undefined) {
  const from = parseHour('telemetry_time', telemetryTime);
  checkHourReady(from, scope.now);
  const to = new Date(from.getTime() + 3_600_000);
  const [points, spans] = await Promise.all([
    selectTelemetry(scope.database, scope.fleetId, from, to),
    selectTripSpans(scope.database, scope.fleetId, from, to),
  ]);
  const tripsOfBike = new Map<string, Array<{ started_at: Date; ended_at: Date | null }>>();
  for (const span of spans) {
    const list = tripsOfBike.get(span.bike_id) ?? [];
    list.push(span);
    tripsOfBike.set(span.bike_id, list);
  }
  const list = points.map((point) => {
    const at = ms(point.ts);
    const trip = tripsOfBike
      .get(point.bike_id)
      ?.find(
        (span) => ms(span.started_at) <= at && (span.ended_at === null || at <= ms(span.ended_at)),
      );
    return {
      device_id: point.device_id,
      provider_id: scope.providerId,
      telemetry_id: telemetryId(point.device_id, point.seq, point.ts),
      timestamp: at,
      trip_ids: trip ? [tripId(point.device_id, trip.started_at)] : null,
      journey_id: null,
      location: {
        ...gps(point.latitude, point.longitude),
        ...(point.speed_kmh !== null && point.speed_kmh >= 0
          ? { speed: round(point.speed_kmh / 3.6, 2) }
          : {}),
      },
      ...percent(point.bike_battery),
    };
  });
  return answer({ version: MDS_RESPONSE_VERSION, telemetry: list }, list.length);
}

interface MdsEvent {
  device_id: string;
  provider_id: string;
  event_id: string;
  vehicle_state: string;
  event_types: string[];
  timestamp: number;
  location: { lat: number; lng: number };
  trip_ids?: string[];
}

function tripEvent(scope: MdsScope, row: TripRow, which: 'start' | 'end'): MdsEvent {
  const change: MdsStateChange = which === 'start' ? TRIP_START : TRIP_END;
  const id = tripId(row.device_id, row.started_at);
  return {
    device_id: row.device_id,
    provider_id: scope.providerId,
    event_id: eventId(row.device_id, `trip_${which}`, ms(row.started_at)),
    ...change,
    timestamp: ms(which === 'start' ? row.started_at : row.ended_at),
    location:
      which === 'start'
        ? gps(row.start_latitude, row.start_longitude)
        : gps(row.end_latitude, row.end_longitude),
    trip_ids: [id],
  };
}

/** The fleet's state changes in [from, to), oldest first, each source read up to `limit`. */
async function stateChanges(scope: MdsScope, from: Date, to: Date, limit: number) {
  const [starts, ends, rows, alerts] = await Promise.all([
    selectTrips(scope.database, scope.fleetId, 'started_at', from, to, limit),
    selectTrips(scope.database, scope.fleetId, 'ended_at', from, to, limit),
    selectStateEvents(scope.database, scope.fleetId, from, to, limit),
    selectAlertMoments(scope.database, scope.fleetId, from, to, limit),
  ]);
  const events: MdsEvent[] = [
    ...starts.map((row) => tripEvent(scope, row, 'start')),
    ...ends.map((row) => tripEvent(scope, row, 'end')),
  ];
  for (const row of rows) {
    const change = stateChangeOfEvent(row.name, row.data);
    // an event of a bike never placed cannot say where: MDS requires a location
    if (!change || row.latitude === null || row.longitude === null) continue;
    events.push({
      device_id: row.device_id,
      provider_id: scope.providerId,
      event_id: eventId(row.device_id, 'event', row.id),
      ...change,
      timestamp: ms(row.occurred_at),
      location: gps(row.latitude, row.longitude),
    });
  }
  for (const row of alerts) {
    const change = stateChangeOfAlert(row.kind, row.moment);
    if (!change || row.latitude === null || row.longitude === null) continue;
    events.push({
      device_id: row.device_id,
      provider_id: scope.providerId,
      event_id: eventId(row.device_id, `alert_${row.moment}`, row.id),
      ...change,
      timestamp: ms(row.at),
      location: gps(row.latitude, row.longitude),
    });
  }
  events.sort((a, b) => a.timestamp - b.timestamp || a.event_id.localeCompare(b.event_id));
  // a source cut at its limit: keep only what is complete, before its last time
  const cuts: number[] = [];
  if (starts.length >= limit) cuts.push(ms(starts.at(-1)!.started_at));
  if (ends.length >= limit) cuts.push(ms(ends.at(-1)!.ended_at));
  if (rows.length >= limit) cuts.push(ms(rows.at(-1)!.occurred_at));
  if (alerts.length >= limit) cuts.push(ms(alerts.at(-1)!.at));
  const cut = cuts.length ? Math.min(...cuts) : null;
  if (cut === null || cut <= from.getTime()) return { events, next: null };
  return { events: events.filter((event) => event.timestamp < cut), next: cut };
}

export async function historicalEvents(scope: MdsScope, eventTime: string | undefined) {
  const from = parseHour('event_time', eventTime);
  checkHourReady(from, scope.now);
  const { events } = await stateChanges(
    scope,
    from,
    new Date(from.getTime() + 3_600_000),
    HOUR_EVENTS_LIMIT,
  );
  return answer({ version: MDS_RESPONSE_VERSION, events }, events.length);
}

export async function recentEvents(
  scope: MdsScope,
  startTime: string | undefined,
  endTime: string | undefined,
) {
  const { from, to } = parseRecentRange(startTime, endTime, scope.now);
  const { events, next } = await stateChanges(scope, from, to, RECENT_EVENTS_LIMIT);
  const base = `${scope.publicUrl}${MDS_BASE_PATH}/events/recent`;
  return answer(
    {
      version: MDS_RESPONSE_VERSION,
      links: {
        first: `${base}?start_time=${from.getTime()}&end_time=${endTime}`,
        next: next === null ? null : `${base}?start_time=${next}&end_time=${endTime}`,
      },
      events,
    },
    events.length,
  );
}

function answer(body: Record<string, unknown>, rows: number): MdsAnswer {
  return { status: 200, body, rows };
}

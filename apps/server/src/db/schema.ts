// Typed model of the tables created by ./migrations, for Drizzle queries. The SQL files are
// the source of the database; test/db/schema.test.ts checks that the two agree.
import {
  bigint,
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => uuid('id').primaryKey().defaultRandom();
const identity = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const fleet = pgTable('fleet', {
  id: id(),
  name: text('name').notNull(),
  lowVehicleBatteryPercent: smallint('low_vehicle_battery_percent').notNull().default(20),
  lowModuleBatteryPercent: smallint('low_module_battery_percent').notNull().default(20),
  lackOfCommunicationHours: integer('lack_of_communication_hours').notNull().default(168),
  co2KgPerKm: doublePrecision('co2_kg_per_km').notNull().default(0.12),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const fleetGroup = pgTable('fleet_group', {
  id: id(),
  fleetId: uuid('fleet_id').notNull(),
  parentId: uuid('parent_id'),
  name: text('name').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const account = pgTable('account', {
  id: id(),
  fleetId: uuid('fleet_id').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  roles: text('roles').array().notNull().default([]),
  status: text('status', { enum: ['PENDING', 'ACTIVE'] })
    .notNull()
    .default('PENDING'),
  fullName: text('full_name').notNull().default(''),
  description: text('description').notNull().default(''),
  photo: text('photo'),
  language: text('language').notNull().default('fr'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  passwordChangedAt: tstz('password_changed_at'),
  lastLoginAt: tstz('last_login_at'),
});

export const authSession = pgTable('auth_session', {
  id: id(),
  accountId: uuid('account_id').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  lastRefreshedAt: tstz('last_refreshed_at'),
  revokedAt: tstz('revoked_at'),
  revokedReason: text('revoked_reason'),
  userAgent: text('user_agent'),
  ip: text('ip'),
});

export const refreshToken = pgTable('refresh_token', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: uuid('session_id').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  expiresAt: tstz('expires_at').notNull(),
  rotatedAt: tstz('rotated_at'),
});

export const oneTimeToken = pgTable('one_time_token', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: uuid('account_id').notNull(),
  purpose: text('purpose', { enum: ['RESET_PASSWORD', 'ACCOUNT_VALIDATION'] }).notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
});

export const loginFailure = pgTable('login_failure', {
  id: identity(),
  scope: text('scope', { enum: ['ACCOUNT', 'IP', 'ACCOUNT_IP'] }).notNull(),
  key: text('key').notNull(),
  ip: text('ip'),
  failedAt: tstz('failed_at').notNull().defaultNow(),
});

export const apiKey = pgTable('api_key', {
  id: id(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  revokedAt: tstz('revoked_at'),
});

export const userSettings = pgTable(
  'user_settings',
  {
    accountId: uuid('account_id').notNull(),
    applicationName: text('application_name').notNull(),
    distanceUnit: text('distance_unit', { enum: ['KM', 'MI'] })
      .notNull()
      .default('KM'),
    language: text('language').notNull().default('fr'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.applicationName] })],
);

export const applicationSettings = pgTable(
  'application_settings',
  {
    applicationKey: text('application_key').notNull(),
    language: text('language').notNull(),
    privacyPolicyUrl: text('privacy_policy_url').notNull(),
    helpUrl: text('help_url').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.applicationKey, t.language] })],
);

export const bike = pgTable('bike', {
  id: identity(),
  fleetId: uuid('fleet_id').notNull(),
  groupId: uuid('group_id'),
  vehicleNumber: text('vehicle_number').notNull(),
  bikeCode: text('bike_code').notNull(),
  moduleId: text('module_id'),
  model: text('model').notNull().default(''),
  availability: text('availability', { enum: ['AVAILABLE', 'IN_OPERATION', 'TRANSIT', 'OUT'] })
    .notNull()
    .default('AVAILABLE'),
  status: text('status', { enum: ['PARKED', 'MOVING'] })
    .notNull()
    .default('PARKED'),
  iotMode: text('iot_mode'),
  assistanceLocked: boolean('assistance_locked').notNull().default(false),
  alarmActive: boolean('alarm_active').notNull().default(false),
  batteryPlugged: boolean('battery_plugged').notNull().default(false),
  lockControlPending: boolean('lock_control_pending').notNull().default(false),
  alarmPending: boolean('alarm_pending').notNull().default(false),
  modePending: boolean('mode_pending').notNull().default(false),
  firmwareVersion: text('firmware_version'),
  hardwareVersion: text('hardware_version'),
  lastCommunicationDate: tstz('last_communication_date'),
  lastPositionDate: tstz('last_position_date'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  iotBatteryLevel: smallint('iot_battery_level'),
  bikeBatteryLevel: smallint('bike_battery_level'),
  batteryStateOfHealth: smallint('battery_state_of_health'),
  batteryChargeCycles: integer('battery_charge_cycles'),
  batteryNumber: text('battery_number'),
  lastBatteryChangeDate: tstz('last_battery_change_date'),
  odometerKm: doublePrecision('odometer_km'),
  totalKm: doublePrecision('total_km').notNull().default(0),
  autonomyKm: doublePrecision('autonomy_km'),
  lastTripKm: doublePrecision('last_trip_km'),
  averageDistancePerDayKm: doublePrecision('average_distance_per_day_km'),
  averageTimePerDayMinutes: doublePrecision('average_time_per_day_minutes'),
  totalTripMinutes: doublePrecision('total_trip_minutes').notNull().default(0),
  co2AvoidedKg: doublePrecision('co2_avoided_kg').notNull().default(0),
  speedLimit: smallint('speed_limit'),
  theftState: text('theft_state', { enum: ['NONE', 'SUSPECTED', 'REPORTED'] })
    .notNull()
    .default('NONE'),
  theftSince: tstz('theft_since'),
  theftBy: text('theft_by'),
  theftPreviousAvailability: text('theft_previous_availability'),
  theftPreviousMode: text('theft_previous_mode'),
  suspectedTheftSince: tstz('suspected_theft_since'),
  lowVehicleBatterySince: tstz('low_vehicle_battery_since'),
  lowModuleBatterySince: tstz('low_module_battery_since'),
  stateSeq: bigint('state_seq', { mode: 'number' }),
  stateTs: tstz('state_ts'),
  tripStartedAt: tstz('trip_started_at'),
  tripStartOdometerKm: doublePrecision('trip_start_odometer_km'),
  tripStartLatitude: doublePrecision('trip_start_latitude'),
  tripStartLongitude: doublePrecision('trip_start_longitude'),
  tripDistanceKm: doublePrecision('trip_distance_km'),
  /** trips written for this bike, kept by a trigger on trip (0300) */
  tripCount: integer('trip_count').notNull().default(0),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const moduleCredential = pgTable('module_credential', {
  moduleId: text('module_id').primaryKey(),
  bikeId: bigint('bike_id', { mode: 'number' }).notNull(),
  secretHash: text('secret_hash').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const telemetry = pgTable('telemetry', {
  bikeId: bigint('bike_id', { mode: 'number' }).notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  ts: tstz('ts').notNull(),
  receivedAt: tstz('received_at').notNull().defaultNow(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  speedKmh: real('speed_kmh'),
  iotMode: text('iot_mode'),
  bikeBattery: smallint('bike_battery'),
  iotBattery: smallint('iot_battery'),
  batteryPlugged: boolean('battery_plugged'),
  assistanceLocked: boolean('assistance_locked'),
  odometerKm: doublePrecision('odometer_km'),
  extra: jsonb('extra'),
});

export const trip = pgTable('trip', {
  id: identity(),
  fleetId: uuid('fleet_id').notNull(),
  bikeId: bigint('bike_id', { mode: 'number' }).notNull(),
  startedAt: tstz('started_at').notNull(),
  endedAt: tstz('ended_at').notNull(),
  distanceKm: doublePrecision('distance_km').notNull(),
  durationMinutes: doublePrecision('duration_minutes').notNull(),
  startLatitude: doublePrecision('start_latitude'),
  startLongitude: doublePrecision('start_longitude'),
  endLatitude: doublePrecision('end_latitude'),
  endLongitude: doublePrecision('end_longitude'),
});

export const event = pgTable('event', {
  id: identity(),
  fleetId: uuid('fleet_id').notNull(),
  bikeId: bigint('bike_id', { mode: 'number' }),
  vehicleNumber: text('vehicle_number'),
  type: text('type', { enum: ['PRODUCT', 'OTHER'] })
    .notNull()
    .default('PRODUCT'),
  name: text('name').notNull(),
  source: text('source', { enum: ['MODULE', 'RIDER', 'MANAGER'] }).notNull(),
  userEmail: text('user_email'),
  data: jsonb('data'),
  occurredAt: tstz('occurred_at').notNull().defaultNow(),
  moduleSeq: bigint('module_seq', { mode: 'number' }),
  acknowledgedAt: tstz('acknowledged_at'),
  acknowledgedBy: text('acknowledged_by'),
  /** when the row was written (0300); occurred_at is the module's clock */
  recordedAt: tstz('recorded_at').notNull().defaultNow(),
});

export const command = pgTable('command', {
  id: id(),
  fleetId: uuid('fleet_id').notNull(),
  bikeId: bigint('bike_id', { mode: 'number' }).notNull(),
  type: text('type', { enum: ['LOCK_CONTROL', 'ALARM', 'MODE'] }).notNull(),
  value: text('value').notNull(),
  status: text('status', { enum: ['PENDING', 'ACKNOWLEDGED', 'FAILED', 'EXPIRED'] })
    .notNull()
    .default('PENDING'),
  requestedBy: text('requested_by').notNull(),
  requestedAt: tstz('requested_at').notNull().defaultNow(),
  sentAt: tstz('sent_at'),
  acknowledgedAt: tstz('acknowledged_at'),
  expiresAt: tstz('expires_at').notNull(),
  detail: text('detail'),
  /** set by a trigger on every change (0300): the stream's command-status feed */
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Bikes removed from a fleet, written by a trigger and kept one day for open streams (0300). */
export const bikeRemoval = pgTable('bike_removal', {
  id: identity(),
  fleetId: uuid('fleet_id').notNull(),
  vehicleNumber: text('vehicle_number').notNull(),
  removedAt: tstz('removed_at').notNull().defaultNow(),
});

export const autotest = pgTable('autotest', {
  id: identity(),
  bikeId: bigint('bike_id', { mode: 'number' }).notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  ts: tstz('ts').notNull(),
  results: jsonb('results').notNull(),
});

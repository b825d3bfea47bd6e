// The tables and columns the server's SQL relies on, and the SQL migrations, describe the same
// tables (ADR 0001: typed SQL, no ORM model). A column name ending in '?' is nullable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/migrate';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

const TABLES: Record<string, string[]> = {
  account: [
    'id',
    'fleet_id',
    'email',
    'password_hash?',
    'roles',
    'status',
    'full_name',
    'description',
    'photo?',
    'language',
    'created_at',
    'updated_at',
    'password_changed_at?',
    'last_login_at?',
  ],
  api_key: ['id', 'name', 'key_hash', 'created_at', 'revoked_at?'],
  application_settings: ['application_key', 'language', 'privacy_policy_url', 'help_url'],
  auth_session: [
    'id',
    'account_id',
    'created_at',
    'last_refreshed_at?',
    'revoked_at?',
    'revoked_reason?',
    'user_agent?',
    'ip?',
  ],
  autotest: ['id', 'bike_id', 'seq', 'ts', 'results'],
  bike: [
    'id',
    'fleet_id',
    'group_id?',
    'vehicle_number',
    'bike_code',
    'module_id?',
    'model',
    'availability',
    'status',
    'iot_mode?',
    'assistance_locked',
    'alarm_active',
    'battery_plugged',
    'lock_control_pending',
    'alarm_pending',
    'mode_pending',
    'firmware_version?',
    'hardware_version?',
    'last_communication_date?',
    'last_position_date?',
    'latitude?',
    'longitude?',
    'iot_battery_level?',
    'bike_battery_level?',
    'battery_state_of_health?',
    'battery_charge_cycles?',
    'battery_number?',
    'last_battery_change_date?',
    'odometer_km?',
    'total_km',
    'autonomy_km?',
    'last_trip_km?',
    'average_distance_per_day_km?',
    'average_time_per_day_minutes?',
    'total_trip_minutes',
    'co2_avoided_kg',
    'speed_limit?',
    'theft_state',
    'theft_since?',
    'theft_by?',
    'theft_previous_availability?',
    'theft_previous_mode?',
    'suspected_theft_since?',
    'low_vehicle_battery_since?',
    'low_module_battery_since?',
    'state_seq?',
    'state_ts?',
    'trip_started_at?',
    'trip_start_odometer_km?',
    'trip_start_latitude?',
    'trip_start_longitude?',
    'trip_distance_km?',
    'trip_count',
    'created_at',
    'updated_at',
  ],
  bike_removal: ['id', 'fleet_id', 'vehicle_number', 'removed_at'],
  command: [
    'id',
    'fleet_id',
    'bike_id',
    'type',
    'value',
    'status',
    'requested_by',
    'requested_at',
    'sent_at?',
    'acknowledged_at?',
    'expires_at',
    'detail?',
    'updated_at',
  ],
  event: [
    'id',
    'fleet_id',
    'bike_id?',
    'vehicle_number?',
    'type',
    'name',
    'source',
    'user_email?',
    'data?',
    'occurred_at',
    'module_seq?',
    'acknowledged_at?',
    'acknowledged_by?',
    'recorded_at',
  ],
  fleet: [
    'id',
    'name',
    'low_vehicle_battery_percent',
    'low_module_battery_percent',
    'lack_of_communication_hours',
    'co2_kg_per_km',
    'created_at',
  ],
  fleet_change: ['fleet_id', 'seq'],
  fleet_group: ['id', 'fleet_id', 'parent_id?', 'name', 'created_at'],
  login_failure: ['id', 'scope', 'key', 'ip?', 'failed_at'],
  module_credential: ['module_id', 'bike_id', 'secret_hash', 'created_at'],
  one_time_token: ['token_hash', 'account_id', 'purpose', 'created_at', 'expires_at', 'used_at?'],
  refresh_token: ['token_hash', 'session_id', 'created_at', 'expires_at', 'rotated_at?'],
  telemetry: [
    'bike_id',
    'seq',
    'ts',
    'received_at',
    'latitude?',
    'longitude?',
    'speed_kmh?',
    'iot_mode?',
    'bike_battery?',
    'iot_battery?',
    'battery_plugged?',
    'assistance_locked?',
    'odometer_km?',
    'extra?',
  ],
  trip: [
    'id',
    'fleet_id',
    'bike_id',
    'started_at',
    'ended_at',
    'distance_km',
    'duration_minutes',
    'start_latitude?',
    'start_longitude?',
    'end_latitude?',
    'end_longitude?',
  ],
  user_settings: ['account_id', 'application_name', 'distance_unit', 'language', 'updated_at'],
};

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('database schema', () => {
  it('has every table and column the code relies on, with the same nullability', async () => {
    const columns = await testDb.database.query<{
      table_name: string;
      column_name: string;
      is_nullable: string;
    }>(
      `SELECT table_name, column_name, is_nullable FROM information_schema.columns
        WHERE table_schema = current_schema()`,
    );
    const actual = new Map(
      columns.map((c) => [`${c.table_name}.${c.column_name}`, c.is_nullable === 'YES']),
    );
    expect(Object.keys(TABLES).length).toBeGreaterThan(10);
    for (const [table, names] of Object.entries(TABLES)) {
      for (const name of names) {
        const column = name.replace(/\?$/, '');
        const key = `${table}.${column}`;
        expect(actual.has(key), `${key} exists`).toBe(true);
        expect(actual.get(key), `${key} nullable`).toBe(name.endsWith('?'));
      }
    }
  });

  it('applies migrations once: a second run applies nothing', async () => {
    expect(await migrate(testDb.database)).toEqual([]);
  });
});

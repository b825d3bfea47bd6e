-- Bikes (current state), module credentials and the history the modules feed:
-- telemetry, trips, events, commands, self-diagnosis (DESIGN §5–§7).

CREATE TABLE bike (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  group_id uuid REFERENCES fleet_group (id) ON DELETE SET NULL,
  vehicle_number text NOT NULL,
  bike_code text NOT NULL,
  module_id text,
  model text NOT NULL DEFAULT '',
  availability text NOT NULL DEFAULT 'AVAILABLE'
    CHECK (availability IN ('AVAILABLE', 'IN_OPERATION', 'TRANSIT', 'OUT')),
  status text NOT NULL DEFAULT 'PARKED' CHECK (status IN ('PARKED', 'MOVING')),
  iot_mode text,
  assistance_locked boolean NOT NULL DEFAULT false,
  alarm_active boolean NOT NULL DEFAULT false,
  battery_plugged boolean NOT NULL DEFAULT false,
  lock_control_pending boolean NOT NULL DEFAULT false,
  alarm_pending boolean NOT NULL DEFAULT false,
  mode_pending boolean NOT NULL DEFAULT false,
  firmware_version text,
  hardware_version text,
  last_communication_date timestamptz,
  last_position_date timestamptz,
  latitude double precision,
  longitude double precision,
  iot_battery_level smallint,
  bike_battery_level smallint,
  battery_state_of_health smallint,
  battery_charge_cycles integer,
  battery_number text,
  last_battery_change_date timestamptz,
  odometer_km double precision,
  total_km double precision NOT NULL DEFAULT 0,
  autonomy_km double precision,
  last_trip_km double precision,
  average_distance_per_day_km double precision,
  average_time_per_day_minutes double precision,
  total_trip_minutes double precision NOT NULL DEFAULT 0,
  co2_avoided_kg double precision NOT NULL DEFAULT 0,
  speed_limit smallint,
  theft_state text NOT NULL DEFAULT 'NONE' CHECK (theft_state IN ('NONE', 'SUSPECTED', 'REPORTED')),
  theft_since timestamptz,
  theft_by text,
  -- remembered by a theft report, restored by its cancellation (DESIGN §7)
  theft_previous_availability text,
  theft_previous_mode text,
  suspected_theft_since timestamptz,
  low_vehicle_battery_since timestamptz,
  low_module_battery_since timestamptz,
  -- seq and ts of the telemetry the current state comes from: the state only moves forward
  state_seq bigint,
  state_ts timestamptz,
  trip_started_at timestamptz,
  trip_start_odometer_km double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX bike_vehicle_number_key ON bike (lower(vehicle_number));
CREATE UNIQUE INDEX bike_bike_code_key ON bike (lower(bike_code));
CREATE UNIQUE INDEX bike_module_id_key ON bike (module_id);
CREATE INDEX bike_fleet_idx ON bike (fleet_id, vehicle_number);
CREATE INDEX bike_fleet_last_comm_idx ON bike (fleet_id, last_communication_date);
CREATE INDEX bike_group_idx ON bike (group_id);

-- MQTT credentials of a module: username = module id, secret stored hashed.
CREATE TABLE module_credential (
  module_id text PRIMARY KEY,
  bike_id bigint NOT NULL REFERENCES bike (id) ON DELETE CASCADE,
  secret_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX module_credential_bike_idx ON module_credential (bike_id);

-- Append-only telemetry history, partitioned by month of ts (partitions made ahead by the
-- server; the default partition catches anything outside them).
CREATE TABLE telemetry (
  bike_id bigint NOT NULL,
  seq bigint NOT NULL,
  ts timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  latitude double precision,
  longitude double precision,
  speed_kmh real,
  iot_mode text,
  bike_battery smallint,
  iot_battery smallint,
  battery_plugged boolean,
  assistance_locked boolean,
  odometer_km double precision,
  extra jsonb
) PARTITION BY RANGE (ts);
-- idempotency on (module, seq): a redelivered message has the same seq and ts
CREATE UNIQUE INDEX telemetry_bike_seq_key ON telemetry (bike_id, seq, ts);
CREATE INDEX telemetry_bike_ts_idx ON telemetry (bike_id, ts DESC);
CREATE TABLE telemetry_default PARTITION OF telemetry DEFAULT;

CREATE TABLE trip (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  bike_id bigint NOT NULL REFERENCES bike (id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL,
  ended_at timestamptz NOT NULL,
  distance_km double precision NOT NULL,
  duration_minutes double precision NOT NULL,
  start_latitude double precision,
  start_longitude double precision,
  end_latitude double precision,
  end_longitude double precision
);
CREATE INDEX trip_fleet_time_idx ON trip (fleet_id, started_at);
CREATE INDEX trip_bike_time_idx ON trip (bike_id, started_at DESC);
CREATE UNIQUE INDEX trip_bike_start_key ON trip (bike_id, started_at);

-- Events: from modules (idempotent on module seq) and the audit trail of user actions.
CREATE TABLE event (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  -- kept (set null) when the bike is removed so that the audit trail survives
  bike_id bigint REFERENCES bike (id) ON DELETE SET NULL,
  vehicle_number text,
  type text NOT NULL DEFAULT 'PRODUCT' CHECK (type IN ('PRODUCT', 'OTHER')),
  name text NOT NULL,
  source text NOT NULL CHECK (source IN ('MODULE', 'RIDER', 'MANAGER')),
  user_email text,
  data jsonb,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  module_seq bigint
);
CREATE INDEX event_bike_time_idx ON event (bike_id, occurred_at DESC, id DESC);
CREATE INDEX event_fleet_time_idx ON event (fleet_id, occurred_at DESC);
CREATE UNIQUE INDEX event_module_seq_key ON event (bike_id, module_seq) WHERE module_seq IS NOT NULL;

CREATE TABLE command (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  bike_id bigint NOT NULL REFERENCES bike (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('LOCK_CONTROL', 'ALARM', 'MODE')),
  value text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING'
    CHECK (status IN ('PENDING', 'ACKNOWLEDGED', 'FAILED', 'EXPIRED')),
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  acknowledged_at timestamptz,
  expires_at timestamptz NOT NULL,
  detail text
);
CREATE INDEX command_bike_time_idx ON command (bike_id, requested_at DESC);
CREATE INDEX command_pending_idx ON command (bike_id, requested_at) WHERE status = 'PENDING';

-- Self-diagnosis reports (autotest) of the modules.
CREATE TABLE autotest (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bike_id bigint NOT NULL REFERENCES bike (id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  ts timestamptz NOT NULL,
  results jsonb NOT NULL
);
CREATE UNIQUE INDEX autotest_bike_seq_key ON autotest (bike_id, seq);
CREATE INDEX autotest_bike_time_idx ON autotest (bike_id, ts DESC);

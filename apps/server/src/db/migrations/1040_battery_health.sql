-- Battery health (ADR 0130, docs/battery.md): each pack's estimated state of health, kept by
-- the battery module's worker from the stored telemetry, incrementally (a cursor per bike).

-- the fleet's battery settings: the nominal capacity the state of health is measured against,
-- the state of health under which a pack is rotated out (and alerted), and the drop in points
-- per 30 days that is abnormally fast
CREATE TABLE battery_settings (
  fleet_id uuid PRIMARY KEY REFERENCES fleet (id) ON DELETE CASCADE,
  nominal_capacity_wh real NOT NULL DEFAULT 500 CHECK (nominal_capacity_wh > 0),
  soh_threshold smallint NOT NULL DEFAULT 80 CHECK (soh_threshold BETWEEN 1 AND 100),
  fast_drop_points real NOT NULL DEFAULT 4 CHECK (fast_drop_points > 0)
);

-- one pack: the module's battery number, or 'bike:<id>' where the module reports none
CREATE TABLE battery_pack (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  pack_key text NOT NULL,
  -- the bike it was last seen on
  bike_id bigint REFERENCES bike (id) ON DELETE SET NULL,
  model text NOT NULL DEFAULT '',
  -- the estimator's state (modules/battery/estimator.ts)
  state jsonb NOT NULL,
  soh real,
  capacity_wh real,
  trend_per_30d real,
  efc real NOT NULL DEFAULT 0,
  cycles_reported integer,
  energy_wh double precision NOT NULL DEFAULT 0,
  distance_km double precision NOT NULL DEFAULT 0,
  temp_max real,
  hot_hours real NOT NULL DEFAULT 0,
  cold_hours real NOT NULL DEFAULT 0,
  -- when the pack's state of health fell under the threshold or dropped too fast (the
  -- BATTERY_HEALTH alert's condition), and why
  alert_since timestamptz,
  alert_reason text,
  updated_at timestamptz NOT NULL,
  UNIQUE (fleet_id, pack_key)
);
CREATE INDEX battery_pack_bike_idx ON battery_pack (bike_id);
CREATE INDEX battery_pack_alert_idx ON battery_pack (bike_id) WHERE alert_since IS NOT NULL;

-- a pack's state of health, one point a day (the trend chart)
CREATE TABLE battery_soh_day (
  pack_id bigint NOT NULL REFERENCES battery_pack (id) ON DELETE CASCADE,
  day date NOT NULL,
  soh real NOT NULL,
  efc real NOT NULL,
  PRIMARY KEY (pack_id, day)
);

-- one bike: how far the estimation has read its telemetry, its demand profile and prediction
CREATE TABLE battery_bike (
  bike_id bigint PRIMARY KEY REFERENCES bike (id) ON DELETE CASCADE,
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  cursor_ts timestamptz NOT NULL,
  -- the pack it carries now (battery_pack.pack_key)
  pack_key text,
  state jsonb NOT NULL,
  level smallint,
  hours_to_20 real,
  predicted_20_at timestamptz,
  updated_at timestamptz NOT NULL
);
CREATE INDEX battery_bike_fleet_idx ON battery_bike (fleet_id);
CREATE INDEX battery_bike_pack_idx ON battery_bike (fleet_id, pack_key);

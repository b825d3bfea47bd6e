-- docs/open-data.md (MDS 2.0 Provider half, ADR 0085): the public MDS ids of bikes and fleets, the city
-- clients that may pull a fleet's data, their access log, and the indexes that keep each pull
-- bounded by the hour it asks for (docs/open-data.md "MDS").

-- MDS device_id: a random UUID fixed for the bike's life, never derived from a VFM id.
ALTER TABLE bike ADD COLUMN mds_device_id uuid NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX bike_mds_device_id_key ON bike (mds_device_id);
CREATE INDEX bike_fleet_mds_device_idx ON bike (fleet_id, mds_device_id);

-- MDS provider_id: one random UUID per fleet (each fleet is a provider for the cities).
ALTER TABLE fleet ADD COLUMN mds_provider_id uuid NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX fleet_mds_provider_id_key ON fleet (mds_provider_id);

-- A city's client of one fleet: the secret is shown once and stored hashed (argon2id: the demo
-- client's secret is the demo password, not a high-entropy token).
CREATE TABLE mds_client (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  name text NOT NULL,
  client_id text NOT NULL,
  secret_hash text NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  revoked_at timestamptz,
  last_used_at timestamptz
);
CREATE UNIQUE INDEX mds_client_client_id_key ON mds_client (client_id);
CREATE INDEX mds_client_fleet_idx ON mds_client (fleet_id, created_at DESC);

-- Every pull of a city client (and every refused token request naming a known client).
CREATE TABLE mds_access_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  client_id uuid NOT NULL REFERENCES mds_client (id) ON DELETE CASCADE,
  path text NOT NULL,
  status smallint NOT NULL,
  row_count integer,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mds_access_log_fleet_idx ON mds_access_log (fleet_id, at DESC, id DESC);

-- trips?end_time: the trips that ended in one hour of one fleet.
CREATE INDEX trip_fleet_end_idx ON trip (fleet_id, ended_at);
-- events: alerts of silent modules and low batteries cleared by the condition's end, by hour.
CREATE INDEX alert_fleet_cleared_idx ON alert (fleet_id, cleared_at) WHERE cleared_at IS NOT NULL;
-- telemetry?telemetry_time: one hour of one month's partition (the partitions inherit it).
CREATE INDEX telemetry_ts_idx ON telemetry (ts);

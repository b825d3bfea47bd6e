-- docs/open-data.md (GBFS 3.0 half, ADR 0083): a fleet's publication of open data, off by default, and
-- the random public id of each bike in the feed (docs/open-data.md).

-- One row per fleet once an administrator saved the open-data settings. `system_id` is the
-- public id of the feed (random, never the fleet's id); `settings` the shape OpenDataSettings
-- of the contract (name, operator, contact, time zone, languages, licence, opening hours,
-- rental apps, range of a full battery per vehicle type).
CREATE TABLE open_data_publication (
  fleet_id uuid PRIMARY KEY REFERENCES fleet (id) ON DELETE CASCADE,
  system_id text NOT NULL,
  published boolean NOT NULL DEFAULT false,
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX open_data_publication_system_id_key ON open_data_publication (system_id);

-- GBFS privacy rule: a bike's vehicle_id in the feed is random, not derivable from any VFM
-- identifier, and changes after every trip. It is renewed by the database itself whenever a
-- ride starts (status becomes MOVING, or a new trip start is recorded) or a trip is counted
-- (trip_count, kept by the trigger of migration 0300), whoever writes the bike.
ALTER TABLE bike ADD COLUMN gbfs_vehicle_id uuid NOT NULL DEFAULT gen_random_uuid();

CREATE FUNCTION vfm_renew_gbfs_vehicle_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.gbfs_vehicle_id := gen_random_uuid();
  RETURN NEW;
END
$$;
CREATE TRIGGER bike_renew_gbfs_vehicle_id BEFORE UPDATE ON bike
  FOR EACH ROW
  WHEN ((NEW.status = 'MOVING' AND OLD.status <> 'MOVING')
     OR NEW.trip_started_at IS DISTINCT FROM OLD.trip_started_at
     OR NEW.trip_count <> OLD.trip_count)
  EXECUTE FUNCTION vfm_renew_gbfs_vehicle_id();

-- Fleet and product API (DESIGN §5): indexes for 100,000-bike fleets, a per-bike trip counter,
-- and the change feed read by fleet/stream (ADR 0020). Runs on PGlite and PostgreSQL.

-- List sorted by last communication, both directions, with "never" as the smallest value:
-- ASC NULLS FIRST forward, DESC NULLS LAST backward (replaces the index of 0002).
DROP INDEX IF EXISTS bike_fleet_last_comm_idx;
CREATE INDEX bike_fleet_last_comm_idx ON bike (fleet_id, last_communication_date NULLS FIRST, id);

-- The stream reads what changed in a fleet since its cursor.
CREATE INDEX bike_fleet_updated_idx ON bike (fleet_id, updated_at);

-- fleet/statistics totals: trips counted per bike as they are written, so the total does not
-- scan the (unbounded) trip history.
ALTER TABLE bike ADD COLUMN trip_count integer NOT NULL DEFAULT 0;
UPDATE bike SET trip_count = t.n
  FROM (SELECT bike_id, count(*) AS n FROM trip GROUP BY bike_id) t
 WHERE t.bike_id = bike.id;

CREATE FUNCTION vfm_count_trip() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bike SET trip_count = trip_count + 1 WHERE id = NEW.bike_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER trip_count_after_insert AFTER INSERT ON trip
  FOR EACH ROW EXECUTE FUNCTION vfm_count_trip();

-- Commands: when the row last changed (any writer), for the stream's command-status events.
ALTER TABLE command ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE FUNCTION vfm_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
CREATE TRIGGER command_touch_before_update BEFORE UPDATE ON command
  FOR EACH ROW EXECUTE FUNCTION vfm_touch_updated_at();
CREATE INDEX command_fleet_updated_idx ON command (fleet_id, updated_at);

-- Events: when the row was written (occurred_at is the module's clock and may be old).
ALTER TABLE event ADD COLUMN recorded_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX event_fleet_recorded_idx ON event (fleet_id, recorded_at);

-- Bikes removed from a fleet, kept one day so that open streams can tell their clients.
CREATE TABLE bike_removal (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- no foreign key: the fleet itself may be the thing being deleted
  fleet_id uuid NOT NULL,
  vehicle_number text NOT NULL,
  removed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bike_removal_fleet_idx ON bike_removal (fleet_id, removed_at);

CREATE FUNCTION vfm_record_bike_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bike_removal (fleet_id, vehicle_number) VALUES (OLD.fleet_id, OLD.vehicle_number);
  RETURN NULL;
END
$$;
CREATE TRIGGER bike_removal_after_delete AFTER DELETE ON bike
  FOR EACH ROW EXECUTE FUNCTION vfm_record_bike_removal();

CREATE FUNCTION vfm_prune_bike_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM bike_removal WHERE removed_at < now() - interval '1 day';
  RETURN NULL;
END
$$;
CREATE TRIGGER bike_removal_prune AFTER DELETE ON bike
  FOR EACH STATEMENT EXECUTE FUNCTION vfm_prune_bike_removal();

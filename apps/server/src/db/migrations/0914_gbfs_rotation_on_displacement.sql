-- ADR 0120, docs/open-data.md "The vehicle_id rule": the GBFS vehicle_id is renewed on every
-- displacement of more than 50 m, whatever speed the module reports. A bike carried, towed or
-- ridden with its speed unreported (speed 0 or none) used to keep its id from place to place:
-- one id seen at three places up to 4.1 km apart. The distance is measured from where the id
-- was issued (gbfs_latitude/gbfs_longitude), not from the previous report, so that a bike
-- moved in many short steps is renewed too; a standing bike's GPS jitter (a few metres) never
-- renews it. Kept by the database itself, whoever writes the bike, like the trip rules.
ALTER TABLE bike
  ADD COLUMN gbfs_latitude double precision,
  ADD COLUMN gbfs_longitude double precision;
UPDATE bike SET gbfs_latitude = latitude, gbfs_longitude = longitude
 WHERE latitude IS NOT NULL AND longitude IS NOT NULL;

-- metres between two WGS 84 points (equirectangular: exact to well under a metre at 50 m, and
-- within 0.1 % over kilometres; only the 50 m threshold matters). A module may send any number
-- the contract takes (5e-324 is a latitude): PostgreSQL refuses a float result that underflows
-- ("value out of range"), which would fail the ingest's whole batch, so coordinates under 1e-9°
-- (0.1 mm) count as 0 and differences under it as none — every product below then stays far
-- above the smallest double.
CREATE FUNCTION vfm_gbfs_metres(lat1 double precision, lon1 double precision,
                                lat2 double precision, lon2 double precision)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN abs(d.dlat) < 1e-9 AND abs(d.dlon) < 1e-9 THEN 0::double precision
              ELSE 6371008.8 * sqrt(power(radians(d.dlat), 2)
                                    + power(radians(d.dlon) * cos(radians(d.mid)), 2)) END
    FROM (SELECT c.a2 - c.a1 AS dlat, c.o2 - c.o1 AS dlon, (c.a1 + c.a2) / 2 AS mid
            FROM (SELECT CASE WHEN abs(lat1) < 1e-9 THEN 0 ELSE lat1 END AS a1,
                         CASE WHEN abs(lon1) < 1e-9 THEN 0 ELSE lon1 END AS o1,
                         CASE WHEN abs(lat2) < 1e-9 THEN 0 ELSE lat2 END AS a2,
                         CASE WHEN abs(lon2) < 1e-9 THEN 0 ELSE lon2 END AS o2) c) d
$$;

-- a renewed id is issued where the bike is now
CREATE OR REPLACE FUNCTION vfm_renew_gbfs_vehicle_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.gbfs_vehicle_id := gen_random_uuid();
  NEW.gbfs_latitude := NEW.latitude;
  NEW.gbfs_longitude := NEW.longitude;
  RETURN NEW;
END
$$;

DROP TRIGGER bike_renew_gbfs_vehicle_id ON bike;
CREATE TRIGGER bike_renew_gbfs_vehicle_id BEFORE UPDATE ON bike
  FOR EACH ROW
  WHEN ((NEW.status = 'MOVING' AND OLD.status <> 'MOVING')
     OR NEW.trip_started_at IS DISTINCT FROM OLD.trip_started_at
     OR NEW.trip_count <> OLD.trip_count
     OR (NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL
         AND OLD.gbfs_latitude IS NOT NULL AND OLD.gbfs_longitude IS NOT NULL
         AND vfm_gbfs_metres(OLD.gbfs_latitude, OLD.gbfs_longitude,
                             NEW.latitude, NEW.longitude) > 50))
  EXECUTE FUNCTION vfm_renew_gbfs_vehicle_id();

-- the first known position issues nothing new: the id (never seen anywhere yet) is placed there.
-- Fired before the renewal (triggers run in name order), which then measures from it.
CREATE FUNCTION vfm_place_gbfs_vehicle_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.gbfs_latitude := NEW.latitude;
  NEW.gbfs_longitude := NEW.longitude;
  RETURN NEW;
END
$$;
CREATE TRIGGER bike_place_gbfs_vehicle_id BEFORE INSERT OR UPDATE ON bike
  FOR EACH ROW
  WHEN (NEW.gbfs_latitude IS NULL AND NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL)
  EXECUTE FUNCTION vfm_place_gbfs_vehicle_id();

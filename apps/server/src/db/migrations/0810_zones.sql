-- ADR 0084: the zones of a fleet's city permit. No PostGIS (the embedded PGlite has
-- none): the GeoJSON geometry is kept as it was sent, with its bounding box for the cheap
-- first test and its vertex count; point-in-polygon runs in TypeScript (contract
-- zone-geometry.ts). `version` refuses a change made on a stale read (409).
CREATE TABLE zone (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  name text NOT NULL,
  type text NOT NULL
    CHECK (type IN ('SERVICE_AREA', 'NO_PARKING', 'NO_RIDE', 'SLOW', 'PREFERRED_PARKING')),
  geometry jsonb NOT NULL,
  min_lon double precision NOT NULL,
  min_lat double precision NOT NULL,
  max_lon double precision NOT NULL,
  max_lat double precision NOT NULL,
  vertex_count integer NOT NULL,
  -- {from, to, days, timeZone}; null: always
  active_hours jsonb,
  min_bikes integer CHECK (min_bikes >= 0),
  max_bikes integer CHECK (max_bikes >= 0),
  max_speed_kmh integer CHECK (max_speed_kmh > 0),
  colour text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CHECK (type <> 'SLOW' OR max_speed_kmh IS NOT NULL),
  CHECK (min_bikes IS NULL OR max_bikes IS NULL OR min_bikes <= max_bikes)
);
CREATE INDEX zone_fleet_idx ON zone (fleet_id, lower(name), id);

-- Where each bike stands among its fleet's zones (docs/zones.md), kept by the alerts' sweep and
-- subscriber (modules/zones/zone-conditions.ts) from the bike's last position, and read as
-- alert conditions (OUTSIDE_SERVICE_AREA, IN_NO_RIDE_ZONE, PARKED_IN_NO_PARKING once parked
-- there longer than its grace) and by the fleet list's filter.
ALTER TABLE bike ADD COLUMN outside_service_area_since timestamptz;
ALTER TABLE bike ADD COLUMN no_ride_zone_since timestamptz;
ALTER TABLE bike ADD COLUMN no_parking_since timestamptz;

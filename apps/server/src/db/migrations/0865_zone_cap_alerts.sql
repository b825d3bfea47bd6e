-- ADR 0104: a zone above its maximum or below its minimum number of parked bikes
-- (permit caps) is an alert of the zone — a fleet's district, not one bike. A breach first seen
-- at `since` opens (`opened_at`) once it has lasted ZONE_CAP_GRACE_MINUTES, so a bike riding
-- through a district opens nothing; it clears when the count is back within the cap (a breach
-- that ended before opening is deleted). One active row per zone and kind.
CREATE TABLE zone_alert (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  zone_id uuid NOT NULL REFERENCES zone (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('ZONE_ABOVE_MAXIMUM', 'ZONE_BELOW_MINIMUM')),
  -- the cap crossed, and the parked bikes counted at the last sweep
  cap integer NOT NULL,
  parked integer NOT NULL,
  since timestamptz NOT NULL,
  opened_at timestamptz,
  cleared_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX zone_alert_one_active_idx ON zone_alert (zone_id, kind) WHERE cleared_at IS NULL;
CREATE INDEX zone_alert_fleet_idx ON zone_alert (fleet_id, since DESC);

-- A notification may be about a zone instead of a bike (its caps): no vehicle number then.
ALTER TABLE notification ALTER COLUMN vehicle_number DROP NOT NULL;
ALTER TABLE notification ADD COLUMN zone_id uuid REFERENCES zone (id) ON DELETE SET NULL;
ALTER TABLE notification ADD COLUMN zone_name text;

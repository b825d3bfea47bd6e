-- ADR 0127 (docs/reports.md): time in each zone and occupancy against its caps, kept by the
-- rollup job beside the trips that started in the zone. A bike counts in a zone while it stands
-- parked there in the public right of way; the occupancy is sampled at each minute's start, as
-- the caps' sweep counts. The caps are the zone's on the day the rollup computed it.
ALTER TABLE report_zone_day
  ADD COLUMN parked_minutes double precision NOT NULL DEFAULT 0,
  ADD COLUMN observed_minutes integer NOT NULL DEFAULT 0,
  ADD COLUMN peak_parked integer NOT NULL DEFAULT 0,
  ADD COLUMN minutes_above_max integer NOT NULL DEFAULT 0,
  ADD COLUMN minutes_below_min integer NOT NULL DEFAULT 0,
  ADD COLUMN min_bikes integer,
  ADD COLUMN max_bikes integer;

-- Bike-minutes parked in each zone per group of bikes (group_id null: bikes of no group): a
-- group's report has its time in each zone.
CREATE TABLE report_zone_group_day (
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  day date NOT NULL,
  zone_id uuid NOT NULL,
  group_id uuid,
  parked_minutes double precision NOT NULL
);
CREATE INDEX report_zone_group_day_idx ON report_zone_group_day (fleet_id, day);

-- The fleet's bikes available to rent at each minute's start (the KPI strip's "bikes available
-- at the peak"): one value a minute, up to the time computed for today.
ALTER TABLE report_rollup_day ADD COLUMN available_by_minute integer[];

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

-- What a report of the fleet or a group reads instead of a row per bike and day (docs/
-- performance.md "Reports": a 30-day report of 100,000 bikes read 3 million rows twice): per
-- group and day the sums and the bikes deployed and active that day; per bike and month, the
-- days (bit n-1 for day n) it was deployed and active — the period's distinct bikes from one
-- or two rows a bike.
CREATE TABLE report_group_day (
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  day date NOT NULL,
  group_id uuid,
  bikes integer NOT NULL,
  trips integer NOT NULL,
  km double precision NOT NULL,
  ride_minutes double precision NOT NULL,
  deployed_minutes double precision NOT NULL,
  available_minutes double precision NOT NULL,
  on_trip_minutes double precision NOT NULL,
  deployed_bikes integer NOT NULL,
  active_bikes integer NOT NULL
);
CREATE INDEX report_group_day_idx ON report_group_day (fleet_id, day);

CREATE TABLE report_bike_month (
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  month date NOT NULL,
  bike_id bigint NOT NULL,
  group_id uuid,
  deployed_days integer NOT NULL,
  active_days integer NOT NULL,
  PRIMARY KEY (fleet_id, month, bike_id)
);

-- The days already computed have none of these: the catch-up computes them again, oldest first.
UPDATE report_rollup_day SET final = false;

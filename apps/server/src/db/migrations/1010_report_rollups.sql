-- ADR 0127 (docs/reports.md): the daily rollups the reports read, kept by the queue
-- reports.rollup. A (fleet, UTC day) is computed in one transaction that deletes and writes all
-- its rows and its mark: idempotent, and a worker killed in the middle leaves the day as it was.
-- bike_id has no foreign key: a removed bike's past stays in its fleet's reports.

-- Per bike and day: trips started that day, the minutes in the public right of way (MDS
-- Metrics: available, non-operational or on a trip), available and on a trip, and the state at
-- the day's end (the next day starts from it).
CREATE TABLE report_bike_day (
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  day date NOT NULL,
  bike_id bigint NOT NULL,
  group_id uuid,
  trips integer NOT NULL,
  km double precision NOT NULL,
  ride_minutes double precision NOT NULL,
  deployed_minutes double precision NOT NULL,
  available_minutes double precision NOT NULL,
  on_trip_minutes double precision NOT NULL,
  end_availability text NOT NULL,
  end_stolen boolean NOT NULL,
  PRIMARY KEY (fleet_id, day, bike_id)
);
CREATE INDEX report_bike_day_bike_idx ON report_bike_day (bike_id, day);

-- Per bike, alert kind and day: alerts opened, and the minutes from opening of those
-- acknowledged and cleared that day (arrays: the report takes their median).
CREATE TABLE report_alert_day (
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  day date NOT NULL,
  bike_id bigint NOT NULL,
  group_id uuid,
  kind text NOT NULL,
  opened integer NOT NULL,
  ack_minutes double precision[] NOT NULL,
  clear_minutes double precision[] NOT NULL
);
CREATE INDEX report_alert_day_idx ON report_alert_day (fleet_id, day);

-- Per bike, kind, priority and technician: tasks done that day, those done by their due time
-- (a task without one counts as inside), and the minutes from creation to done.
CREATE TABLE report_task_day (
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  day date NOT NULL,
  bike_id bigint NOT NULL,
  group_id uuid,
  kind text NOT NULL,
  priority text NOT NULL,
  technician_id uuid,
  done integer NOT NULL,
  within_sla integer NOT NULL,
  close_minutes double precision[] NOT NULL
);
CREATE INDEX report_task_day_idx ON report_task_day (fleet_id, day);

-- Per zone and day: the trips that started in it (MDS Metrics group trips by where they start).
CREATE TABLE report_zone_day (
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  day date NOT NULL,
  zone_id uuid NOT NULL,
  trips integer NOT NULL,
  km double precision NOT NULL,
  ride_minutes double precision NOT NULL,
  bikes integer NOT NULL,
  PRIMARY KEY (fleet_id, day, zone_id)
);

-- Which days are computed: final once computed after the day's end.
CREATE TABLE report_rollup_day (
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  day date NOT NULL,
  final boolean NOT NULL,
  computed_at timestamptz NOT NULL,
  PRIMARY KEY (fleet_id, day)
);

-- ADR 0128: where bikes are needed. The worker's forecast of trip starts per H3 cell and hour
-- (one set per fleet, replaced at each training), the recommendations made from it (moves of
-- bikes between cells, accepted into REBALANCE tasks, snoozed or dismissed) and the technicians'
-- routes (one per technician and shift, replaced at each planning).
CREATE TABLE rebalancing_forecast (
  fleet_id uuid PRIMARY KEY REFERENCES fleet (id) ON DELETE CASCADE,
  trained_at timestamptz NOT NULL,
  -- the first hour forecast
  starts_at timestamptz NOT NULL,
  resolution smallint NOT NULL,
  -- [{cell, model, hourly: [24 numbers]}]
  cells jsonb NOT NULL
);

CREATE TABLE rebalancing_recommendation (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  from_cell text NOT NULL,
  to_cell text NOT NULL,
  from_lon double precision NOT NULL,
  from_lat double precision NOT NULL,
  to_lon double precision NOT NULL,
  to_lat double precision NOT NULL,
  -- the bikes to move, as they stood when it was made
  bike_ids bigint[] NOT NULL,
  due_at timestamptz NOT NULL,
  extra_rides double precision NOT NULL,
  state text NOT NULL DEFAULT 'OPEN'
    CHECK (state IN ('OPEN', 'ACCEPTED', 'SNOOZED', 'DISMISSED', 'SUPERSEDED')),
  snoozed_until timestamptz,
  task_ids uuid[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by uuid REFERENCES account (id) ON DELETE SET NULL
);
CREATE INDEX rebalancing_recommendation_fleet_idx
  ON rebalancing_recommendation (fleet_id, state, created_at DESC);

CREATE TABLE rebalancing_route (
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  technician_id uuid NOT NULL REFERENCES account (id) ON DELETE CASCADE,
  shift_start timestamptz NOT NULL,
  shift_end timestamptz NOT NULL,
  planned_at timestamptz NOT NULL,
  length_km double precision NOT NULL,
  -- [{kind, taskId, vehicleNumber, position, at, load}]
  stops jsonb NOT NULL,
  PRIMARY KEY (fleet_id, technician_id)
);

-- ADR 0136 (docs/rebalancing.md): the heat maps' rollup per H3 cell and hour, kept by the queue
-- rebalancing.rollup. A (fleet, hour) is computed in one transaction that deletes and writes its
-- rows at every rolled-up resolution and its mark: idempotent, and a worker killed in the middle
-- leaves the hour as it was (or missing: the catch-up computes it at its next run).

-- Per fleet, resolution, hour (UTC, its start) and cell: trips started and ended in the cell,
-- and the rentable bikes' parked time in it (bike-hours: 1 = one bike the whole hour).
CREATE TABLE rebalancing_cell_hour (
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  resolution smallint NOT NULL,
  hour timestamptz NOT NULL,
  cell text NOT NULL,
  starts integer NOT NULL,
  ends integer NOT NULL,
  supply double precision NOT NULL,
  PRIMARY KEY (fleet_id, resolution, hour, cell)
);

-- Which hours are computed: final once computed after the hour's end (and its late trips).
CREATE TABLE rebalancing_rollup_hour (
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  hour timestamptz NOT NULL,
  final boolean NOT NULL,
  computed_at timestamptz NOT NULL,
  PRIMARY KEY (fleet_id, hour)
);

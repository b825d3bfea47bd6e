-- ADR 0081: each occurrence of a warning condition is an alert, opened when the
-- condition starts and cleared when it ends (or by hand), acknowledged and assigned in
-- between. The warning conditions themselves stay derived (ADR 0023); an occurrence is
-- (bike, kind, opened_at), and a bike has at most one active alert per kind.
CREATE TABLE alert (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  bike_id bigint NOT NULL REFERENCES bike (id) ON DELETE CASCADE,
  kind text NOT NULL,
  -- when the condition started (the bike's *_since, or the end of its communication grace)
  opened_at timestamptz NOT NULL,
  acknowledged_at timestamptz,
  acknowledged_by uuid REFERENCES account (id) ON DELETE SET NULL,
  ack_comment text,
  assignee_id uuid REFERENCES account (id) ON DELETE SET NULL,
  assigned_at timestamptz,
  cleared_at timestamptz,
  -- null when the alert cleared by itself (clear_cause CONDITION_ENDED)
  cleared_by uuid REFERENCES account (id) ON DELETE SET NULL,
  clear_cause text CHECK (clear_cause IN ('CONDITION_ENDED', 'MANUAL')),
  clear_reason text,
  -- the last change of any kind (the live stream's cursor)
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX alert_one_active_idx ON alert (bike_id, kind) WHERE cleared_at IS NULL;
CREATE INDEX alert_bike_idx ON alert (bike_id, opened_at DESC);
CREATE INDEX alert_fleet_idx ON alert (fleet_id, opened_at DESC, id);
CREATE INDEX alert_fleet_active_idx ON alert (fleet_id, kind) WHERE cleared_at IS NULL;
CREATE INDEX alert_fleet_updated_idx ON alert (fleet_id, updated_at);

-- The jobs home's probe (queue jobs.probe, ADR 0081): `npm run admin -- jobs probe` and the
-- cluster test send one and wait for its row; `runs` counts deliveries (at-least-once), the
-- row itself the effect (exactly once).
CREATE TABLE job_probe (
  job_id uuid PRIMARY KEY,
  token text NOT NULL,
  process_id integer NOT NULL,
  runs integer NOT NULL DEFAULT 1,
  done_at timestamptz NOT NULL DEFAULT now()
);

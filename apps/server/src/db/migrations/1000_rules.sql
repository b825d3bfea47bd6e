-- Rules (ADR 0126, docs/rules.md): a fleet's conditions over its bikes' state and telemetry, and
-- what they do. A condition is typed JSON (checked against the contract), never code. `version`
-- grows with every change (a PUT names the one it changes). A built-in rule (`builtin` its kind)
-- exists once per fleet; `alert_kind` is the kind of its alerts: the built-in kind, or 'RULE:'
-- and the rule's id for a written one (one active alert per bike and rule).
CREATE TABLE rule (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  builtin text,
  alert_kind text NOT NULL,
  name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  severity text NOT NULL CHECK (severity IN ('CRITICAL', 'MAJOR', 'MINOR')),
  condition jsonb NOT NULL,
  scope jsonb NOT NULL DEFAULT '{"groupIds": [], "models": []}',
  actions jsonb NOT NULL,
  latch boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE UNIQUE INDEX rule_builtin_idx ON rule (fleet_id, builtin) WHERE builtin IS NOT NULL;
CREATE INDEX rule_fleet_idx ON rule (fleet_id, created_at, id);

-- What a rule remembers of a bike between messages (the evaluator's memory: the last truth of
-- each test, since when they hold, recent starts, positions of the window, the battery when the
-- bike parked…), and whether it fires: a 10-minute condition is not reset by a restart or by a
-- worker dying mid-way. A row exists only while there is something to remember.
CREATE TABLE rule_state (
  rule_id uuid NOT NULL REFERENCES rule (id) ON DELETE CASCADE,
  bike_id bigint NOT NULL REFERENCES bike (id) ON DELETE CASCADE,
  memory jsonb NOT NULL,
  -- when the current occurrence began (null: not firing); the alerts' reconciliation reads it
  firing_since timestamptz,
  -- the messages that made it fire (the alert's detail)
  detail jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (rule_id, bike_id)
);
CREATE INDEX rule_state_bike_idx ON rule_state (bike_id);
CREATE INDEX rule_state_firing_idx ON rule_state (bike_id) WHERE firing_since IS NOT NULL;

-- A rule's alert names its rule and the messages that triggered it.
ALTER TABLE alert ADD COLUMN rule_id uuid REFERENCES rule (id) ON DELETE CASCADE;
ALTER TABLE alert ADD COLUMN detail jsonb;
CREATE INDEX alert_rule_idx ON alert (rule_id) WHERE rule_id IS NOT NULL;

-- ADR 0088: a fleet's webhook endpoints, set by its administrators, and their
-- delivery log. docs/webhooks.md tells what a receiver gets.

-- An endpoint. The signing secret is stored encrypted (AES-256-GCM, lib/secret-box.ts): a dump
-- of the database alone does not reveal it.
CREATE TABLE webhook_endpoint (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  url text NOT NULL,
  -- the alert kinds and events it receives
  kinds text[] NOT NULL,
  events text[] NOT NULL,
  description text NOT NULL DEFAULT '',
  secret_encrypted text NOT NULL,
  -- the secret's first characters (shown to tell secrets apart)
  secret_hint text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text CHECK (disabled_reason IN ('MANUAL', 'FAILING')),
  -- the first failed attempt since the last success: 24 h of failures disable the endpoint
  failing_since timestamptz,
  -- the administrators were told the endpoint was disabled (once per disabling)
  disabled_mail_sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE INDEX webhook_endpoint_fleet_idx ON webhook_endpoint (fleet_id, created_at);

-- One delivery per (event, endpoint): its id is the `webhook-id` of every attempt, its body
-- is frozen at the fan-out so that every attempt signs the same bytes. `idempotency_key`
-- makes a replayed fan-out harmless.
CREATE TABLE webhook_delivery (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoint (id) ON DELETE CASCADE,
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  event text NOT NULL,
  alert_id uuid,
  vehicle_number text,
  kind text,
  body text NOT NULL,
  state text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'DELIVERED', 'FAILED')),
  -- attempts made so far (automatic and manual): a job names the count it expects
  attempts integer NOT NULL DEFAULT 0,
  -- the automatic attempts so far (the retry schedule's position)
  scheduled_attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX webhook_delivery_key ON webhook_delivery (idempotency_key);
CREATE INDEX webhook_delivery_endpoint_idx ON webhook_delivery (endpoint_id, created_at DESC, id);

-- Every attempt: time, status, latency, the first KiB of the answer.
CREATE TABLE webhook_attempt (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES webhook_delivery (id) ON DELETE CASCADE,
  attempted_at timestamptz NOT NULL,
  status integer,
  latency_ms integer NOT NULL,
  response text NOT NULL DEFAULT '',
  error text,
  manual boolean NOT NULL DEFAULT false
);
CREATE INDEX webhook_attempt_delivery_idx ON webhook_attempt (delivery_id, attempted_at DESC);

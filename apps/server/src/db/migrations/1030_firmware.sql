-- Firmware of the IoT modules (ADR 0129, docs/firmware.md): packages, campaigns, and each
-- module's state in a campaign (the offer outbox: claimed by the ingest's firmware dispatcher,
-- settled by the module's up/firmware reports, driven by the firmware.tick job).

CREATE TABLE firmware_package (
  id uuid PRIMARY KEY,
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  version text NOT NULL,
  module_model text NOT NULL,
  file_name text NOT NULL,
  size bigint NOT NULL,
  sha256 text NOT NULL,
  -- where the bytes are: a key of the package store (DATA_DIR/firmware or an S3 bucket)
  storage_key text NOT NULL,
  uploaded_by text,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX firmware_package_version_key ON firmware_package (fleet_id, module_model, version);

CREATE TABLE firmware_campaign (
  id uuid PRIMARY KEY,
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  package_id uuid NOT NULL REFERENCES firmware_package (id),
  name text NOT NULL,
  state text NOT NULL CHECK (state IN ('CANARY', 'AWAITING_APPROVAL', 'RUNNING', 'PAUSED', 'FINISHED', 'ABORTED')),
  -- the state to go back to on resume
  paused_from text,
  paused_reason text,
  canary_percent smallint NOT NULL,
  auto_approve_percent smallint,
  pace_per_minute integer NOT NULL,
  max_failure_percent smallint NOT NULL,
  window_start text,
  window_end text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX firmware_campaign_fleet_idx ON firmware_campaign (fleet_id, created_at DESC);
CREATE INDEX firmware_campaign_open_idx ON firmware_campaign (state) WHERE state NOT IN ('FINISHED', 'ABORTED');

CREATE TABLE firmware_target (
  -- the offer's id (offerId over MQTT)
  id uuid PRIMARY KEY,
  campaign_id uuid NOT NULL REFERENCES firmware_campaign (id) ON DELETE CASCADE,
  fleet_id uuid NOT NULL REFERENCES fleet (id) ON DELETE CASCADE,
  bike_id bigint REFERENCES bike (id) ON DELETE SET NULL,
  vehicle_number text NOT NULL,
  module_id text,
  canary boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'WAITING', 'OFFERED', 'DOWNLOADING',
    'DOWNLOADED', 'VERIFIED', 'UPDATING', 'UPDATED', 'FAILED', 'SKIPPED')),
  -- true until the module is settled (UPDATED, FAILED, SKIPPED): one open target per bike
  open boolean NOT NULL DEFAULT true,
  progress smallint,
  reason text,
  attempts integer NOT NULL DEFAULT 0,
  previous_version text,
  -- the offer: when it was decided, published (the outbox's claim), and its deadline
  offered_at timestamptz,
  sent_at timestamptz,
  deadline timestamptz,
  token_hash text,
  last_seq bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX firmware_target_open_bike_key ON firmware_target (bike_id) WHERE open;
CREATE INDEX firmware_target_campaign_idx ON firmware_target (campaign_id, state);
CREATE INDEX firmware_target_bike_idx ON firmware_target (bike_id, updated_at DESC);
CREATE UNIQUE INDEX firmware_target_token_key ON firmware_target (token_hash) WHERE token_hash IS NOT NULL;
CREATE INDEX firmware_target_unsent_idx ON firmware_target (module_id) WHERE state = 'OFFERED' AND sent_at IS NULL;

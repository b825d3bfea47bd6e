-- docs/operations.md: a module message the ingest could not store for a reason of its own (not the
-- database being down) is kept here, acknowledged to its module, instead of being retried
-- forever (one poison message stopped the ingest of every fleet). Fleet administrators see,
-- retry and clear their fleet's rows (fleet/admin/quarantine, docs/operations.md).
CREATE TABLE ingest_quarantine (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- the module's fleet when it was quarantined; null for a module no bike carries
  fleet_id uuid REFERENCES fleet (id) ON DELETE CASCADE,
  module_id text NOT NULL,
  kind text NOT NULL,
  -- the message as received (UTF-8 JSON text, at most the ingest's 16 KB)
  payload text NOT NULL,
  reason text NOT NULL,
  received_at timestamptz NOT NULL,
  quarantined_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 1
);
CREATE INDEX ingest_quarantine_fleet_idx ON ingest_quarantine (fleet_id, id DESC);
-- a message is kept once: a process killed between the quarantine's commit and the PUBACK gets
-- the same message again from its module (QoS 1) and quarantines it again
CREATE UNIQUE INDEX ingest_quarantine_message_key ON ingest_quarantine (module_id, kind, md5(payload));

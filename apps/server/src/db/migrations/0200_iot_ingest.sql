-- IoT ingest additions (DESIGN §6–§7, ADR 0010): what trip derivation needs between two telemetry messages,
-- the manager's acknowledgement of alert events, and the expiry sweep of commands.

-- trip in progress: where it started and the distance ridden so far (modules without odometer)
ALTER TABLE bike
  ADD COLUMN trip_start_latitude double precision,
  ADD COLUMN trip_start_longitude double precision,
  ADD COLUMN trip_distance_km double precision;

-- POST commands/ack/{id}: the manager acknowledged this alert (ALARM_TRIGGERED)
ALTER TABLE event
  ADD COLUMN acknowledged_at timestamptz,
  ADD COLUMN acknowledged_by text;

CREATE INDEX command_expiry_idx ON command (expires_at) WHERE status = 'PENDING';

-- ADR 0082: a per-fleet change sequence, bumped by every change notice
-- (FleetChanges.notify, THE CHANGE NOTIFICATION CONTRACT) in the notifying transaction, as its
-- last statement. It is part of the markers' version (fleetVersion), so every API process, and
-- one started later, answers the same ETag; it replaces each process's own count of notices.
-- A row appears with a fleet's first change; a fleet without one reads 0.
CREATE TABLE fleet_change (
  fleet_id uuid PRIMARY KEY REFERENCES fleet (id) ON DELETE CASCADE,
  seq bigint NOT NULL DEFAULT 0
);

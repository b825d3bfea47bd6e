-- What the rules remember of a bike whatever the rule (ADR 0135): its recent positions (the
-- distance tests' window), its lowest battery since it parked, its last position inside the
-- service area. One row per bike, shared by all its fleet's rules (a thousand distance rules read
-- one track); written by the ingest's batch when it changes. What rule_state.memory kept of these
-- per rule is the trail's now: the evaluation drops it from a memory as it reads it.
CREATE TABLE rule_trail (
  bike_id bigint PRIMARY KEY REFERENCES bike (id) ON DELETE CASCADE,
  trail jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

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

-- A stamp of each fleet's rules, moved by any write of them (ADR 0135): the ingest reads it per
-- batch (a primary-key lookup) and compiles a fleet's rules again only when it moved. No foreign
-- key: a fleet's deletion deletes its rules, whose trigger would otherwise touch a row going away.
CREATE TABLE rule_stamp (
  fleet_id uuid PRIMARY KEY,
  stamp bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION vfm_rule_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rule_stamp (fleet_id, stamp)
  VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.fleet_id ELSE NEW.fleet_id END, 1)
  ON CONFLICT (fleet_id) DO UPDATE SET stamp = rule_stamp.stamp + 1;
  IF TG_OP = 'UPDATE' AND OLD.fleet_id <> NEW.fleet_id THEN
    UPDATE rule_stamp SET stamp = stamp + 1 WHERE fleet_id = OLD.fleet_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER rule_stamp_moves AFTER INSERT OR UPDATE OR DELETE ON rule
  FOR EACH ROW EXECUTE FUNCTION vfm_rule_stamp();

INSERT INTO rule_stamp (fleet_id, stamp) SELECT DISTINCT fleet_id, 1 FROM rule;

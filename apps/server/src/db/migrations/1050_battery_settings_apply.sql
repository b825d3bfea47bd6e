-- Battery health (ADR 0130, docs/battery.md): a change of the fleet's battery settings applies
-- at once, and the fleet's peak hour is kept instead of read again from every bike's profile.

-- the nominal capacity (Wh) a state of health was measured against: a new nominal capacity
-- rescales the packs' figures and their day points once (battery.reassess), idempotently
ALTER TABLE battery_pack ADD COLUMN nominal_wh real;
ALTER TABLE battery_soh_day ADD COLUMN nominal_wh real;
UPDATE battery_pack p SET nominal_wh = coalesce(
  (SELECT s.nominal_capacity_wh FROM battery_settings s WHERE s.fleet_id = p.fleet_id), 500);
UPDATE battery_soh_day d SET nominal_wh = p.nominal_wh FROM battery_pack p WHERE p.id = d.pack_id;
ALTER TABLE battery_pack ALTER COLUMN nominal_wh SET NOT NULL;
ALTER TABLE battery_soh_day ALTER COLUMN nominal_wh SET NOT NULL;

-- the fleet's peak hour of demand (UTC) from its bikes' profiles, and from how many: computed
-- by the estimation again after a day, or once the fleet has a tenth more profiles
CREATE TABLE battery_fleet_peak (
  fleet_id uuid PRIMARY KEY REFERENCES fleet (id) ON DELETE CASCADE,
  peak_hour smallint,
  bikes integer NOT NULL,
  computed_at timestamptz NOT NULL
);

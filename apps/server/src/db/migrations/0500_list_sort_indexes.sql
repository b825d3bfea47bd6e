-- fleet/list sorts by any column it shows (DESIGN §5), a page at a time: one index per sort,
-- in the list's own order (ASC NULLS FIRST then id; DESC NULLS LAST then id DESC is the same
-- index read backward), so that a page reads its 50 rows instead of sorting the fleet.
-- Measured by `npm run bench -- markers` (every sort, 1 and 10 clients).

-- Sorting by group sorts by its name, which lives in fleet_group: a copy on the bike, kept
-- by a trigger whenever group_id is written (group names never change; a deleted group sets
-- group_id to NULL through the foreign key, which fires the trigger too).
ALTER TABLE bike ADD COLUMN group_name text;
UPDATE bike SET group_name = g.name FROM fleet_group g WHERE g.id = bike.group_id;
CREATE FUNCTION vfm_bike_group_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.group_name := (SELECT name FROM fleet_group WHERE id = NEW.group_id);
  RETURN NEW;
END
$$;
CREATE TRIGGER bike_group_name_before_write BEFORE INSERT OR UPDATE OF group_id ON bike
  FOR EACH ROW EXECUTE FUNCTION vfm_bike_group_name();

CREATE INDEX bike_list_vehicle_number_idx ON bike (fleet_id, vehicle_number NULLS FIRST, id);
CREATE INDEX bike_list_bike_code_idx ON bike (fleet_id, bike_code NULLS FIRST, id);
CREATE INDEX bike_list_module_id_idx ON bike (fleet_id, module_id NULLS FIRST, id);
CREATE INDEX bike_list_model_idx ON bike (fleet_id, model NULLS FIRST, id);
CREATE INDEX bike_list_group_name_idx ON bike (fleet_id, group_name NULLS FIRST, id);
CREATE INDEX bike_list_availability_idx ON bike (fleet_id, availability NULLS FIRST, id);
CREATE INDEX bike_list_status_idx ON bike (fleet_id, status NULLS FIRST, id);
CREATE INDEX bike_list_iot_mode_idx ON bike (fleet_id, iot_mode NULLS FIRST, id);
CREATE INDEX bike_list_bike_battery_idx ON bike (fleet_id, bike_battery_level NULLS FIRST, id);
CREATE INDEX bike_list_iot_battery_idx ON bike (fleet_id, iot_battery_level NULLS FIRST, id);
CREATE INDEX bike_list_last_position_idx ON bike (fleet_id, last_position_date NULLS FIRST, id);
CREATE INDEX bike_list_total_km_idx ON bike (fleet_id, total_km NULLS FIRST, id);
CREATE INDEX bike_list_theft_idx ON bike (fleet_id, theft_state NULLS FIRST, id);

-- Vehicle numbers and bike codes are unique per fleet (ADR 0043): every lookup by them is
-- scoped to the caller's fleet, so two operators may number their bikes alike. Module ids stay
-- global (a module authenticates by its id alone), and so do e-mails (sign-in by e-mail alone).
DROP INDEX bike_vehicle_number_key;
DROP INDEX bike_bike_code_key;
CREATE UNIQUE INDEX bike_vehicle_number_key ON bike (fleet_id, lower(vehicle_number));
CREATE UNIQUE INDEX bike_bike_code_key ON bike (fleet_id, lower(bike_code));

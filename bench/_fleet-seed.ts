// The fleet the benchmarks measure (bench/markers.ts, bench/web-fleet.ts): BIKES bikes of one
// fleet in 50 groups (10 roots, 40 children) around Paris, varied states, a few thefts, and a
// second fleet of 1,000 bikes that must never show; one manager account.
export const FLEET = '11111111-1111-4111-8111-111111111111';
export const OTHER_FLEET = '22222222-2222-4222-8222-222222222222';

/** The measured fleet: 100,000 bikes in 50 groups (10 roots, 40 children), varied states. */
export function seedSql(bikes: number): string {
  return `
INSERT INTO fleet (id, name) VALUES ('${FLEET}', 'Bench fleet'), ('${OTHER_FLEET}', 'Other fleet');
INSERT INTO fleet_group (fleet_id, name) SELECT '${FLEET}', 'Zone ' || g FROM generate_series(1, 10) g;
INSERT INTO fleet_group (fleet_id, parent_id, name)
  SELECT '${FLEET}', r.id, r.name || ' / ' || s
    FROM (SELECT id, name FROM fleet_group WHERE fleet_id = '${FLEET}') r, generate_series(1, 4) s;
WITH g AS (SELECT array_agg(id ORDER BY id) AS ids FROM fleet_group WHERE fleet_id = '${FLEET}')
INSERT INTO bike (fleet_id, group_id, vehicle_number, bike_code, module_id, model, availability,
  status, iot_mode, latitude, longitude, last_communication_date, last_position_date,
  iot_battery_level, bike_battery_level, total_km, co2_avoided_kg, trip_count, theft_state,
  theft_since, suspected_theft_since)
SELECT '${FLEET}', g.ids[1 + i % 50], 'VN' || lpad(i::text, 7, '0'), 'BC' || lpad(i::text, 7, '0'),
  'M' || upper(lpad(to_hex(i), 5, '0')),
  (ARRAY['City 28', 'Cargo', 'Trek'])[1 + i % 3],
  (ARRAY['AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'IN_OPERATION', 'TRANSIT', 'OUT'])[1 + i % 6],
  CASE WHEN i % 10 = 0 THEN 'MOVING' ELSE 'PARKED' END,
  (ARRAY['NAVIGATION', 'PERMANENT', 'STANDBY', 'STANDBY', 'STANDBY', 'LOW_POWER', 'STORAGE',
         'TRANSPORT'])[1 + i % 8],
  48.80 + random() * 0.2, 2.25 + random() * 0.25,
  CASE WHEN i % 97 = 0 THEN NULL ELSE now() - random() * interval '20 days' END,
  now() - random() * interval '20 days',
  (random() * 100)::int, (random() * 100)::int, random() * 5000, random() * 600,
  (random() * 300)::int,
  CASE WHEN i % 500 = 0 THEN 'REPORTED' WHEN i % 333 = 0 THEN 'SUSPECTED' ELSE 'NONE' END,
  CASE WHEN i % 500 = 0 THEN now() END, CASE WHEN i % 333 = 0 THEN now() END
FROM generate_series(1, ${bikes}) i, g;
INSERT INTO bike (fleet_id, vehicle_number, bike_code, latitude, longitude)
SELECT '${OTHER_FLEET}', 'OT' || i, 'OTC' || i, 45.7, 4.8 FROM generate_series(1, 1000) i;
INSERT INTO account (fleet_id, email, roles, status)
VALUES ('${FLEET}', 'bench@example.com', '{ROLE_VFM}', 'ACTIVE');
ANALYZE;`;
}

// A running firmware campaign for the benchmarks (bench/firmware.ts, bench/budget.ts): a package
// of the VFM-IOT-3 model, a campaign of it with no canary, and a target per bike the condition
// selects (SQL over `bike`, of the fleet).

/** The campaign's SQL: package, campaign at `pace` modules a minute, the selected bikes' targets. */
export const firmwareCampaignSql = (fleetId: string, pace: number, bikes: string) => `
INSERT INTO firmware_package (id, fleet_id, version, module_model, file_name, size, sha256, storage_key)
VALUES ('00000000-0000-4000-8000-0000000000f1', '${fleetId}', '2.0.0', 'VFM-IOT-3', 'fw.bin', 1,
  repeat('0', 64), 'bench');
INSERT INTO firmware_campaign (id, fleet_id, package_id, name, state, canary_percent,
  pace_per_minute, max_failure_percent)
VALUES ('00000000-0000-4000-8000-0000000000c1', '${fleetId}', '00000000-0000-4000-8000-0000000000f1',
  'Bench', 'RUNNING', 0, ${pace}, 100);
INSERT INTO firmware_target (id, campaign_id, fleet_id, bike_id, vehicle_number, module_id, previous_version)
SELECT gen_random_uuid(), '00000000-0000-4000-8000-0000000000c1', fleet_id, id, vehicle_number,
  module_id, firmware_version FROM bike WHERE fleet_id = '${fleetId}' AND ${bikes};
ANALYZE bike; ANALYZE firmware_target;`;

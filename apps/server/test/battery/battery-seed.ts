// Stored telemetry of packs for the battery health tests (ADR 0130): discharges and charges of a
// pack of a known capacity, as a module reports them, ending at the test clock's now.
import type { BikeRow } from '../helpers/bikes';
import type { TestServer } from '../helpers/server';

const MIN = 60_000;

/** Telemetry of `cycles` discharges 95 → 25 % (a point a minute) of a pack of `capacityWh`,
 *  each followed by a charge, ending now; the energy counter where `energy`. */
export async function seedTelemetry(
  t: TestServer,
  bike: BikeRow,
  capacityWh: number,
  cycles: number,
  options: { pack?: string; energy?: boolean; fromMs?: number } = {},
) {
  const rows: unknown[] = [];
  const end = options.fromMs ?? t.clock.now().getTime();
  let ts = end - cycles * 12 * 3600_000;
  let energy = 0;
  let odo = 100;
  let seq = ts;
  for (let c = 0; c < cycles; c++) {
    for (let level = 95; level >= 25; level--) {
      rows.push({
        bike_id: bike.id,
        seq: seq++,
        ts: new Date(ts).toISOString(),
        bike_battery: level,
        battery_plugged: false,
        odometer_km: odo,
        extra: {
          ...(options.pack ? { batteryNumber: options.pack, batteryCycles: 100 + c } : {}),
          ...(options.energy === false ? {} : { batteryEnergyWh: energy }),
          batteryTempC: 36,
        },
      });
      energy += capacityWh / 100;
      odo += capacityWh / 100 / 12;
      ts += 5 * MIN;
    }
    energy -= capacityWh / 100;
    odo -= capacityWh / 100 / 12;
    rows.push({
      bike_id: bike.id,
      seq: seq++,
      ts: new Date(ts).toISOString(),
      bike_battery: 95,
      battery_plugged: true,
      odometer_km: odo,
      extra: options.pack ? { batteryNumber: options.pack } : {},
    });
    ts = end - (cycles - c - 1) * 12 * 3600_000;
  }
  await t.server.database.query(
    `INSERT INTO telemetry (bike_id, seq, ts, bike_battery, battery_plugged, odometer_km, extra)
       SELECT bike_id, seq, ts, bike_battery, battery_plugged, odometer_km, extra
         FROM json_to_recordset($1::json) AS r(bike_id bigint, seq bigint, ts timestamptz,
           bike_battery smallint, battery_plugged boolean, odometer_km float8, extra jsonb)`,
    [JSON.stringify(rows)],
  );
  await t.server.database.query(
    `UPDATE bike SET state_ts = (SELECT max(ts) FROM telemetry WHERE bike_id = $1) WHERE id = $1`,
    [bike.id],
  );
}

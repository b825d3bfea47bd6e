// Written rules for the benchmarks (bench/rules.ts, bench/budget.ts): every kind of test, with
// thresholds that rarely hold — what is measured is the evaluation's cost, not the alerts'.
import type { Database } from '../apps/server/src/db/client';

const CONDITIONS = [
  { all: [{ type: 'threshold', field: 'bikeBattery', op: 'le', value: 1 }] },
  { all: [{ type: 'threshold', field: 'speedKmh', op: 'gt', value: 200 }], forMinutes: 5 },
  {
    all: [
      { type: 'availability', in: ['OUT'] },
      { type: 'moving', value: true },
    ],
  },
  { all: [{ type: 'distanceMoved', km: 50, minutes: 10, withoutRide: true }] },
  { all: [{ type: 'silentFor', minutes: 600 }] },
];

/** `count` enabled rules of the fleet, the kinds of test in turn, each opening an alert. */
export async function insertWrittenRules(database: Database, fleetId: string, count: number) {
  await database.query(
    `INSERT INTO rule (id, fleet_id, alert_kind, name, severity, condition, actions)
     SELECT id, $1, 'RULE:' || id, 'Bench ' || n, 'MINOR', ($2::jsonb)->(n % $3),
            '[{"type": "alert"}]'
       FROM (SELECT gen_random_uuid() AS id, n FROM generate_series(1, $4) AS n) x`,
    [fleetId, JSON.stringify(CONDITIONS), CONDITIONS.length, count],
  );
}

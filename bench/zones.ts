// npm run bench -- zones
// docs/performance.md: the ingest with 1,000 zones of 200 corners each is ≥ 0.8 × the ingest with none,
// measured in one run, phases interleaved none, zones, zones, none (a linear drift of the
// machine counts the same for both). The zones: one service area around the city and 999
// no-ride and no-parking zones in a grid over the streets the simulator's modules ride, so that
// each position falls in the boxes of a few zones and is tested exactly against them
// (modules/zones/zone-index.ts: flatbush, then point in polygon). Every batch places its bikes
// (ingest/batch-writer.ts) and writes the marks that change.
//   BENCH_DATABASES        pglite,postgres (the default) or one of them
//   BENCH_PGLITE_MESSAGES  messages per phase on PGlite (20000); BENCH_MESSAGES on PostgreSQL
//                          (40000)
//   BENCH_ZONES            zones (1000); BENCH_ZONE_CORNERS corners per zone (200)
import os from 'node:os';
import { ingestRun, phaseMessages, type IngestRun } from './_ingest-run';
import { drawBenchZones, type ZoneGrid } from './_zones';
import { benchDatabaseKinds } from './_server';

const ZONES = Number(process.env.BENCH_ZONES ?? 1_000);
const CORNERS = Number(process.env.BENCH_ZONE_CORNERS ?? 200);
const KINDS = benchDatabaseKinds();
type Kind = (typeof KINDS)[number];

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Over the simulator's streets (bench load's positions: 45.76–45.77 N, 4.83 E). */
const GRID: ZoneGrid = {
  lon: 4.83,
  lat: 45.765,
  spanLon: 0.08,
  spanLat: 0.05,
  west: 4.79,
  south: 45.745,
  stepLon: 0.0022,
  stepLat: 0.0015,
  radiusLon: 0.0016,
  radiusLat: 0.001,
};

const lost = (r: IngestRun) => r.sent - r.distinctRows + r.failed + (r.rows - r.distinctRows);

async function comparison(kind: Kind) {
  const messages = phaseMessages(kind);
  const load = { modules: 200, inflight: 20 };
  const rates = { none: [] as number[], zones: [] as number[] };
  const cpu = { none: [] as number[], zones: [] as number[] };
  let lostMessages = 0;
  let marked = 0;
  for (const phase of ['none', 'zones', 'zones', 'none'] as const) {
    const run = await ingestRun(
      kind,
      messages,
      load,
      {},
      {
        setup: async (database, fleetId) => {
          if (phase === 'zones') await drawBenchZones(database, fleetId, GRID, ZONES, CORNERS);
        },
        // the bikes the batches marked (in a no-ride or no-parking zone, outside the area)
        after: async (database) => {
          const [row] = await database.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM bike
            WHERE no_ride_zone_since IS NOT NULL OR no_parking_since IS NOT NULL
               OR outside_service_area_since IS NOT NULL`,
          );
          return row?.n ?? 0;
        },
      },
    );
    const marks = run.after ?? 0;
    rates[phase].push(Math.round(run.rate));
    cpu[phase].push(run.serverCpuMicrosPerMessage);
    lostMessages += lost(run);
    if (phase === 'zones') marked = Math.max(marked, marks);
    console.log(
      `  ${kind} ${phase === 'zones' ? `${ZONES} zones` : 'no zone  '}: ${Math.round(run.rate).toLocaleString('en')} msg/s  (${run.rows}/${run.sent} rows, ${run.batches} batches, ${run.serverCpuMicrosPerMessage} µs server CPU/msg${phase === 'zones' ? `, ${marks} bikes marked` : ''})`,
    );
  }
  return {
    none: rates.none,
    zones: rates.zones,
    ratio: round(mean(rates.zones) / mean(rates.none)),
    cpuRatio: round(mean(cpu.none) / mean(cpu.zones)),
    bikesMarked: marked,
    lost: lostMessages,
    messages,
  };
}

console.log(
  `zones benchmark: ingest with ${ZONES} zones of ${CORNERS} corners ÷ with none, 200 modules × 20 in flight, ${os.cpus().length} CPUs`,
);
const result: Record<string, unknown> = { name: 'zones', zones: ZONES, corners: CORNERS };
const targets: Record<string, boolean> = {};
for (const kind of KINDS) {
  const figures = await comparison(kind);
  console.log(
    `  ${kind}: ${figures.ratio} × the ingest with no zone (server CPU per message ${figures.cpuRatio} ×), ${figures.lost} lost`,
  );
  result[kind] = figures;
  targets[`${kind}Ratio`] = figures.ratio >= 0.8;
  targets[`${kind}ZeroLoss`] = figures.lost === 0;
}
result.loadAverage = os.loadavg()[0];
result.targets = targets;
console.log(`BENCH ${JSON.stringify(result)}`);

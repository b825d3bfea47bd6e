// npm run bench -- ingest
// Simulated modules (a separate process: apps/simulator `--rate max`) publish telemetry QoS 1 as
// fast as they are acknowledged. Measured in one run:
//   raw      the embedded broker (aedes) alone with a do-nothing QoS 1 subscriber;
//   pglite   the VFM server (embedded broker + ingest) on PGlite (files in a temp DATA_DIR);
//   postgres the same on PostgreSQL (a bench database created and dropped).
// With ingest, a PUBACK means "committed" (ADR 0010), so acknowledged messages per second are
// rows committed per second; the run checks that the table holds exactly what was sent.
// Options (environment): BENCH_MODULES (200), BENCH_INFLIGHT (20), BENCH_MESSAGES (100000),
// BENCH_PGLITE_MESSAGES (30000), PG_ADMIN_URL (postgresql://postgres@127.0.0.1:5432/postgres),
// BENCH_ONLY (raw | pglite | postgres: one phase, for profiling); INGEST_BATCH_ROWS and
// INGEST_FLUSH_MS are passed to the server.
import net from 'node:net';
import os from 'node:os';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { UP_TOPIC_FILTER } from '@vfm/contract';
import type { FloodResult } from '@vfm/simulator';
import { ingestRun, publishers } from './_ingest-run';

const MODULES = Number(process.env.BENCH_MODULES ?? 200);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 20);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const PGLITE_MESSAGES = Number(process.env.BENCH_PGLITE_MESSAGES ?? 30_000);
const LOAD = { modules: MODULES, inflight: INFLIGHT };
const ingest = (kind: 'pglite' | 'postgres', messages: number) => ingestRun(kind, messages, LOAD);

const ONLY = process.env.BENCH_ONLY;
if (ONLY) {
  const r =
    ONLY === 'raw'
      ? await rawBroker()
      : await ingest(ONLY as 'pglite' | 'postgres', ONLY === 'pglite' ? PGLITE_MESSAGES : MESSAGES);
  console.log(`${ONLY}: ${JSON.stringify(r)}`);
  process.exit(0);
}

async function rawBroker(): Promise<FloodResult & { delivered: number }> {
  const broker = await Aedes.createBroker();
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `mqtt://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  const subscriber = await mqtt.connectAsync(url, { clientId: 'do-nothing' });
  let delivered = 0;
  subscriber.on('message', () => (delivered += 1));
  await subscriber.subscribeAsync(UP_TOPIC_FILTER, { qos: 1 });
  const result = await publishers(url, MESSAGES, LOAD);
  const deadline = Date.now() + 30_000;
  while (delivered < result.acknowledged && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  await subscriber.endAsync(true);
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  server.close();
  return { ...result, delivered };
}

const fmt = (rate: number) => `${Math.round(rate).toLocaleString('en')} msg/s`;

console.log(
  `ingest benchmark: ${MODULES} modules × ${INFLIGHT} QoS 1 messages in flight, ${os.cpus().length} CPUs`,
);
const raw = await rawBroker();
console.log(
  `raw broker (aedes, do-nothing subscriber): ${fmt(raw.rate)}  (${raw.acknowledged} acknowledged, ${raw.delivered} delivered)`,
);
const pglite = await ingest('pglite', PGLITE_MESSAGES);
console.log(
  `ingest on PGlite:     ${fmt(pglite.rate)} committed  (${pglite.rows}/${pglite.sent} rows, ${pglite.batches} batches, ${pglite.serverCpuMicrosPerMessage} µs server CPU/msg) = ${(pglite.rate / raw.rate).toFixed(2)} × raw`,
);
const postgres = await ingest('postgres', MESSAGES);
console.log(
  `ingest on PostgreSQL: ${fmt(postgres.rate)} committed  (${postgres.rows}/${postgres.sent} rows, ${postgres.batches} batches, ${postgres.serverCpuMicrosPerMessage} µs server CPU/msg) = ${(postgres.rate / raw.rate).toFixed(2)} × raw`,
);
const lost = (r: { sent: number; rows: number; distinctRows: number; failed: number }) =>
  r.sent - r.distinctRows + r.failed + (r.rows - r.distinctRows);
const result = {
  name: 'ingest',
  modules: MODULES,
  inflight: INFLIGHT,
  rawBrokerMsgPerSec: Math.round(raw.rate),
  pgliteMsgPerSec: Math.round(pglite.rate),
  postgresMsgPerSec: Math.round(postgres.rate),
  pgliteRatio: Number((pglite.rate / raw.rate).toFixed(3)),
  postgresRatio: Number((postgres.rate / raw.rate).toFixed(3)),
  pgliteServerCpuMicrosPerMsg: pglite.serverCpuMicrosPerMessage,
  postgresServerCpuMicrosPerMsg: postgres.serverCpuMicrosPerMessage,
  loadAverage: os.loadavg()[0],
  pgliteLost: lost(pglite),
  postgresLost: lost(postgres),
  targets: {
    postgres: postgres.rate >= 10_000 && postgres.rate >= 0.25 * raw.rate,
    pglite: pglite.rate >= 2_000,
    zeroLoss: lost(pglite) === 0 && lost(postgres) === 0,
  },
};
console.log(`BENCH ${JSON.stringify(result)}`);

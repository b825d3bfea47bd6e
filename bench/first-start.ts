// npm run bench -- first-start
// What `npm start` on a fresh clone feels like once the web app is built: the server process
// started as `npm start` starts it (embedded PGlite, broker, demo fleet and simulator) on an
// empty DATA_DIR. Measures, from the process start: /readyz answering, the login page
// (/fr/auth/login) answering 200, and the 30 days of demo history seeded (its log line); the
// peak resident memory of the process until then, sampled every 100 ms; and a login page
// request timed while the history is being written (it must not wait for it).
// Targets: login page ≤ 10 s, peak RSS ≤ 500 MB. Ends with one `BENCH {json}` line.
//   BENCH_PORT (3391)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3391);
const origin = `http://127.0.0.1:${PORT}`;

if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first (npm start does)');
  process.exit(2);
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vfm-first-start-'));
const started = performance.now();
const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(ROOT, 'apps/server'),
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
    DATABASE_URL: '',
    MQTT_URL: '',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const since = () => Math.round(performance.now() - started);
let seededAt: number | null = null;
let log = '';
child.stdout.on('data', (chunk: Buffer) => {
  log += chunk.toString();
  if (seededAt === null && log.includes('30 days of history seeded')) seededAt = since();
});
child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));

const rssMb = () => {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb())), 100);

async function answers(route: string) {
  try {
    const res = await fetch(`${origin}${route}`, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

async function waitFor(test: () => Promise<boolean> | boolean, limitMs: number) {
  while (since() < limitMs) {
    if (await test()) return since();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

let result: Record<string, unknown>;
try {
  // polled side by side: /readyz asks the database, which the seed keeps busy
  const [readyAt, loginAt] = await Promise.all([
    waitFor(() => answers('/readyz'), 120_000),
    waitFor(() => answers('/fr/auth/login'), 120_000),
  ]);
  // a page request while the history is written
  let loginDuringSeedMs: number | null = null;
  if (seededAt === null) {
    const t = performance.now();
    await answers('/fr/auth/login');
    loginDuringSeedMs = Math.round(performance.now() - t);
  }
  await waitFor(() => seededAt !== null, 300_000);
  await new Promise((resolve) => setTimeout(resolve, 2000)); // the simulator starting after it
  result = {
    name: 'first-start',
    readyzMs: readyAt,
    loginPageMs: loginAt,
    loginDuringSeedMs,
    historySeededMs: seededAt,
    peakRssMb: Math.round(peakRss),
    targets: {
      loginPageUnder10s: loginAt !== null && loginAt <= 10_000,
      peakRssUnder500Mb: peakRss <= 500,
    },
  };
} finally {
  clearInterval(sampler);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
if (result.historySeededMs === null) console.error(log.slice(-3000));
console.log(`first start on an empty DATA_DIR (${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(2)}):
  /readyz answers           ${result.readyzMs} ms
  login page answers        ${result.loginPageMs} ms   (target ≤ 10,000)
  login page while seeding  ${result.loginDuringSeedMs ?? '—'} ms
  demo history seeded       ${result.historySeededMs} ms
  peak RSS                  ${result.peakRssMb} MB   (target ≤ 500)`);
console.log('targets:', result.targets);
console.log(`BENCH ${JSON.stringify(result)}`);

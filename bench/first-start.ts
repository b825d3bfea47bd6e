// npm run bench -- first-start
// What `npm start` on a fresh clone feels like (ADR 0102, ADR 0131): `npm start` itself (the web
// build's check, then the server: embedded PGlite, broker, demo fleet and simulator) on an empty
// DATA_DIR, after `npm ci` — whose postinstall built the web app (made here first, untimed, the
// way the postinstall does: `build.mjs --if-changed`). Measures, from `npm start`: the web build
// checked (or done), /readyz answering, the login page (/fr/auth/login) answering 200, the demo manager's
// sign-in through the API answering 200, and the 30 days of demo history seeded (its log line);
// from the first successful sign-in until the history is seeded and 3 s more, signed-in API
// calls (fleet/list, fleet/statistics, alerts, a sign-in now and then) one after the other, the slowest
// kept; the peak resident memory of all the processes of `npm start` together (npm, the build,
// the server), sampled every 100 ms.
// Targets: the login page ≤ 5 s, signed in ≤ 10 s, no API answer > 1 s while the demo seeds,
// peak RSS ≤ 500 MB. Ends with one `BENCH {json}` line.
//   BENCH_PORT (a free port); BENCH_BUILD=0 keeps apps/web/dist and starts the server only
//   (with npm start's node flags); BENCH_BUILD=fresh removes apps/web/dist first (a clone whose
//   install did not build it: `npm start` builds)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
/** a free port (other sessions may run this bench at the same time) */
async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
const PORT = Number(process.env.BENCH_PORT ?? (await freePort()));
const BUILD = process.env.BENCH_BUILD !== '0';
const FRESH = process.env.BENCH_BUILD === 'fresh';
const origin = `http://127.0.0.1:${PORT}`;
const API = `${origin}/api/wf/rest/v1`;
const DIST = path.join(ROOT, 'apps/web/dist');

if (!BUILD && !existsSync(path.join(DIST, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first, or leave BENCH_BUILD unset');
  process.exit(2);
}
if (FRESH) await rm(DIST, { recursive: true, force: true });
else if (BUILD) {
  // what npm ci's postinstall did (apps/server/src/cli/postinstall.ts)
  const made = spawn(
    process.execPath,
    [path.join(ROOT, 'apps/web/scripts/build.mjs'), '--if-changed'],
    {
      stdio: 'ignore',
    },
  );
  await new Promise((resolve) => made.once('exit', resolve));
}

const loadBefore = os.loadavg()[0]!;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vfm-first-start-'));
const started = performance.now();
const [command, args, cwd] = BUILD
  ? ['npm', ['start'], ROOT]
  : [
      process.execPath,
      ['--expose-gc', '--max-semi-space-size=8', '--import', 'tsx', 'src/main.ts'],
      path.join(ROOT, 'apps/server'),
    ];
const child = spawn(command, args, {
  cwd,
  detached: true, // its own process group: the whole tree is stopped at the end
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
let builtAt: number | null = BUILD ? null : 0;
let log = '';
child.stdout.on('data', (chunk: Buffer) => {
  log += chunk.toString();
  if (builtAt === null && /✓ built in|built from these sources already/.test(log))
    builtAt = since();
  if (seededAt === null && log.includes('30 days of history seeded')) seededAt = since();
});
child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));

/** RSS of the process and all its descendants, MB */
const treeRssMb = () => {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      parents.set(Number(entry), Number(/PPid:\s+(\d+)/.exec(status)?.[1] ?? 0));
      rss.set(Number(entry), Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0));
    } catch {
      // gone
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; p = parents.get(p) ?? 0, hops++) {
      if (p === child.pid) return true;
    }
    return false;
  };
  let kb = 0;
  for (const [pid, value] of rss) if (inTree(pid)) kb += value;
  return kb / 1024;
};
let peakRss = 0;
let peakRssAt = 0;
/** one sample a second, for the timeline printed at the end */
const timeline: string[] = [];
let ticks = 0;
const sampler = setInterval(() => {
  const now = treeRssMb();
  if (now > peakRss) [peakRss, peakRssAt] = [now, since()];
  if (ticks++ % 10 === 0) timeline.push(`${Math.round(since() / 1000)}s ${Math.round(now)}`);
}, 100);

async function answers(route: string) {
  try {
    const res = await fetch(`${origin}${route}`, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

const XSRF = 'bench-first-start';
let appInfo: { xapikey: string; key: string } | null = null;
let token: string | null = null;
const headers = () => ({
  'content-type': 'application/json',
  cookie: `XSRF-TOKEN=${XSRF}`,
  'x-xsrf-token': XSRF,
  ...(appInfo ? { 'x-api-key': appInfo.xapikey } : {}),
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/** the demo manager's sign-in through the API; true once it answers 200 */
async function signIn(timeoutMs = 30_000) {
  try {
    if (!appInfo) {
      const res = await fetch(`${origin}/app-info.json`, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) return false;
      appInfo = (await res.json()) as { xapikey: string; key: string };
    }
    const res = await fetch(`${API}/auth/login`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({
        email: 'manager@vfm.demo',
        password: process.env.DEMO_PASSWORD ?? 'VfmDemo!2026',
        application: appInfo.key,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status !== 200) {
      await res.arrayBuffer();
      return false;
    }
    token = ((await res.json()) as { jwtToken: string }).jwtToken;
    return true;
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

/** signed-in calls one after the other until `until` is true; each call's time */
async function probe(until: () => boolean) {
  const routes = [
    'fleet/list?sort=lastCommunicationDate,desc&size=50&page=0',
    'fleet/statistics',
    'alerts',
  ];
  const times: Array<{ route: string; ms: number; at: number; status: number }> = [];
  for (let i = 0; !until(); i++) {
    // a sign-in now and then (the login route is rate-limited per minute)
    const route = i % 40 === 39 ? 'sign-in' : routes[i % routes.length]!;
    const t = performance.now();
    let status = 0;
    if (route === 'sign-in') status = (await signIn()) ? 200 : 0;
    else {
      try {
        const res = await fetch(`${API}/${route}`, {
          headers: headers(),
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
    }
    times.push({ route, ms: Math.round(performance.now() - t), at: since(), status });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return times;
}

let result: Record<string, unknown>;
try {
  const [readyAt, loginPageAt, signedInAt] = await Promise.all([
    waitFor(() => answers('/readyz'), 180_000),
    waitFor(() => answers('/fr/auth/login'), 180_000),
    waitFor(() => signIn(), 180_000),
  ]);
  let doneAt: number | null = null;
  const probing = probe(() => doneAt !== null && since() > doneAt + 3000);
  await waitFor(() => seededAt !== null, 300_000);
  doneAt = since();
  const calls = await probing;
  const slowest = calls.reduce((a, b) => (b.ms > a.ms ? b : a), {
    route: '',
    ms: 0,
    at: 0,
    status: 0,
  });
  const failed = calls.filter((c) => c.status !== 200);
  const failures = [...new Set(failed.map((c) => `${c.route} ${c.status}`))];
  result = {
    name: 'first-start',
    build: BUILD,
    loadBefore: Number(loadBefore.toFixed(2)),
    webBuiltMs: builtAt,
    readyzMs: readyAt,
    loginPageMs: loginPageAt,
    signedInMs: signedInAt,
    historySeededMs: seededAt,
    apiCallsWhileSeeding: calls.length,
    apiFailed: failed.length,
    apiFailures: failures,
    slowestApiMs: slowest.ms,
    slowestApi: `${slowest.route} at ${slowest.at} ms`,
    peakRssMb: Math.round(peakRss),
    peakRssAtMs: peakRssAt,
    targets: {
      loginPageUnder5s: loginPageAt !== null && loginPageAt <= 5_000,
      signedInUnder10s: signedInAt !== null && signedInAt <= 10_000,
      apiUnder1sWhileSeeding: slowest.ms <= 1000 && failed.length === 0,
      peakRssUnder500Mb: peakRss <= 500,
    },
  };
} finally {
  clearInterval(sampler);
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((resolve) =>
    child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
  );
  await rm(dataDir, { recursive: true, force: true });
}
if (result.historySeededMs === null) console.error(log.slice(-3000));
console.log(`first start (${BUILD ? '`npm start`, web build included' : 'server only'}) on an empty DATA_DIR (${os.cpus().length} CPUs, load ${result.loadBefore} before, ${os.loadavg()[0]!.toFixed(2)} after):
  web app built             ${result.webBuiltMs ?? '—'} ms
  /readyz answers           ${result.readyzMs} ms
  login page answers        ${result.loginPageMs} ms   (target ≤ 5,000)
  signed in (API)           ${result.signedInMs} ms   (target ≤ 10,000)
  demo history seeded       ${result.historySeededMs} ms
  slowest API call          ${result.slowestApiMs} ms, ${result.slowestApi} (${result.apiCallsWhileSeeding} calls, ${result.apiFailed} failed; target ≤ 1,000)
  peak RSS, all processes   ${result.peakRssMb} MB at ${result.peakRssAtMs} ms   (target ≤ 500)`);
console.log('RSS (MB) over time:', timeline.join(', '));
console.log('targets:', result.targets);
console.log(`BENCH ${JSON.stringify(result)}`);

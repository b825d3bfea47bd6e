// HTTP clients of a bench, in a process of their own (as browsers are): `clients` loops calling
// `url` at once (or each of several urls in turn), `n` calls each after `warmUps` rounds — or
// as many as `seconds` allow. This process's CPU over the run is then
// the server's alone (with its threads: compression, and PGlite when it is the database).
import { spawn } from 'node:child_process';

export interface ClientFigures {
  p50: number;
  p95: number;
  n: number;
  /** this process's CPU (user + system) per call, warm-up calls included */
  serverCpuMsPerCall: number;
}

/** The nearest-rank percentile `p` of ascending values. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

const CLIENTS_CODE = `
const w = JSON.parse(process.env.BENCH_CLIENTS);
const urls = [].concat(w.url);
const call = async (i) => {
  const url = urls[i % urls.length];
  const res = await fetch(url, { headers: w.headers });
  await res.arrayBuffer();
  if (res.status !== 200 && res.status !== 304) throw new Error(url + ': ' + res.status);
};
(async () => {
  for (let i = 0; i < w.warmUps; i += 1)
    await Promise.all(Array.from({ length: w.clients }, (_, c) => call(c + i)));
  const times = [];
  const until = performance.now() + (w.seconds ?? 0) * 1000;
  const more = (i) => (w.seconds ? performance.now() < until : i < w.n);
  await Promise.all(Array.from({ length: w.clients }, async (_, c) => {
    for (let i = 0; more(i); i += 1) {
      const start = performance.now();
      await call(c + i);
      times.push(performance.now() - start);
    }
  }));
  process.stdout.write(JSON.stringify(times));
})().catch((error) => { console.error(error); process.exit(1); });`;

export function measureClients(
  clients: number,
  n: number,
  url: string | string[],
  headers: Record<string, string>,
  warmUps = 10,
  seconds?: number,
): Promise<ClientFigures> {
  const cpuBefore = process.cpuUsage();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENTS_CODE], {
      env: {
        ...process.env,
        BENCH_CLIENTS: JSON.stringify({ clients, n, url, headers, warmUps, seconds }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`clients exited with ${code}`));
      const cpu = process.cpuUsage(cpuBefore);
      const times = (JSON.parse(out) as number[]).sort((a, b) => a - b);
      const calls = times.length + warmUps * clients;
      resolve({
        p50: round(percentile(times, 50), 1),
        p95: round(percentile(times, 95), 1),
        n: times.length,
        serverCpuMsPerCall: round((cpu.user + cpu.system) / 1000 / calls, 2),
      });
    });
  });
}

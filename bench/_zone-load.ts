// Fleet B of the tenancy bench as a hostile client would be: a process of its own (not the
// server's thread) that imports zone collections over and over, waits a second when refused,
// then lists and deletes its zones, until it is stopped.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface ZoneLoadFigures {
  imports: number;
  refused: number;
  importMs: number;
}

const LOAD_CODE = `
const fs = require('node:fs');
const w = JSON.parse(process.env.BENCH_ZONE_LOAD);
const collections = JSON.parse(fs.readFileSync(w.file, 'utf8'));
const figures = { imports: 0, refused: 0, importMs: 0 };
let running = true;
process.on('SIGTERM', () => (running = false));
const call = async (method, path, body) => {
  const headers = { ...w.headers, ...(body ? { 'content-type': 'application/json' } : {}) };
  const res = await fetch(w.base + path, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};
(async () => {
  process.stdout.write('ready\\n');
  while (running) {
    for (const collection of collections) {
      if (!running) break;
      const started = performance.now();
      const result = await call('POST', '/zones/import', collection);
      if (result.status === 201) {
        figures.imports += 1;
        figures.importMs += performance.now() - started;
      } else {
        figures.refused += 1;
        console.error('  import ' + result.status + ': ' + JSON.stringify(result.body).slice(0, 160));
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    const list = await call('GET', '/zones');
    for (const zone of list.body.content) {
      const gone = await call('DELETE', '/zones/' + zone.id);
      if (gone.status !== 204) throw new Error('zone delete ' + gone.status);
    }
  }
  process.stdout.write(JSON.stringify(figures) + '\\n');
})().catch((error) => { console.error(error); process.exit(1); });`;

/** Starts fleet B's imports in a process of its own; resolves once it runs. */
export async function startZoneLoad(
  base: string,
  headers: Record<string, string>,
  collections: string[],
): Promise<{ stop(): Promise<ZoneLoadFigures> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vfm-zone-load-'));
  const file = path.join(dir, 'collections.json');
  await writeFile(file, JSON.stringify(collections));
  const child = spawn(process.execPath, ['-e', LOAD_CODE], {
    env: { ...process.env, BENCH_ZONE_LOAD: JSON.stringify({ base, headers, file }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const exited = new Promise<ZoneLoadFigures>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`zone load exited with ${code}`));
      resolve(JSON.parse(out.split('\n').filter(Boolean).at(-1)!) as ZoneLoadFigures);
    });
  });
  await new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready\n')) resolve();
    }),
  );
  return {
    async stop() {
      child.kill('SIGTERM');
      try {
        return await exited;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

// A VFM cluster on one machine (docs/operations.md): real server processes (`node --import tsx
// src/main.ts`) on one PostgreSQL and one MQTT broker, each with its roles (VFM_ROLES), its port
// and, for ingest workers, its own MQTT client id in one shared-subscription group (the same
// two processes run the jobs: role worker). Used by `npm run cluster` (src/cli/cluster.ts) for
// a user to try, and by the cluster test (test/cluster/cluster.test.ts), which kills and
// restarts its processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The entry point every process runs. */
export const SERVER_MAIN = path.resolve(import.meta.dirname, '../main.ts');

/** Roles of the API processes and of the workers (module traffic and jobs, ADR 0081). */
export const API_ROLES: readonly string[] = ['api'];
export const INGEST_ROLES: readonly string[] = ['ingest', 'worker'];

export interface ClusterNodeSpec {
  /** e.g. api-a, ingest-1: its MQTT client id ends with it */
  name: string;
  roles: readonly string[];
  /** this process's own variables (over the cluster's) */
  env?: Record<string, string>;
}

/** Two API processes and two workers (ingest and jobs), the cluster of docs/operations.md. */
export const DEFAULT_NODES: readonly ClusterNodeSpec[] = [
  { name: 'api-a', roles: API_ROLES },
  { name: 'api-b', roles: API_ROLES },
  { name: 'ingest-1', roles: INGEST_ROLES },
  { name: 'ingest-2', roles: INGEST_ROLES },
];

export interface ClusterOptions {
  databaseUrl: string;
  mqttUrl: string;
  nodes?: readonly ClusterNodeSpec[];
  /** shared-subscription group of the ingest workers; client ids are `<group>-<node name>` */
  sharedGroup: string;
  /** the variables every process gets (JWT_SECRET, API_KEYS, LOG_LEVEL…), over `baseEnv` */
  env?: Record<string, string>;
  /** the environment the processes inherit (default: this process's) */
  baseEnv?: NodeJS.ProcessEnv;
  /** first HTTP port, the next nodes take the following ones; default: free ports */
  basePort?: number;
  /** each line a process writes (stdout and stderr) */
  onLine?: (node: ClusterNode, line: string) => void;
  /** how long a process may take to answer /readyz (default 60 s) */
  readyTimeoutMs?: number;
}

/** A port free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const LOG_LINES_KEPT = 200;

/** One server process: started, killed and started again with the same identity. */
export class ClusterNode {
  child: ChildProcess | null = null;
  /** the last lines it wrote (for a failure's message) */
  readonly log: string[] = [];
  private exited: Promise<void> = Promise.resolve();
  /** the exit and the end of its output (its last lines are in the log) */
  private closed: Promise<void> = Promise.resolve();

  constructor(
    readonly spec: ClusterNodeSpec,
    readonly port: number,
    readonly env: Record<string, string | undefined>,
    private readonly options: Pick<ClusterOptions, 'onLine' | 'readyTimeoutMs'>,
  ) {}

  get name() {
    return this.spec.name;
  }
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Spawns the process and waits until /readyz answers 200. */
  async start(): Promise<void> {
    if (this.running) throw new Error(`${this.name} is already running`);
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
      cwd: path.resolve(path.dirname(SERVER_MAIN), '../../..'),
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    this.closed = new Promise((resolve) => child.once('close', () => resolve()));
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop()!;
        for (const line of lines) this.line(line);
      });
      stream.on('end', () => rest && this.line(rest));
    }
    await this.ready();
  }

  private line(text: string) {
    this.log.push(text);
    if (this.log.length > LOG_LINES_KEPT) this.log.shift();
    this.options.onLine?.(this, text);
  }

  private async ready() {
    const deadline = Date.now() + (this.options.readyTimeoutMs ?? 60_000);
    for (;;) {
      if (!this.running) {
        await this.closed;
        throw new Error(`${this.name} exited:\n${this.log.join('\n')}`);
      }
      try {
        const res = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
        await res.body?.cancel();
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        throw new Error(`${this.name} not ready in time:\n${this.log.join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Sends the signal and waits for the exit (SIGKILL: no goodbye, as a crash). */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!this.running) return;
    this.child!.kill(signal);
    await this.exited;
  }

  /** SIGTERM (a graceful stop), then SIGKILL after graceMs. */
  async stop(graceMs = 12_000): Promise<void> {
    if (!this.running) return;
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), graceMs);
    try {
      await this.kill('SIGTERM');
    } finally {
      clearTimeout(timer);
    }
  }
}

export interface LocalCluster {
  nodes: ClusterNode[];
  node(name: string): ClusterNode;
  /** every process stopped (SIGTERM, then SIGKILL), their data directories removed */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Prepares the nodes; `start` (default true) starts them all at once and waits until each is
 * ready. A failed start stops the ones already running.
 */
export async function createCluster(options: ClusterOptions): Promise<LocalCluster> {
  const specs = options.nodes ?? DEFAULT_NODES;
  const dataRoot = await mkdtemp(path.join(os.tmpdir(), 'vfm-cluster-'));
  const nodes: ClusterNode[] = [];
  for (const [index, spec] of specs.entries()) {
    const port = options.basePort ? options.basePort + index : await freePort();
    const env = {
      ...(options.baseEnv ?? process.env),
      HOST: '127.0.0.1',
      ...options.env,
      PORT: String(port),
      DATA_DIR: path.join(dataRoot, spec.name),
      DATABASE_URL: options.databaseUrl,
      MQTT_URL: options.mqttUrl,
      MQTT_SHARED_GROUP: options.sharedGroup,
      MQTT_CLIENT_ID: `${options.sharedGroup}-${spec.name}`.slice(0, 64),
      VFM_ROLES: spec.roles.join(','),
      ...spec.env,
    };
    nodes.push(new ClusterNode(spec, port, env, options));
  }
  // whatever happens to this process, its children do not outlive it
  const killAll = () => nodes.forEach((node) => node.running && node.child!.kill('SIGKILL'));
  process.once('exit', killAll);
  const cluster: LocalCluster = {
    nodes,
    node(name) {
      const node = nodes.find((n) => n.name === name);
      if (!node) throw new Error(`no node ${name}`);
      return node;
    },
    async stop(graceMs) {
      await Promise.all(nodes.map((node) => node.stop(graceMs)));
      process.removeListener('exit', killAll);
      await rm(dataRoot, { recursive: true, force: true });
    },
  };
  return cluster;
}

/** Starts nodes side by side; on a failure the others are stopped and the error thrown. */
export async function startNodes(cluster: LocalCluster, nodes = cluster.nodes): Promise<void> {
  const results = await Promise.allSettled(nodes.map((node) => node.start()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await cluster.stop(2_000);
    throw failed.reason;
  }
}

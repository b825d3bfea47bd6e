// Assembles a running VFM process from its configuration: database (migrated), mailer, HTTP
// app, and by role the IoT side (broker/ingest/dispatcher) and the simulated demo fleet.
// main.ts adds signals; tests call createServer() directly.
import path from 'node:path';
import pino from 'pino';
import { buildApp, type App } from './app';
import type { ResolvedConfig } from './config/secrets';
import { openDatabase, type Database } from './db/client';
import { migrate } from './migrate';
import { acquireDataDirLock } from './db/data-dir-lock';
import { createMailer, type Mailer } from './mail/mailer';
import { DEFAULT_DEMO_PASSWORD } from './config/config';
import { DEMO_ACCOUNTS, seedDemo } from './demo/seed';
import { assertNoDemoAccounts } from './demo/production-guard';
import { startIot, type IotRuntime } from './ingest/runtime';
import metricsRoutes from './ingest/metrics-routes';
import { startDemoSimulation, type DemoSimulation } from './demo/demo-simulation';
import { requestGate } from './plugins/request-gate';
import { Jobs } from './jobs/job-queue';
import { startWorker } from './worker';
import { apiModules, liveReads, queueDeclarations, rootModules } from './modules';

export interface VfmServer {
  app: App;
  database: Database;
  mailer: Mailer;
  config: ResolvedConfig;
  /** the IoT side (role ingest): broker or broker link, ingest, command dispatcher */
  iot: IotRuntime | null;
  /** the jobs home (every process sends; role worker runs the handlers) */
  jobs: Jobs;
  /** the simulated demo fleet (role simulator, SIMULATOR_BIKES > 0) */
  simulation: DemoSimulation | null;
  /** stop accepting work, finish what is in flight, release everything */
  close(): Promise<void>;
}

export interface CreateServerOptions {
  /** a database opened by the caller (tests); otherwise opened from the configuration */
  database?: Database;
  now?: () => Date;
}

export async function createServer(
  config: ResolvedConfig,
  options: CreateServerOptions = {},
): Promise<VfmServer> {
  const logger = pino({ level: config.logLevel });
  const releaseLock =
    options.database || config.databaseUrl ? null : await acquireDataDirLock(config.dataDir);
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? null : path.join(config.dataDir, 'pglite'),
    }));
  try {
    const applied = await migrate(database);
    if (applied.length) logger.info({ applied }, 'database migrated');
    if (config.production) await assertNoDemoAccounts(database);
    if (config.demo) {
      await seedDemo(database, config);
      // the default demo password is public (README); a custom DEMO_PASSWORD is not logged
      const password =
        config.demoPassword === DEFAULT_DEMO_PASSWORD ? config.demoPassword : '(DEMO_PASSWORD)';
      logger.info(
        { accounts: DEMO_ACCOUNTS.map((account) => account.email), password },
        `demo accounts: ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')} — password ${password}`,
      );
    }
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      mailDir: path.join(config.dataDir, 'mail'),
      from: config.mailFrom,
      logger,
    });
    const jobs = await Jobs.open(
      database,
      logger.child({ component: 'jobs' }),
      config.roles.has('worker'),
      // docs/tasks.md: TASK_AUTOMATION=false publishes no alert event to the automatic tasks
      config.taskAutomation ? [] : ['tasks.automate'],
    );
    const app = await buildApp(
      { config, database, mailer, jobs, now: options.now ?? (() => new Date()) },
      { api: apiModules, root: rootModules, live: liveReads },
    ).catch(async (error: unknown) => {
      await jobs.stop().catch(() => {});
      throw error;
    });
    let iot: IotRuntime | null = null;
    let simulation: DemoSimulation | null = null;
    try {
      if (config.roles.has('ingest')) {
        iot = await startIot(app.ctx, logger);
        const runtime = iot;
        app.readinessChecks.set('mqtt', async () => runtime.isReady());
        // messages waiting with no commit: the database is too slow or the ingest is stuck
        app.readinessChecks.set(
          'ingest',
          async () => runtime.metrics.stalledSeconds() < config.ingestStallSeconds,
        );
      }
      await app.register(metricsRoutes, { metrics: () => iot?.metrics ?? null, jobs });
      // on PGlite's one connection, background work gives way to the API's requests (ADR 0137)
      const gate = config.roles.has('api') ? requestGate(app) : undefined;
      if (config.roles.has('worker'))
        await startWorker(
          app.ctx,
          queueDeclarations(),
          logger.child({ component: 'worker' }),
          gate,
        );
      if (config.roles.has('simulator') && config.simulatorBikes > 0) {
        const brokerUrl = iot?.brokerUrl ?? config.mqttUrl;
        // the demo's history is seeded once the server listens (or after 15 s if it never does)
        const listening = new Promise<void>((resolve) => {
          app.server.once('listening', () => resolve());
          setTimeout(resolve, 15_000).unref();
        });
        if (brokerUrl) {
          const demo = startDemoSimulation(app.ctx, logger, brokerUrl, listening, gate);
          simulation = demo;
          // signing in and the API answer while the demo's history is written; /readyz says
          // when the demo is whole (what the e2e run waits for before its flows)
          app.readinessChecks.set('demo', async () => demo.historySeeded);
        } else
          logger.warn('the simulator needs a broker: role ingest (embedded broker) or MQTT_URL');
      }
    } catch (error) {
      await iot?.close().catch(() => {});
      await jobs.stop().catch(() => {});
      await app.close().catch(() => {});
      throw error;
    }
    let closed = false;
    return {
      app,
      database,
      mailer,
      config,
      iot,
      jobs,
      simulation,
      async close() {
        if (closed) return;
        closed = true;
        // graceful (ADR 0010): stop the simulated modules, commit and acknowledge what the
        // ingest holds, close the broker, then the HTTP side
        await simulation?.stop();
        await iot?.close();
        // jobs in progress are failed (and retried by another worker or the next start)
        await jobs.stop();
        await app.close();
        await mailer.close();
        if (!options.database) await database.close();
        await releaseLock?.();
      },
    };
  } catch (error) {
    if (!options.database) await database.close().catch(() => {});
    await releaseLock?.();
    throw error;
  }
}

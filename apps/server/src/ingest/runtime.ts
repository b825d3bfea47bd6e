// Starts and stops the IoT side of a process with role `ingest` (DESIGN §2): the embedded
// broker or the link to MQTT_URL, the ingest pipeline, the command dispatcher, this month's
// telemetry partitions, and the revocation of removed modules.
import type { Logger } from 'pino';
import type { AppContext } from '../plugins/context';
import { MODULE_CHANNEL, type ModuleRevocation } from '../modules/provisioning/module-revocation';
import { CommandDispatcher } from './dispatcher';
import { startModuleServices, withModuleReports } from './module-hooks';
import { writeBatch } from './batch-writer';
import { startEmbeddedBroker } from './embedded-broker';
import { connectExternalBroker } from './external-link';
import { IngestMetrics } from './metrics';
import { ModuleAuthenticator } from './module-auth';
import { ensureTelemetryPartitions } from '../modules/bikes/queries/partitions';
import { IngestPipeline } from './pipeline';
import type { MqttTransport } from './transport';
import { Coalescer } from '../lib/coalescer';
import type { TxQuery } from '../db/client';
import type { DomainEvent } from '../jobs/domain-events';

export interface IotRuntime {
  metrics: IngestMetrics;
  pipeline: IngestPipeline;
  dispatcher: CommandDispatcher;
  transport: MqttTransport;
  auth: ModuleAuthenticator;
  /** where modules connect: the embedded broker's address, or MQTT_URL */
  brokerUrl: string;
  isReady(): boolean;
  close(): Promise<void>;
}

export async function startIot(ctx: AppContext, logger: Logger): Promise<IotRuntime> {
  const { config, database, now } = ctx;
  const log = logger.child({ component: 'iot' });
  // this month's and the next; the daily job telemetry.partitions keeps ahead (ADR 0081)
  await ensureTelemetryPartitions(database, now());

  const metrics = new IngestMetrics();
  const auth = new ModuleAuthenticator(database);
  let dispatcher: CommandDispatcher | null = null;
  const pipeline = new IngestPipeline({
    database,
    metrics,
    logger: log,
    now,
    batchRows: config.ingestBatchRows,
    flushMs: config.ingestFlushMs,
    // one PGlite runs one query at a time; PostgreSQL overlaps a commit with the next batch
    concurrentWrites: database.kind === 'postgres' ? 2 : 1,
    onCommandsDue: (ids) => dispatcher?.track(dispatcher.dispatch({ ids })),
    // the messages a module owns (up/firmware: ADR 0129) go to that module
    write: withModuleReports(writeBatch),
    // ALERT_DETECTION=false (diagnostics): no events, the per-minute sweep still repairs
    ...(config.alertDetection
      ? { publish: (tx: TxQuery, events: DomainEvent[]) => ctx.jobs.publish(tx, events) }
      : {}),
  });

  // modules that (re)connected: their waiting commands go out together, a few ms later (a
  // broker restart brings every module back at once). What was published before a module was
  // back goes again; what went out after it was, reached it (readySince: each module's last
  // ready event — connected, then subscribed — so that a late flush never repeats a command
  // the module already has, nor skips one published between its connection and its subscription)
  const readySince = new Map<string, Date>();
  const modulesBack = new Coalescer<string>(50, (moduleIds) => {
    const since = new Map(moduleIds.map((id) => [id, readySince.get(id) ?? now()] as const));
    for (const id of moduleIds) readySince.delete(id);
    dispatcher?.track(dispatcher.dispatch({ modulesBack: since }));
  });
  const moduleReady = (moduleId: string) => {
    readySince.set(moduleId, now());
    modulesBack.add(moduleId);
  };

  let transport: MqttTransport;
  let brokerUrl: string;
  if (config.mqttUrl) {
    transport = await connectExternalBroker({
      url: config.mqttUrl,
      clientId: config.mqttClientId,
      sharedGroup: config.mqttSharedGroup,
      sessionExpirySeconds: config.mqttSessionExpirySeconds,
      ingest: true,
      pipeline,
      metrics,
      logger: log,
      receiveMaximum: Math.min(65_535, Math.max(100, config.ingestBatchRows * 4)),
      onConnected: () => dispatcher?.track(dispatcher.dispatch({})),
    });
    brokerUrl = config.mqttUrl;
  } else {
    transport = await startEmbeddedBroker({
      port: config.mqttPort,
      portExplicit: config.mqttPortExplicit,
      host: config.host,
      maxPacketBytes: config.mqttMaxPacketBytes,
      auth,
      pipeline,
      metrics,
      logger: log,
      onModuleReady: moduleReady,
    });
    brokerUrl = `mqtt://127.0.0.1:${transport.port}`;
  }
  dispatcher = new CommandDispatcher({ database, transport, metrics, logger: log, now });
  await dispatcher.start();
  // the modules' own (the firmware offers' dispatcher: ADR 0129)
  const moduleServices = await startModuleServices(ctx, transport, log);

  // a module removed from its fleet (possibly by another instance) can no longer connect
  const unlistenModules = await database.listen(MODULE_CHANNEL, (payload) => {
    try {
      const { moduleIds } = JSON.parse(payload) as ModuleRevocation;
      auth.revoke(moduleIds);
      transport.disconnectModules(moduleIds);
    } catch (err) {
      log.warn({ err }, 'bad module revocation notice');
    }
  });

  let closed = false;
  return {
    metrics,
    pipeline,
    dispatcher,
    transport,
    auth,
    brokerUrl,
    isReady: () => transport.isReady(),
    async close() {
      if (closed) return;
      closed = true;
      modulesBack.clear();
      readySince.clear();
      await unlistenModules();
      await dispatcher.stop();
      await moduleServices.stop();
      // graceful: no new connections, commit and acknowledge what was received, then close
      await transport.stopAccepting();
      await pipeline.stop();
      await transport.close();
    },
  };
}

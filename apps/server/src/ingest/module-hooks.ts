// The modules' parts of the ingest that are not steps (modules/manifest/ingest-steps.ts): the batch write
// with the messages a module owns (`up/firmware`) taken out and handed to that module in the
// batch's transaction — the other messages to the batch writer, unchanged — and the modules'
// services started beside the command dispatcher (they need the MQTT connection).
import type { Logger } from 'pino';
import type { UpKind } from '@vfm/contract';
import type { AppContext } from '../plugins/context';
import { iotServices, reportHandlers, type OwnedReport } from '../modules/manifest/ingest-steps';
import type { BatchResult, MessageOutcome, ValidMessage, writeBatch } from './batch-writer';
import { bikesOfModules } from './queries/bike-state';
import type { MqttTransport } from './transport';

type Write = typeof writeBatch;

/** The batch write with the modules' own messages taken out and applied in the same transaction. */
export const withModuleReports =
  (write: Write): Write =>
  async (tx, batch, options): Promise<BatchResult> => {
    const handlers = reportHandlers();
    if (!batch.some((m) => handlers.has(m.kind))) return write(tx, batch, options);
    const others: number[] = [];
    const owned = new Map<UpKind, Array<{ index: number; m: ValidMessage }>>();
    batch.forEach((m, index): void => {
      if (!handlers.has(m.kind)) {
        others.push(index);
        return;
      }
      const ofKind = owned.get(m.kind) ?? [];
      ofKind.push({ index, m });
      owned.set(m.kind, ofKind);
    });
    const outcomes: MessageOutcome[] = batch.map(() => 'duplicate');
    let commandsToDispatch: string[] = [];
    if (others.length) {
      const result = await write(
        tx,
        others.map((i) => batch[i]!),
        options,
      );
      others.forEach((i, k) => (outcomes[i] = result.outcomes[k]!));
      commandsToDispatch = result.commandsToDispatch;
    }
    const moduleIds = [...new Set([...owned.values()].flat().map(({ m }) => m.moduleId))];
    const bikes = new Map((await bikesOfModules(tx, moduleIds)).map((b) => [b.module_id, b]));
    for (const [kind, messages] of owned) {
      const reports: OwnedReport[] = [];
      for (const { index, m } of messages) {
        const bike = bikes.get(m.moduleId);
        if (!bike) outcomes[index] = 'unknown_module';
        else
          reports.push({
            index,
            bike: { id: bike.id, fleetId: bike.fleet_id, vehicleNumber: bike.vehicle_number },
            message: m.message,
            ts: m.ts,
          });
      }
      const stored = await handlers.get(kind)!.apply(tx, reports, options.now);
      for (const index of stored) outcomes[index] = 'stored';
    }
    return { outcomes, commandsToDispatch };
  };

/** Starts the modules' services; resolves to what stops them all. */
export async function startModuleServices(
  ctx: AppContext,
  transport: MqttTransport,
  logger: Logger,
): Promise<{ stop(): Promise<void> }> {
  const { database, config, now } = ctx;
  const running: Array<{ stop(): Promise<void> }> = [];
  for (const start of iotServices())
    running.push(await start({ database, config, transport, logger, now }));
  return {
    async stop() {
      for (const service of running) await service.stop();
    },
  };
}

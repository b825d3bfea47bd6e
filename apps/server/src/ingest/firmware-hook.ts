// The ingest's hooks for firmware (ADR 0129, docs/firmware.md): the pipeline's batch write is
// wrapped so that its `up/firmware` reports go to the firmware module in the batch's own
// transaction (the other messages to the batch writer, unchanged), and the offers' dispatcher
// runs beside the command dispatcher (it needs the MQTT connection).
import type { Logger } from 'pino';
import type { UpMessageByKind } from '@vfm/contract';
import type { AppContext } from '../plugins/context';
import { FirmwareOfferDispatcher } from '../modules/firmware/offer-dispatcher';
import { bikesOfModules } from '../modules/firmware/queries';
import { applyFirmwareReports } from '../modules/firmware/reports';
import type { BatchResult, MessageOutcome, ValidMessage, writeBatch } from './batch-writer';
import type { MqttTransport } from './transport';

type Write = typeof writeBatch;

/** The batch write with the firmware reports taken out and applied in the same transaction. */
export const withFirmwareReports =
  (write: Write): Write =>
  async (tx, batch, options): Promise<BatchResult> => {
    if (!batch.some((m) => m.kind === 'firmware')) return write(tx, batch, options);
    const others: number[] = [];
    const reports: Array<{ index: number; m: ValidMessage }> = [];
    batch.forEach((m, index) =>
      m.kind === 'firmware' ? reports.push({ index, m }) : others.push(index),
    );
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
    const bikes = new Map(
      (await bikesOfModules(tx, [...new Set(reports.map((r) => r.m.moduleId))])).map((b) => [
        b.module_id,
        b,
      ]),
    );
    const known = reports.filter(
      ({ index, m }) => bikes.has(m.moduleId) || !(outcomes[index] = 'unknown_module'),
    );
    const applied = await applyFirmwareReports(
      tx,
      known.map(({ index, m }) => {
        const bike = bikes.get(m.moduleId)!;
        return {
          index,
          bike: { id: bike.id, fleetId: bike.fleet_id, vehicleNumber: bike.vehicle_number },
          message: m.message as UpMessageByKind['firmware'],
          ts: m.ts,
        };
      }),
      options.now,
    );
    for (const index of applied) outcomes[index] = 'stored';
    return { outcomes, commandsToDispatch };
  };

export async function startFirmwareOffers(
  ctx: AppContext,
  transport: MqttTransport,
  logger: Logger,
): Promise<FirmwareOfferDispatcher> {
  const dispatcher = new FirmwareOfferDispatcher({
    database: ctx.database,
    config: ctx.config,
    transport,
    logger,
    now: ctx.now,
  });
  await dispatcher.start();
  return dispatcher;
}

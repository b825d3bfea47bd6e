// The ingest's hooks for firmware (ADR 0129, docs/firmware.md): the batch writer's
// `up/firmware` reports go to the firmware module in the batch's transaction, and the
// offers' dispatcher runs beside the command dispatcher (it needs the MQTT connection).
import type { Logger } from 'pino';
import type { UpMessageByKind } from '@vfm/contract';
import type { TxQuery } from '../db/client';
import type { AppContext } from '../plugins/context';
import { FirmwareOfferDispatcher } from '../modules/firmware/offer-dispatcher';
import { applyFirmwareReports } from '../modules/firmware/reports';
import type { LoadedBike } from './queries/bike-state';
import type { MessageOutcome, ValidMessage } from './batch-writer';
import type { MqttTransport } from './transport';

export async function applyFirmware(
  tx: TxQuery,
  sorted: Array<{ index: number; bike: LoadedBike; m: ValidMessage }>,
  outcomes: MessageOutcome[],
  now: Date,
): Promise<void> {
  if (!sorted.length) return;
  const applied = await applyFirmwareReports(
    tx,
    sorted.map(({ index, bike, m }) => ({
      index,
      bike: {
        id: bike.state.id,
        fleetId: bike.state.fleetId,
        vehicleNumber: bike.state.vehicleNumber,
      },
      message: m.message as UpMessageByKind['firmware'],
      ts: m.ts,
    })),
    now,
  );
  for (const index of applied) outcomes[index] = 'stored';
}

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

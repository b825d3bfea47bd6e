// Publishes the command outbox to the modules (docs/architecture.md "Commands", DESIGN §7):
// PENDING commands not yet delivered go out QoS 1 on `vfm_command` notifications, when their
// module (re)connects or talks, and every SWEEP_MS as a safety net (this stays a timer of the
// ingest process: only it holds the broker connection, ADR 0081); PENDING commands past their
// expires_at are expired by the jobs home (modules/commands/lifecycle.ts). Several ingest
// instances may run this: a command is claimed (sent_at set) by one UPDATE before it is
// published, so it goes out once. The claim and its release are the commands module's
// (claimForDelivery, releaseDelivery): this file only talks MQTT.
import type { Logger } from 'pino';
import type { CommandMessage } from '@vfm/contract';
import type { Database } from '../db/client';
import { NoticeLoop } from '../lib/notice-loop';
import {
  claimForDelivery,
  releaseDelivery,
  type ClaimedCommandRow,
} from '../modules/commands/lifecycle';
import { COMMAND_CHANNEL } from '../modules/commands/queries';
import type { IngestMetrics } from './metrics';
import { COMMAND_RESEND_MS } from './pipeline';
import type { MqttTransport } from './transport';

export const SWEEP_MS = 30_000;

export interface DispatcherOptions {
  database: Database;
  transport: MqttTransport;
  metrics: IngestMetrics;
  logger: Logger;
  now: () => Date;
}

export class CommandDispatcher extends NoticeLoop {
  constructor(private readonly options: DispatcherOptions) {
    super({
      database: options.database,
      channel: COMMAND_CHANNEL,
      everyMs: SWEEP_MS,
      logger: options.logger,
      failure: 'command dispatch failed',
    });
  }

  protected onNotice(id: string) {
    return this.dispatch({ ids: [id] });
  }

  /** Publishes these PENDING commands (or all of these modules'), claiming them first. */
  async dispatch(target: {
    ids?: string[];
    moduleIds?: string[];
    /**
     * modules back (connected or subscribed) and since when: what was published to them before
     * that may have been lost with a clean session and goes again; what went out after, reached them
     */
    modulesBack?: ReadonlyMap<string, Date>;
  }): Promise<number> {
    const { database, transport, now } = this.options;
    const online = transport.onlineModules();
    const at = now();
    // a command already published is sent again only after COMMAND_RESEND_MS, or to a module
    // back since it was published
    const resendBefore = new Date(at.getTime() - COMMAND_RESEND_MS);
    // oldest first: a module applies commands in the order they were given
    const claimed = await claimForDelivery(database, {
      at,
      resendBefore,
      ids: target.ids,
      moduleIds: target.modulesBack ? [...target.modulesBack.keys()] : target.moduleIds,
      ...(target.modulesBack ? { backSince: target.modulesBack } : {}),
      online,
    });
    for (const command of claimed) await this.publish(command);
    return claimed.length;
  }

  /** Publishes any command a notification missed (expiry is the commands.expire job's). */
  async sweep(): Promise<void> {
    await this.dispatch({});
  }

  private async publish(command: ClaimedCommandRow) {
    const value: CommandMessage['value'] =
      command.type === 'MODE'
        ? (command.value as CommandMessage['value'])
        : command.type === 'SPEED_LIMIT'
          ? Number(command.value)
          : command.value === 'true';
    const message: CommandMessage = {
      commandId: command.id,
      type: command.type,
      value,
      expiresAt: command.expires_at.toISOString(),
    };
    try {
      await this.options.transport.publishCommand(
        command.module_id,
        Buffer.from(JSON.stringify(message)),
      );
      this.options.metrics.commandsPublished += 1;
    } catch (error) {
      // not published: release the claim so that the next sweep retries
      this.options.logger.warn({ err: error, commandId: command.id }, 'command publish failed');
      await releaseDelivery(this.options.database, command.id).catch(() => {});
    }
  }
}

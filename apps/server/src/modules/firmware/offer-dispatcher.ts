// Publishes the firmware offers (`down/firmware`, ADR 0129) from the ingest process, which
// holds the MQTT connection: the outbox pattern of the commands (docs/architecture.md "THE
// COMMAND OUTBOX CONTRACT") — the tick marks modules OFFERED and notifies `vfm_firmware` at
// commit; this claims them (sent_at) and publishes each with its download address and token;
// a sweep every SWEEP_MS publishes what a notice missed, and an offer unanswered is published
// again after RESEND_MS while its deadline lasts. A failed publish releases the claim.
import type { Logger } from 'pino';
import type { FirmwareOfferMessage } from '@vfm/contract';
import type { Database } from '../../db/client';
import { NoticeLoop } from '../../lib/notice-loop';
import type { ResolvedConfig } from '../../config/secrets';
import { offerToken } from './offer-token';
import * as q from './queries';
import { firmwareSettings } from './settings';
import type { ModuleTransport } from '../manifest/ingest-steps';

export const SWEEP_MS = 30_000;
export const RESEND_MS = 5 * 60_000;

export class FirmwareOfferDispatcher extends NoticeLoop {
  constructor(
    private readonly options: {
      database: Database;
      config: ResolvedConfig;
      transport: ModuleTransport;
      logger: Logger;
      now: () => Date;
    },
  ) {
    super({
      database: options.database,
      channel: q.FIRMWARE_CHANNEL,
      everyMs: SWEEP_MS,
      logger: options.logger,
      failure: 'firmware dispatch failed',
    });
  }

  protected onNotice() {
    return this.dispatch();
  }

  protected sweep() {
    return this.dispatch();
  }

  /** Claims and publishes the offers due; answers how many went out. */
  async dispatch(): Promise<number> {
    const { database, transport, config, now } = this.options;
    const at = now();
    const online = transport.onlineModules();
    const claimed = await q.claimOffers(database, {
      at,
      resendBefore: new Date(at.getTime() - RESEND_MS),
      ids: null,
      online: online ? [...online] : null,
    });
    const settings = firmwareSettings(config);
    for (const offer of claimed) {
      const token = offerToken(settings.tokenKey, offer);
      const message: FirmwareOfferMessage = {
        offerId: offer.id,
        version: offer.version,
        url: `${settings.baseUrl}/firmware/v1/download/${offer.id}?token=${token}`,
        size: Number(offer.size),
        sha256: offer.sha256,
        deadline: offer.deadline.toISOString(),
      };
      try {
        await transport.publishFirmware(offer.module_id, Buffer.from(JSON.stringify(message)));
      } catch (error) {
        this.options.logger.warn(
          { err: error, offerId: offer.id },
          'firmware offer publish failed',
        );
        await q.releaseOffer(database, offer.id).catch(() => {});
      }
    }
    return claimed.length;
  }
}

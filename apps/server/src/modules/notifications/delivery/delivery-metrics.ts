// The notification deliveries of this process (ADR 0118), on GET /metrics: each e-mail, push, SMS
// and digest counted on its own — sent, refused for good by the recipient's server (FAILED, not
// retried) or failed for now (its job retries).
import type { DeliveryChannelName } from '../channels/channel';

export type DeliveryChannel = DeliveryChannelName | 'DIGEST';
export type DeliveryOutcome = 'sent' | 'refused' | 'failed';

export class DeliveryMetrics {
  private readonly counts = new Map<string, number>();

  count(channel: DeliveryChannel, outcome: DeliveryOutcome) {
    const key = `${channel}|${outcome}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  render(): string {
    const lines = [
      '# HELP vfm_notification_deliveries_total Notification messages by channel and outcome (this process).',
      '# TYPE vfm_notification_deliveries_total counter',
    ];
    for (const [key, value] of this.counts) {
      const [channel, outcome] = key.split('|');
      lines.push(
        `vfm_notification_deliveries_total{channel="${channel}",outcome="${outcome}"} ${value}`,
      );
    }
    return lines.join('\n') + '\n';
  }
}

/** This process's (one per process, whatever servers a test starts). */
export const deliveryMetrics = new DeliveryMetrics();

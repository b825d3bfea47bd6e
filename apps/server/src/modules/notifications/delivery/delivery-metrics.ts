// The notification deliveries of this process (ADR 0118), on GET /metrics: each e-mail, push, SMS
// and digest counted on its own — sent, refused for good by the recipient's server (FAILED, not
// retried) or failed for now (its job retries).
import type { DeliveryChannelName } from '../channels/channel';
import { metricLines } from '../../../lib/prometheus';

export type DeliveryChannel = DeliveryChannelName | 'DIGEST';
export type DeliveryOutcome = 'sent' | 'refused' | 'failed';

export class DeliveryMetrics {
  private readonly counts = new Map<string, number>();

  count(channel: DeliveryChannel, outcome: DeliveryOutcome) {
    const key = `${channel}|${outcome}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  render(): string {
    const samples = [...this.counts].map(([key, value]) => {
      const [channel, outcome] = key.split('|');
      return [{ channel: channel!, outcome: outcome! }, value] as const;
    });
    const help = 'Notification messages by channel and outcome (this process).';
    return (
      metricLines('vfm_notification_deliveries_total', 'counter', help, samples).join('\n') + '\n'
    );
  }
}

/** This process's (one per process, whatever servers a test starts). */
export const deliveryMetrics = new DeliveryMetrics();

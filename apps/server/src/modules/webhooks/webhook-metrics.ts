// The webhooks' metrics of this process (ADR 0099), on GET /metrics in the
// Prometheus text format: attempts delivered and failed, their duration, and the attempts put
// off by the per-endpoint rate limit — labelled by the endpoint's id only (never its URL, whose
// path or query may carry a receiver's token, nor anything of its secret).
import { byLabel, metricLines, sampleLine } from '../../lib/prometheus';

/** seconds: the receivers' usual answers up to the 10 s timeout */
const BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

const DURATION = 'vfm_webhook_attempt_duration_seconds';
const BUCKET = `${DURATION}_bucket`;

export class WebhookMetrics {
  private readonly outcomes = new Map<string, number>();
  private readonly limitedCounts = new Map<string, number>();
  private readonly durations = new Map<string, Histogram>();
  /** ADR 0118: attempts put off by an open breaker, and the breaker's openings */
  private readonly pausedCounts = new Map<string, number>();
  private readonly openings = new Map<string, number>();

  paused(endpointId: string) {
    this.pausedCounts.set(endpointId, (this.pausedCounts.get(endpointId) ?? 0) + 1);
  }

  breakerOpened(endpointId: string) {
    this.openings.set(endpointId, (this.openings.get(endpointId) ?? 0) + 1);
  }

  attempt(endpointId: string, delivered: boolean, latencyMs: number, blocked = false) {
    // blocked: the address guard refused it (ADR 0118), a permanent refusal
    const key = `${endpointId}|${delivered ? 'delivered' : blocked ? 'blocked' : 'failed'}`;
    this.outcomes.set(key, (this.outcomes.get(key) ?? 0) + 1);
    const histogram = this.durations.get(endpointId) ?? {
      counts: BUCKETS.map(() => 0),
      sum: 0,
      count: 0,
    };
    const seconds = latencyMs / 1000;
    BUCKETS.forEach((bound, i) => {
      if (seconds <= bound) histogram.counts[i]! += 1;
    });
    histogram.sum += seconds;
    histogram.count += 1;
    this.durations.set(endpointId, histogram);
  }

  limited(endpointId: string) {
    this.limitedCounts.set(endpointId, (this.limitedCounts.get(endpointId) ?? 0) + 1);
  }

  render(): string {
    const outcomes = [...this.outcomes].map(([key, value]) => {
      const [endpoint, outcome] = key.split('|');
      return [{ endpoint: endpoint!, outcome: outcome! }, value] as const;
    });
    const durations = [...this.durations].flatMap(([endpoint, histogram]) => [
      ...BUCKETS.map((le, i) => sampleLine(BUCKET, { endpoint, le }, histogram.counts[i]!)),
      sampleLine(BUCKET, { endpoint, le: '+Inf' }, histogram.count),
      sampleLine(`${DURATION}_sum`, { endpoint }, histogram.sum),
      sampleLine(`${DURATION}_count`, { endpoint }, histogram.count),
    ]);
    return [
      ...metricLines(
        'vfm_webhook_deliveries_total',
        'counter',
        'Webhook attempts by endpoint and outcome (this process).',
        outcomes,
      ),
      ...metricLines(DURATION, 'histogram', 'Time of a webhook attempt, by endpoint.', []),
      ...durations,
      ...metricLines(
        'vfm_webhook_rate_limited_total',
        'counter',
        'Webhook attempts put off by the per-endpoint rate limit.',
        byLabel('endpoint', this.limitedCounts),
      ),
      ...metricLines(
        'vfm_webhook_breaker_paused_total',
        'counter',
        "Webhook attempts put off because the endpoint's breaker is open.",
        byLabel('endpoint', this.pausedCounts),
      ),
      ...metricLines(
        'vfm_webhook_breaker_opened_total',
        'counter',
        "Times an endpoint's breaker opened (5 failures in a row).",
        byLabel('endpoint', this.openings),
      ),
      '',
    ].join('\n');
  }
}

/** This process's (one per process, whatever servers a test starts: ids do not collide). */
export const webhookMetrics = new WebhookMetrics();

// Ingest counters, rendered for GET /metrics in the Prometheus text format (DESIGN §6, docs/operations.md).
import { UP_KINDS, type UpKind } from '@vfm/contract';
import type { RejectReason } from './validate';
import { metricLines } from '../lib/prometheus';

const REJECT_REASONS: RejectReason[] = [
  'json',
  'schema',
  'too_large',
  'future',
  'unknown_module',
  'topic',
];

export class IngestMetrics {
  received = Object.fromEntries(UP_KINDS.map((kind) => [kind, 0])) as Record<UpKind, number>;
  stored = Object.fromEntries(UP_KINDS.map((kind) => [kind, 0])) as Record<UpKind, number>;
  duplicates = 0;
  rejected = Object.fromEntries(REJECT_REASONS.map((r) => [r, 0])) as Record<RejectReason, number>;
  batches = 0;
  batchErrors = 0;
  /** messages the ingest could not store, kept in the quarantine (docs/operations.md) */
  quarantined = 0;
  /** when a commit last succeeded, or messages started waiting (wall clock, ms) */
  lastProgressAt = Date.now();
  /** messages received and not yet committed (held without PUBACK) */
  pending = 0;
  /** seconds between a module's ts and the commit, for the last batch (max) */
  lagSeconds = 0;
  /** seconds between receipt and commit, for the last batch (max) */
  commitLatencySeconds = 0;
  lastBatchSize = 0;
  commandsPublished = 0;
  authFailures = 0;
  /** connections closed for a packet over MQTT_MAX_PACKET_BYTES */
  oversizedPackets = 0;
  connectedModules = 0;

  /** Seconds messages have waited without any commit; 0 when none waits. */
  stalledSeconds(at = Date.now()): number {
    return this.pending > 0 ? Math.max(0, (at - this.lastProgressAt) / 1000) : 0;
  }

  reject(reason: RejectReason) {
    this.rejected[reason] += 1;
  }

  get totalReceived() {
    return Object.values(this.received).reduce((a, b) => a + b, 0);
  }

  get totalStored() {
    return Object.values(this.stored).reduce((a, b) => a + b, 0);
  }

  render(): string {
    const lines: string[] = [];
    const metric = (...args: Parameters<typeof metricLines>) => lines.push(...metricLines(...args));
    const perKind = (record: Record<UpKind, number>) =>
      UP_KINDS.map((kind) => [{ kind }, record[kind]] as const);
    metric(
      'vfm_ingest_received_total',
      'counter',
      'module messages received',
      perKind(this.received),
    );
    metric('vfm_ingest_stored_total', 'counter', 'module messages committed', perKind(this.stored));
    metric(
      'vfm_ingest_duplicates_total',
      'counter',
      'redelivered messages already stored (module, seq)',
      [[{}, this.duplicates]],
    );
    metric(
      'vfm_ingest_rejected_total',
      'counter',
      'messages dropped as invalid',
      REJECT_REASONS.map((reason) => [{ reason }, this.rejected[reason]]),
    );
    metric('vfm_ingest_batches_total', 'counter', 'committed batches', [[{}, this.batches]]);
    metric('vfm_ingest_batch_errors_total', 'counter', 'failed batch writes (retried)', [
      [{}, this.batchErrors],
    ]);
    metric(
      'vfm_ingest_quarantined_total',
      'counter',
      'messages the ingest could not store, kept for the administrators (fleet/admin/quarantine)',
      [[{}, this.quarantined]],
    );
    metric(
      'vfm_ingest_stalled_seconds',
      'gauge',
      'seconds messages have waited with no commit (0 when none waits)',
      [[{}, this.stalledSeconds()]],
    );
    metric('vfm_ingest_pending', 'gauge', 'messages received, not yet committed nor acknowledged', [
      [{}, this.pending],
    ]);
    metric(
      'vfm_ingest_lag_seconds',
      'gauge',
      'max age (commit time - module ts) in the last batch',
      [[{}, this.lagSeconds]],
    );
    metric(
      'vfm_ingest_commit_latency_seconds',
      'gauge',
      'max time from receipt to commit in the last batch',
      [[{}, this.commitLatencySeconds]],
    );
    metric('vfm_ingest_last_batch_size', 'gauge', 'messages in the last batch', [
      [{}, this.lastBatchSize],
    ]);
    metric('vfm_commands_published_total', 'counter', 'commands published to modules', [
      [{}, this.commandsPublished],
    ]);
    metric('vfm_mqtt_auth_failures_total', 'counter', 'refused module connections', [
      [{}, this.authFailures],
    ]);
    metric(
      'vfm_mqtt_oversized_packets_total',
      'counter',
      'connections closed for a packet over MQTT_MAX_PACKET_BYTES',
      [[{}, this.oversizedPackets]],
    );
    metric('vfm_mqtt_connected_modules', 'gauge', 'modules connected to the embedded broker', [
      [{}, this.connectedModules],
    ]);
    return `${lines.join('\n')}\n`;
  }
}

// The module's `up/firmware` reports (ADR 0129, docs/mqtt.md "Firmware"), declared in its
// manifest: the ingest hands the batch's firmware reports here, inside its transaction. Each moves its module's state by
// the state machine (a report for another bike's offer, a settled one or an older state
// changes nothing); UPDATED and FAILED are the bike's history. The running version itself
// comes with the module's next telemetry (`firmware`), as every other state of the bike.
import type { TxQuery } from '../../db/client';
import { recordEvents, type EventRecord } from '../events/queries';
import type { OwnedReport } from '../manifest/ingest-steps';
import * as q from './queries';
import { applyReport } from './state-machine';

export type FirmwareReport = OwnedReport<'firmware'>;

/** Applies the batch's reports; answers the indexes of those that changed a module's state. */
export async function applyFirmwareReports(
  tx: TxQuery,
  reports: FirmwareReport[],
  now: Date,
): Promise<Set<number>> {
  const applied = new Set<number>();
  if (!reports.length) return applied;
  const targets = await q.reportedTargets(
    tx,
    reports.map((r) => ({ id: r.message.offerId.toLowerCase(), bike_id: r.bike.id })),
  );
  const byId = new Map(targets.map((t) => [t.id, t]));
  const changes = new Map<string, q.TargetChange>();
  const events: EventRecord[] = [];
  for (const r of [...reports].sort((a, b) => a.message.seq - b.message.seq)) {
    const target = byId.get(r.message.offerId.toLowerCase());
    if (!target || !target.open) continue;
    const next = applyReport(target, r.message, target.version);
    if (!next) continue;
    applied.add(r.index);
    Object.assign(target, next, { open: !next.settled });
    changes.set(target.id, {
      id: target.id,
      state: next.state,
      progress: next.progress,
      reason: next.reason,
      attempts: next.attempts,
      open: !next.settled,
      last_seq: r.message.seq,
    });
    if (next.settled || next.retried)
      events.push({
        fleetId: r.bike.fleetId,
        bikeId: r.bike.id,
        vehicleNumber: r.bike.vehicleNumber,
        type: 'PRODUCT',
        name: next.state === 'UPDATED' ? 'FIRMWARE_UPDATED' : 'FIRMWARE_FAILED',
        source: 'MODULE',
        data: {
          campaignId: target.campaign_id,
          version: r.message.version ?? target.version,
          ...(next.reason ? { reason: next.reason } : {}),
          ...(next.retried ? { retry: true } : {}),
        },
        occurredAt: r.ts,
        moduleSeq: r.message.seq,
      });
  }
  await q.updateTargets(tx, [...changes.values()], now);
  await recordEvents(tx, events);
  return applied;
}

// The firmware.tick job (ADR 0129): every minute, each open campaign in its own transaction,
// locked (SKIP LOCKED: two workers never drive one campaign at once): timeouts are failed or
// retried, the campaign's state follows its modules (canary settled → approval or automatic,
// too many failures → paused, all settled → finished), then up to the pace's share of modules
// is offered — a bike on a ride or a sleeping module waits for a later tick. Everything is in
// the database: a worker killed mid-tick loses its transaction only, the next tick redoes it.
import type { Database, TxQuery } from '../../db/client';
import { recordEvents, type EventRecord } from '../events/queries';
import { campaignEvent } from './campaign-service';
import * as q from './queries';
import {
  OFFER_TIMEOUT_MS,
  hold,
  inWindow,
  nextCampaignState,
  timedOut,
  type CampaignCounts,
} from './state-machine';

export async function runFirmwareTick(database: Database, now: Date): Promise<void> {
  for (const { id } of await q.openCampaignIds(database)) {
    await database.transaction((tx) => tickCampaign(tx, id, now));
  }
}

async function counts(tx: TxQuery, campaignId: string): Promise<CampaignCounts> {
  const result: CampaignCounts = { all: {}, canary: {} };
  for (const row of await q.stateCounts(tx, [campaignId])) {
    result.all[row.state] = (result.all[row.state] ?? 0) + row.n;
    if (row.canary) result.canary[row.state] = (result.canary[row.state] ?? 0) + row.n;
  }
  return result;
}

const bikeEvent = (
  t: q.TargetRow,
  name: string,
  who: string | null,
  data: Record<string, unknown>,
): EventRecord => ({
  fleetId: t.fleet_id,
  bikeId: t.bike_id,
  vehicleNumber: t.vehicle_number,
  type: 'PRODUCT',
  name,
  source: 'MANAGER',
  userEmail: who,
  data: { campaignId: t.campaign_id, ...data },
});

export async function tickCampaign(tx: TxQuery, id: string, now: Date): Promise<void> {
  const campaign = await q.lockOpenCampaign(tx, id);
  if (!campaign) return;
  const events: EventRecord[] = [];
  const changes: q.TargetChange[] = [];

  for (const t of await q.overdueTargets(tx, id, now)) {
    const next = timedOut(t, t.deadline, now)!;
    changes.push({ id: t.id, ...next, open: !next.settled });
    if (next.settled)
      events.push(bikeEvent(t, 'FIRMWARE_FAILED', campaign.created_by, { reason: next.reason }));
  }
  await q.updateTargets(tx, changes.splice(0), now);

  let state = campaign.state;
  const next = nextCampaignState(
    {
      state,
      autoApprovePercent: campaign.auto_approve_percent,
      maxFailurePercent: campaign.max_failure_percent,
    },
    await counts(tx, id),
  );
  if (next) {
    state = next.state;
    await q.setCampaignState(tx, id, {
      state,
      pausedFrom: state === 'PAUSED' ? campaign.state : null,
      reason: next.reason,
      finishedAt: state === 'FINISHED' ? now : null,
    });
    const name =
      state === 'PAUSED'
        ? 'FIRMWARE_CAMPAIGN_PAUSED'
        : state === 'FINISHED'
          ? 'FIRMWARE_CAMPAIGN_FINISHED'
          : state === 'RUNNING'
            ? 'FIRMWARE_CAMPAIGN_APPROVED'
            : 'FIRMWARE_CAMPAIGN_CANARY_DONE';
    await campaignEvent(tx, campaign, name, null, { from: campaign.state, reason: next.reason });
  }

  if (
    (state === 'CANARY' || state === 'RUNNING') &&
    inWindow(campaign.window_start, campaign.window_end, now)
  ) {
    const room =
      campaign.pace_per_minute - (await q.offeredSince(tx, id, new Date(now.getTime() - 60_000)));
    if (room > 0) {
      const deadline = new Date(now.getTime() + OFFER_TIMEOUT_MS);
      for (const c of await q.offerCandidates(tx, id, state === 'CANARY', room)) {
        const blocked = hold(
          {
            moduleId: c.bike_module_id,
            model: c.model,
            onRide: c.on_ride,
            mode: c.mode,
            lastCommunication: c.last_communication_date,
          },
          campaign.module_model,
          now,
        );
        if (blocked) {
          const settled = blocked.state !== 'WAITING';
          if (blocked.state !== c.state || blocked.reason !== c.reason)
            changes.push({
              id: c.id,
              state: blocked.state,
              progress: null,
              reason: blocked.reason,
              attempts: c.attempts,
              open: !settled,
            });
          if (blocked.state === 'FAILED')
            events.push(
              bikeEvent(c, 'FIRMWARE_FAILED', campaign.created_by, { reason: blocked.reason }),
            );
          continue;
        }
        changes.push({
          id: c.id,
          state: 'OFFERED',
          progress: null,
          reason: null,
          attempts: c.attempts + 1,
          open: true,
          offered_at: now,
          deadline,
        });
        events.push(
          bikeEvent(c, 'FIRMWARE_OFFERED', campaign.created_by, {
            version: campaign.version,
            attempt: c.attempts + 1,
          }),
        );
      }
    }
  }
  await q.updateTargets(tx, changes, now);
  await recordEvents(tx, events);
  if (changes.some((c) => c.state === 'OFFERED')) await q.notifyOffers(tx, id);
}

// Firmware campaigns (ADR 0129): creation with its target (models, groups, bikes: a module
// already in an open campaign → 409), the canary's share, the pace, the window, the failure
// rate that pauses; approval, pause, resume and abort by an administrator. Every step is an
// audited event; the modules' offers are the firmware.tick job's (tick.ts).
import { randomUUID } from 'node:crypto';
import type {
  FirmwareBikeHistory,
  FirmwareCampaign,
  FirmwareCampaignCreate,
  FirmwareCampaignDetail,
  FirmwareCampaignList,
  FirmwareCampaignState,
  FirmwareVersions,
} from '@vfm/contract';
import type { Queryable, TxQuery } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/problem';
import type { RequestScope } from '../../plugins/request-scope';
import { requireBike } from '../bikes/bike-lookup';
import { recordEvents } from '../events/queries';
import * as q from './queries';
import { canarySize } from './state-machine';

const MAX_TARGET = 20_000;

function toCampaign(row: q.CampaignRow, counts: Record<string, number>): FirmwareCampaign {
  return {
    id: row.id,
    name: row.name,
    packageId: row.package_id,
    version: row.version,
    moduleModel: row.module_model,
    state: row.state,
    pausedReason: row.paused_reason,
    canaryPercent: row.canary_percent,
    autoApproveSuccessPercent: row.auto_approve_percent,
    pacePerMinute: row.pace_per_minute,
    maxFailurePercent: row.max_failure_percent,
    windowStart: row.window_start,
    windowEnd: row.window_end,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    finishedAt: row.finished_at?.toISOString() ?? null,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    counts,
  };
}

async function withCounts(db: Queryable, rows: q.CampaignRow[]): Promise<FirmwareCampaign[]> {
  const counts = new Map<string, Record<string, number>>();
  for (const c of await q.stateCounts(
    db,
    rows.map((r) => r.id),
  )) {
    const entry = counts.get(c.campaign_id) ?? {};
    entry[c.state] = (entry[c.state] ?? 0) + c.n;
    counts.set(c.campaign_id, entry);
  }
  return rows.map((row) => toCampaign(row, counts.get(row.id) ?? {}));
}

/** A campaign's audited step (fleet activity, source MANAGER or the campaign's own rules). */
export function campaignEvent(
  tx: Queryable,
  campaign: { id: string; fleet_id: string; name: string },
  name: string,
  who: string | null,
  data: Record<string, unknown> = {},
) {
  return recordEvents(tx, [
    {
      fleetId: campaign.fleet_id,
      bikeId: null,
      type: 'OTHER',
      name,
      source: 'MANAGER',
      userEmail: who,
      data: { campaignId: campaign.id, campaign: campaign.name, ...data },
    },
  ]);
}

export async function createCampaign(
  scope: RequestScope,
  input: FirmwareCampaignCreate,
): Promise<FirmwareCampaign> {
  if (Boolean(input.windowStart) !== Boolean(input.windowEnd))
    throw badRequest('A maintenance window needs both its start and its end.', [
      { field: 'windowEnd', message: 'set both or neither' },
    ]);
  return scope.database.transaction(async (tx) => {
    const pkg = await q.findPackage(tx, scope.fleetId, input.packageId);
    if (!pkg) throw notFound('No such package in your fleet.');
    const models = input.target.models?.length ? input.target.models : [pkg.module_model];
    const foreign = models.filter((model) => model !== pkg.module_model);
    if (foreign.length)
      throw badRequest(
        `The package is for ${pkg.module_model} modules only.`,
        [{ field: 'target.models', message: `not ${foreign.join(', ')}` }],
        'MODEL_MISMATCH',
      );
    const bikes = await q.resolveTargetBikes(tx, scope.fleetId, {
      models,
      groupIds: input.target.groupIds?.length ? input.target.groupIds : null,
      vehicleNumbers: input.target.vehicleNumbers?.length ? input.target.vehicleNumbers : null,
    });
    if (!bikes.length)
      throw badRequest('No module of your fleet matches this target.', undefined, 'EMPTY_TARGET');
    if (bikes.length > MAX_TARGET)
      throw badRequest(`A campaign targets at most ${MAX_TARGET} modules.`);
    const busy = await q.bikesInOpenTargets(
      tx,
      bikes.map((b) => b.bike_id),
    );
    if (busy.length)
      throw conflict(
        `Already in a campaign: ${busy.map((b) => b.vehicle_number).join(', ')}`,
        'ALREADY_IN_CAMPAIGN',
      );
    const { defaults } = scope.ctx.config.firmware;
    const canaryPercent = input.canaryPercent ?? defaults.canaryPercent;
    const canary = canarySize(bikes.length, canaryPercent);
    const id = randomUUID();
    const state: FirmwareCampaignState = canary > 0 ? 'CANARY' : 'RUNNING';
    await q.insertCampaign(tx, {
      id,
      fleet_id: scope.fleetId,
      package_id: pkg.id,
      name: input.name,
      state,
      canary_percent: canaryPercent,
      auto_approve_percent: input.autoApproveSuccessPercent ?? null,
      pace_per_minute: input.pacePerMinute ?? defaults.pacePerMinute,
      max_failure_percent: input.maxFailurePercent ?? defaults.maxFailurePercent,
      window_start: input.windowStart ?? null,
      window_end: input.windowEnd ?? null,
      created_by: scope.principal.email,
    });
    // the canary: spread over the target (every n-th module), not its first numbers
    const step = canary ? bikes.length / canary : 0;
    const picked = new Set(Array.from({ length: canary }, (_, i) => Math.floor(i * step)));
    await q.insertTargets(
      tx,
      id,
      scope.fleetId,
      bikes.map((bike, i) => ({ ...bike, id: randomUUID(), canary: picked.has(i) })),
    );
    await campaignEvent(
      tx,
      { id, fleet_id: scope.fleetId, name: input.name },
      'FIRMWARE_CAMPAIGN_CREATED',
      scope.principal.email,
      {
        version: pkg.version,
        moduleModel: pkg.module_model,
        modules: bikes.length,
        canary,
      },
    );
    const [created] = await withCounts(tx, [(await q.findCampaign(tx, scope.fleetId, id))!]);
    return created!;
  });
}

export async function listCampaigns(scope: RequestScope): Promise<FirmwareCampaignList> {
  return {
    campaigns: await withCounts(
      scope.database,
      await q.listCampaigns(scope.database, scope.fleetId),
    ),
  };
}

export async function getCampaign(
  scope: RequestScope,
  id: string,
): Promise<FirmwareCampaignDetail> {
  const row = await q.findCampaign(scope.database, scope.fleetId, id);
  if (!row) throw notFound('No such campaign in your fleet.');
  const [campaign] = await withCounts(scope.database, [row]);
  const targets = await q.campaignTargets(scope.database, id);
  return {
    campaign: campaign!,
    targets: targets.map((t) => ({
      vehicleNumber: t.vehicle_number,
      moduleId: t.module_id,
      canary: t.canary,
      state: t.state,
      progress: t.progress,
      reason: t.reason,
      attempts: t.attempts,
      previousVersion: t.previous_version,
      updatedAt: t.updated_at.toISOString(),
    })),
  };
}

type Action = 'approve' | 'pause' | 'resume' | 'abort';
const FROM: Record<Action, FirmwareCampaignState[]> = {
  approve: ['AWAITING_APPROVAL', 'CANARY'],
  pause: ['CANARY', 'RUNNING', 'AWAITING_APPROVAL'],
  resume: ['PAUSED'],
  abort: ['CANARY', 'AWAITING_APPROVAL', 'RUNNING', 'PAUSED'],
};
const EVENT: Record<Action, string> = {
  approve: 'FIRMWARE_CAMPAIGN_APPROVED',
  pause: 'FIRMWARE_CAMPAIGN_PAUSED',
  resume: 'FIRMWARE_CAMPAIGN_RESUMED',
  abort: 'FIRMWARE_CAMPAIGN_ABORTED',
};

/** An administrator's step on a campaign; 409 when its state does not allow it. */
export async function actOnCampaign(
  scope: RequestScope,
  id: string,
  action: Action,
): Promise<FirmwareCampaign> {
  return scope.database.transaction(async (tx: TxQuery) => {
    const row = await q.findCampaign(tx, scope.fleetId, id, true);
    if (!row) throw notFound('No such campaign in your fleet.');
    if (!FROM[action].includes(row.state))
      throw conflict(`A ${row.state} campaign cannot be told to ${action}.`, 'CAMPAIGN_STATE');
    const now = scope.now;
    if (action === 'approve') await q.setCampaignState(tx, id, { state: 'RUNNING' });
    if (action === 'pause')
      await q.setCampaignState(tx, id, {
        state: 'PAUSED',
        pausedFrom: row.state,
        reason: 'MANUAL',
      });
    if (action === 'resume') {
      // after an automatic pause in the canary, resuming goes on with the canary
      await q.setCampaignState(tx, id, { state: row.paused_from ?? 'RUNNING' });
    }
    if (action === 'abort') {
      await q.skipOpenTargets(tx, id, now);
      await q.setCampaignState(tx, id, { state: 'ABORTED', finishedAt: now });
    }
    await campaignEvent(tx, row, EVENT[action], scope.principal.email, { from: row.state });
    const [campaign] = await withCounts(tx, [(await q.findCampaign(tx, scope.fleetId, id))!]);
    return campaign!;
  });
}

export async function versionDistribution(scope: RequestScope): Promise<FirmwareVersions> {
  const rows = await q.versionDistribution(scope.database, scope.fleetId);
  return {
    versions: rows.map((r) => ({
      moduleModel: r.module_model,
      version: r.version,
      bikes: r.bikes,
    })),
  };
}

export async function bikeHistory(
  scope: RequestScope,
  vehicleNumber: string,
): Promise<FirmwareBikeHistory> {
  const bike = await requireBike<{
    id: number;
    vehicle_number: string;
    firmware_version: string | null;
    hardware_version: string | null;
  }>(scope.database, scope.fleetId, vehicleNumber, {
    columns: 'id, vehicle_number, firmware_version, hardware_version',
  });
  const rows = await q.bikeFirmwareHistory(scope.database, scope.fleetId, bike.id);
  return {
    currentVersion: bike.firmware_version,
    moduleModel: bike.hardware_version,
    updates: rows.map((r) => ({
      campaignId: r.campaign_id,
      campaignName: r.campaign_name,
      version: r.version,
      previousVersion: r.previous_version,
      state: r.state,
      reason: r.reason,
      updatedAt: r.updated_at.toISOString(),
    })),
  };
}

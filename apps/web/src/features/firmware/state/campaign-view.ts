// What a campaign shows (docs/firmware.md): its progress — modules settled over the target —,
// the share updated and failed, and the actions its state allows.
import type { FirmwareCampaign, FirmwareCampaignState } from '@vfm/contract';
import type { CampaignAction } from '../api/firmware';

export interface CampaignProgress {
  total: number;
  updated: number;
  failed: number;
  skipped: number;
  inFlight: number;
  /** settled over the total, 0–100 */
  percent: number;
}

const IN_FLIGHT = ['OFFERED', 'DOWNLOADING', 'DOWNLOADED', 'VERIFIED', 'UPDATING'];

export function progressOf(campaign: Pick<FirmwareCampaign, 'total' | 'counts'>): CampaignProgress {
  const n = (state: string) => campaign.counts[state] ?? 0;
  const updated = n('UPDATED');
  const failed = n('FAILED');
  const skipped = n('SKIPPED');
  const settled = updated + failed + skipped;
  return {
    total: campaign.total,
    updated,
    failed,
    skipped,
    inFlight: IN_FLIGHT.reduce((sum, state) => sum + n(state), 0),
    percent: campaign.total ? Math.round((settled * 100) / campaign.total) : 0,
  };
}

const ACTIONS: Record<FirmwareCampaignState, CampaignAction[]> = {
  CANARY: ['pause', 'abort'],
  AWAITING_APPROVAL: ['approve', 'pause', 'abort'],
  RUNNING: ['pause', 'abort'],
  PAUSED: ['resume', 'abort'],
  FINISHED: [],
  ABORTED: [],
};

export const actionsOf = (state: FirmwareCampaignState) => ACTIONS[state];

/** Vehicle numbers typed one per line, or separated by commas or spaces. */
export const parseVehicleNumbers = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

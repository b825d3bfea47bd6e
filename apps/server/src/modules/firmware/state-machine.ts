// The firmware state machine (ADR 0129, docs/firmware.md): pure functions, no database, no
// clock of their own. A module's state in a campaign moves forward only (a late or repeated
// report changes nothing); a failure or a passed deadline is retried up to MAX_ATTEMPTS, then
// the module is FAILED with its reason. A campaign's own state follows its modules' counts: the
// canary settles (then approval, or automatic above its success rate), too many failures pause
// it, and it finishes when every module is settled.
import type {
  FirmwareCampaignState,
  FirmwareReportState,
  FirmwareTargetState,
} from '@vfm/contract';

/** Offers a module gets at most (the first and its retries). */
export const MAX_ATTEMPTS = 3;
/** How long a module has, from the offer, to report UPDATED. */
export const OFFER_TIMEOUT_MS = 30 * 60_000;
/** A module in STORAGE or LOW_POWER is awake when it talked this recently. */
export const AWAKE_WITHIN_MS = 2 * 60_000;

const ORDER: Record<FirmwareTargetState, number> = {
  PENDING: 0,
  WAITING: 0,
  OFFERED: 1,
  DOWNLOADING: 2,
  DOWNLOADED: 3,
  VERIFIED: 4,
  UPDATING: 5,
  UPDATED: 6,
  FAILED: 6,
  SKIPPED: 6,
};

export const SETTLED: ReadonlySet<FirmwareTargetState> = new Set(['UPDATED', 'FAILED', 'SKIPPED']);
/** offered and not settled: the module is working on it */
export const IN_FLIGHT: ReadonlySet<FirmwareTargetState> = new Set([
  'OFFERED',
  'DOWNLOADING',
  'DOWNLOADED',
  'VERIFIED',
  'UPDATING',
]);

export interface TargetView {
  state: FirmwareTargetState;
  attempts: number;
  progress: number | null;
  reason: string | null;
}

export interface Report {
  state: FirmwareReportState;
  progress?: number;
  version?: string;
  reason?: string;
}

/** What a change leaves: the new state, and whether it is the module's last word. */
export type Transition = TargetView & { settled: boolean; retried: boolean };

const settle = (view: TargetView, state: FirmwareTargetState, reason: string | null) => ({
  ...view,
  state,
  reason,
  settled: SETTLED.has(state),
  retried: false,
});

/** A failure (reported or a timeout): offered again while attempts remain, else FAILED. */
export function failure(view: TargetView, reason: string): Transition {
  if (view.attempts < MAX_ATTEMPTS)
    return { ...view, state: 'PENDING', progress: null, reason, settled: false, retried: true };
  return settle({ ...view, progress: null }, 'FAILED', reason);
}

/**
 * A module's report on its offer; null when it changes nothing (the module is not working on
 * this offer, or the report is older than its state). UPDATED must name the package's version.
 */
export function applyReport(view: TargetView, report: Report, expected: string): Transition | null {
  if (!IN_FLIGHT.has(view.state)) return null;
  if (report.state === 'FAILED') return failure(view, report.reason ?? 'FAILED');
  if (report.state === 'UPDATED' && report.version !== undefined && report.version !== expected)
    return failure(view, `WRONG_VERSION: ${report.version}`);
  if (ORDER[report.state] < ORDER[view.state]) return null;
  if (ORDER[report.state] === ORDER[view.state] && report.state !== 'DOWNLOADING') return null;
  const progress =
    report.state === 'DOWNLOADING'
      ? Math.max(view.progress ?? 0, report.progress ?? 0)
      : report.state === 'UPDATED' || ORDER[report.state] > ORDER.DOWNLOADING
        ? 100
        : view.progress;
  return { ...settle(view, report.state, null), progress };
}

/** A module past its offer's deadline without reporting UPDATED. */
export function timedOut(view: TargetView, deadline: Date | null, now: Date): Transition | null {
  if (!IN_FLIGHT.has(view.state) || !deadline || deadline.getTime() > now.getTime()) return null;
  return failure(view, 'TIMEOUT');
}

/** What keeps a bike from being offered now; null when it may be. */
export function hold(
  bike: {
    moduleId: string | null;
    model: string | null;
    onRide: boolean;
    mode: string | null;
    lastCommunication: Date | null;
  },
  packageModel: string,
  now: Date,
): { state: 'WAITING' | 'FAILED' | 'SKIPPED'; reason: string } | null {
  if (!bike.moduleId) return { state: 'SKIPPED', reason: 'NO_MODULE' };
  // a package for another model is never offered (the server refuses it)
  if (bike.model !== packageModel) return { state: 'FAILED', reason: 'MODEL_MISMATCH' };
  if (bike.onRide) return { state: 'WAITING', reason: 'ON_RIDE' };
  if (bike.mode === 'STORAGE' || bike.mode === 'LOW_POWER') {
    const last = bike.lastCommunication?.getTime() ?? 0;
    if (now.getTime() - last > AWAKE_WITHIN_MS) return { state: 'WAITING', reason: 'ASLEEP' };
  }
  return null;
}

export interface CampaignCounts {
  /** every module of the campaign per state */
  all: Partial<Record<FirmwareTargetState, number>>;
  /** the canary's modules per state */
  canary: Partial<Record<FirmwareTargetState, number>>;
}

export interface CampaignView {
  state: FirmwareCampaignState;
  autoApprovePercent: number | null;
  maxFailurePercent: number;
}

const sum = (counts: Partial<Record<FirmwareTargetState, number>>, states?: Iterable<string>) => {
  const wanted = states ? new Set(states) : null;
  let total = 0;
  for (const [state, n] of Object.entries(counts))
    if (!wanted || wanted.has(state)) total += n ?? 0;
  return total;
};

/** A campaign's next state after its modules moved; null when it stays. */
export function nextCampaignState(
  campaign: CampaignView,
  counts: CampaignCounts,
): { state: FirmwareCampaignState; reason: string | null } | null {
  if (campaign.state !== 'CANARY' && campaign.state !== 'RUNNING') return null;
  const scope = campaign.state === 'CANARY' ? counts.canary : counts.all;
  const failed = scope.FAILED ?? 0;
  const updated = scope.UPDATED ?? 0;
  const decided = failed + updated;
  if (decided > 0 && (failed * 100) / decided > campaign.maxFailurePercent)
    return { state: 'PAUSED', reason: `FAILURE_RATE: ${failed}/${decided}` };
  if (sum(scope) > sum(scope, SETTLED)) return null;
  if (campaign.state === 'RUNNING') return { state: 'FINISHED', reason: null };
  const rate = decided ? (updated * 100) / decided : 100;
  if (campaign.autoApprovePercent !== null && rate >= campaign.autoApprovePercent)
    return { state: 'RUNNING', reason: null };
  return { state: 'AWAITING_APPROVAL', reason: null };
}

/** Whether offers may go out now: no window, or now (UTC) within it (it may span midnight). */
export function inWindow(start: string | null, end: string | null, now: Date): boolean {
  if (!start || !end) return true;
  const minutes = now.getUTCHours() * 60 + now.getUTCMinutes();
  const [a, b] = [start, end].map((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5))) as [
    number,
    number,
  ];
  return a <= b ? minutes >= a && minutes < b : minutes >= a || minutes < b;
}

/** The canary's size: canaryPercent of the target, at least one module (none at 0 %). */
export const canarySize = (total: number, percent: number) =>
  percent <= 0 ? 0 : Math.min(total, Math.max(1, Math.ceil((total * percent) / 100)));

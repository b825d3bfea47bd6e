// The fan-out (issue 22 §2, ADR 0086): the subscriber of the events that may notify someone.
// For a batch of events, in one transaction: the rules that match, one notification per user
// and cause (in the bell when a rule says IN_APP), one e-mail delivery per notification with
// its own job — or held for a digest (the rule's choice, the quiet hours) — and the live
// notice to the users' streams. Nothing is sent here: a delivery is a job of its own.
import {
  NOTIFICATION_SEVERITY,
  isZoneActive,
  severityRank,
  type NotificationKind,
  type ZoneActiveHours,
} from '@vfm/contract';
import type { Database } from '../../../db/client';
import type { EventJobData } from '../../../jobs/domain-events';
import type { Jobs } from '../../../jobs/job-queue';
import { announceNotifications } from '../queries';
import { DEFAULT_DIGEST_TIME_ZONE, nextDigestAt } from '../digest-times';
import {
  insertDeliveries,
  insertNotifications,
  matchRules,
  type NewDelivery,
  type NewNotification,
  type RecipientMatch,
} from './queries';

/** Something that may notify: an alert opened, a module back, a command failed or expired, a
 *  zone's cap crossed (no bike then: only the rules of all the fleet's bikes match). */
export interface Cause {
  fleetId: string;
  bikeId: number | null;
  vehicleNumber: string | null;
  zone?: { id: string; name: string };
  kind: NotificationKind;
  alertId: string | null;
  /** one per cause: the notifications' and deliveries' idempotency */
  sourceKey: string;
  occurredAt: string;
}

/** The cause an event is, or null for an event that notifies nobody. */
export function causeOf({ name, data, publishedAt }: EventJobData): Cause | null {
  const base = { occurredAt: publishedAt, alertId: null };
  switch (name) {
    case 'alert.opened':
      return {
        ...base,
        fleetId: data.fleetId,
        bikeId: data.bikeId,
        vehicleNumber: data.vehicleNumber,
        kind: data.kind,
        alertId: data.alertId,
        sourceKey: `alert:${data.alertId}`,
      };
    case 'module.back':
      return {
        ...base,
        ...data,
        kind: 'MODULE_BACK',
        sourceKey: `module-back:${data.bikeId}:${publishedAt}`,
      };
    case 'zone.cap-crossed':
      return {
        ...base,
        fleetId: data.fleetId,
        bikeId: null,
        vehicleNumber: null,
        zone: { id: data.zoneId, name: data.zoneName },
        kind: data.kind,
        sourceKey: `zone-cap:${data.zoneAlertId}`,
      };
    case 'command.failed':
    case 'command.expired': {
      const { commandId, type: _type, ...bike } = data;
      const failed = name === 'command.failed';
      return {
        ...base,
        ...bike,
        kind: failed ? 'COMMAND_FAILED' : 'COMMAND_EXPIRED',
        sourceKey: `${failed ? 'command-failed' : 'command-expired'}:${commandId}`,
      };
    }
    default:
      return null;
  }
}

/** Whether a rule holds this kind's e-mails back now (quiet hours, not pierced). */
export const isQuiet = (
  quietHours: ZoneActiveHours | null,
  alwaysNotify: readonly string[],
  kind: string,
  at: Date,
) => Boolean(quietHours) && !alwaysNotify.includes(kind) && isZoneActive(quietHours, at);

type EmailPlan = Pick<NewDelivery, 'ruleId' | 'status' | 'digest' | 'heldBy' | 'dueAt'>;

/**
 * What one recipient gets for one cause, from their matching rules: the bell if any rule says
 * IN_APP; one e-mail — now if any rule sends it now, else held for the soonest digest.
 */
export function planFor(
  match: Pick<RecipientMatch, 'inApp' | 'email'> &
    Partial<Pick<RecipientMatch, 'push' | 'timeZone'>>,
  kind: string,
  now: Date,
) {
  const plans: EmailPlan[] = match.email.map((rule): EmailPlan => {
    if (isQuiet(rule.quietHours, rule.alwaysNotify, kind, now))
      return {
        ruleId: rule.ruleId,
        status: 'DIGEST',
        digest: 'HOURLY',
        heldBy: 'QUIET_HOURS',
        dueAt: quietHoursEnd(rule.quietHours!, now).toISOString(),
      };
    if (rule.digest !== 'NONE')
      return {
        ruleId: rule.ruleId,
        status: 'DIGEST',
        digest: rule.digest,
        heldBy: 'RULE',
        // the daily digest at 07:00 in the user's zone (ADR 0099)
        dueAt: nextDigestAt(
          rule.digest,
          now,
          match.timeZone ?? rule.quietHours?.timeZone ?? DEFAULT_DIGEST_TIME_ZONE,
        ).toISOString(),
      };
    return { ruleId: rule.ruleId, status: 'PENDING', digest: null, heldBy: null, dueAt: null };
  });
  const email =
    plans.find((plan) => plan.status === 'PENDING') ??
    plans.sort((a, b) => (a.dueAt ?? '').localeCompare(b.dueAt ?? ''))[0] ??
    null;
  // a push is now or never: a rule whose quiet hours hold it leaves it to the bell and the
  // e-mail digest (ADR 0098)
  const push = (match.push ?? []).some(
    (rule) => !isQuiet(rule.quietHours, rule.alwaysNotify, kind, now),
  );
  return { inApp: match.inApp, email, push };
}

/** The first quarter of an hour after `at` outside the quiet hours (at most 8 days on). */
export function quietHoursEnd(hours: ZoneActiveHours, at: Date): Date {
  const step = 15 * 60_000;
  let time = Math.ceil(at.getTime() / step) * step;
  for (let i = 0; i < 8 * 24 * 4 && isZoneActive(hours, new Date(time)); i++) time += step;
  return new Date(time);
}

/** The subscriber's work for one batch of events (one transaction). */
export async function fanOut(
  database: Database,
  jobs: Jobs,
  events: EventJobData[],
  now: Date,
): Promise<{ notifications: number; deliveries: number }> {
  const causes = events.flatMap((event) => causeOf(event) ?? []);
  if (!causes.length) return { notifications: 0, deliveries: 0 };
  return database.transaction(async (tx) => {
    const matches = await matchRules(
      tx,
      causes.map((cause, i) => ({
        i,
        fleetId: cause.fleetId,
        bikeId: cause.bikeId,
        kind: cause.kind,
        rank: severityRank(NOTIFICATION_SEVERITY[cause.kind]),
      })),
    );
    const notifications: NewNotification[] = [];
    const emails = new Map<string, EmailPlan>();
    const pushes = new Set<string>();
    for (const match of matches) {
      const { i, accountId } = match;
      const cause = causes[i]!;
      const { inApp, email, push } = planFor(match, cause.kind, now);
      if (!inApp && !email && !push) continue;
      notifications.push({
        fleetId: cause.fleetId,
        accountId,
        kind: cause.kind,
        severity: NOTIFICATION_SEVERITY[cause.kind],
        bikeId: cause.bikeId,
        vehicleNumber: cause.vehicleNumber,
        zoneId: cause.zone?.id ?? null,
        zoneName: cause.zone?.name ?? null,
        alertId: cause.alertId,
        sourceKey: cause.sourceKey,
        occurredAt: cause.occurredAt,
        inApp,
      });
      if (email) emails.set(`${accountId}|${cause.sourceKey}`, email);
      if (push) pushes.add(`${accountId}|${cause.sourceKey}`);
    }
    // a replayed job inserts nothing: its notifications and deliveries exist
    const inserted = await insertNotifications(tx, notifications);
    const deliveries = await insertDeliveries(
      tx,
      inserted.flatMap((row): NewDelivery[] => {
        const key = `${row.accountId}|${row.sourceKey}`;
        const plan = emails.get(key);
        return [
          ...(plan
            ? [
                {
                  ...plan,
                  notificationId: row.id,
                  accountId: row.accountId,
                  idempotencyKey: `${row.sourceKey}:${row.accountId}:EMAIL`,
                },
              ]
            : []),
          // issue 22 §5: one push per alert and user, to each of their browsers
          ...(pushes.has(key)
            ? [
                {
                  channel: 'PUSH' as const,
                  notificationId: row.id,
                  accountId: row.accountId,
                  ruleId: null,
                  idempotencyKey: `${row.sourceKey}:${row.accountId}:PUSH`,
                  status: 'PENDING' as const,
                  digest: null,
                  heldBy: null,
                  dueAt: null,
                },
              ]
            : []),
        ];
      }),
    );
    for (const delivery of deliveries)
      if (delivery.status === 'PENDING')
        await jobs.send(tx, 'notifications.deliver', { deliveryId: delivery.id });
    const fleets = new Map<string, string[]>();
    const insertedKeys = new Set(inserted.map((row) => `${row.accountId}|${row.sourceKey}`));
    for (const n of notifications)
      if (n.inApp && insertedKeys.has(`${n.accountId}|${n.sourceKey}`))
        fleets.set(n.fleetId, [...(fleets.get(n.fleetId) ?? []), n.accountId]);
    for (const [fleetId, accounts] of fleets) await announceNotifications(tx, fleetId, accounts);
    return { notifications: inserted.length, deliveries: deliveries.length };
  });
}

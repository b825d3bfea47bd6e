// The fan-out (ADR 0086): the subscriber of the events that may notify someone.
// For a batch of events, in one transaction: the rules that match, one notification per user
// and cause (in the bell when a rule says IN_APP), one e-mail delivery per notification with
// its own job — or held for a digest (the rule's choice, the quiet hours) —, one delivery per
// now-or-never channel (push, SMS: channels/, ADR 0124) in its channel's queue, and the live
// notice to the users' streams. Nothing is sent here: a delivery is a job of its own.
import {
  NOTIFICATION_SEVERITY,
  isZoneActive,
  severityRank,
  type NotificationKind,
  type ZoneActiveHours,
} from '@vfm/contract';
import type { DeliveryJobData } from '../delivery/deliver';
import { CHANNELS, type Channel, type DeliveryChannelName } from '../channels';
import type { Database } from '../../../db/client';
import type { EventJobData } from '../../../jobs/domain-events';
import type { Jobs } from '../../../jobs/job-queue';
import { announceNotifications } from '../queries';
import { DEFAULT_DIGEST_TIME_ZONE, nextDigestAt } from '../digest-times';
import {
  fanOutCauses,
  insertDeliveries,
  insertNotifications,
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
 * IN_APP; one e-mail — now if any rule sends it now, else held for the soonest digest; one
 * delivery per now-or-never channel (push, SMS) that a rule not in its quiet hours names.
 */
export function planFor(
  match: Pick<RecipientMatch, 'inApp' | 'email'> &
    Partial<Pick<RecipientMatch, 'instant' | 'timeZone'>>,
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
  // a push or an SMS is now or never: a rule whose quiet hours hold it leaves it to the bell and
  // the e-mail digest (ADR 0098)
  const instant = [
    ...new Set(
      (match.instant ?? [])
        .filter((rule) => !isQuiet(rule.quietHours, rule.alwaysNotify, kind, now))
        .map((rule) => rule.channel),
    ),
  ].sort();
  return { inApp: match.inApp, email, instant };
}

/** The first quarter of an hour after `at` outside the quiet hours (at most 8 days on). */
export function quietHoursEnd(hours: ZoneActiveHours, at: Date): Date {
  const step = 15 * 60_000;
  let time = Math.ceil(at.getTime() / step) * step;
  for (let i = 0; i < 8 * 24 * 4 && isZoneActive(hours, new Date(time)); i++) time += step;
  return new Date(time);
}

/**
 * The subscriber's work for one batch of events (one transaction). One statement matches the
 * rules and writes the notifications of the whole batch (fanout/queries.ts); only the recipients
 * with e-mailing, pushing or texting rules come back here to be planned (quiet hours, digests); one live
 * notice per fleet names the recipients whose bell changed.
 */
export async function fanOut(
  database: Database,
  jobs: Jobs,
  events: EventJobData[],
  now: Date,
  /** the now-or-never channels the server can send (channels/index.ts: instantChannels) */
  instantChannels: Channel[] = [CHANNELS.PUSH],
): Promise<{ notifications: number; deliveries: number }> {
  // a cause delivered twice in one batch (at-least-once) is one cause
  const causes = [
    ...new Map(
      events.flatMap((event) => causeOf(event) ?? []).map((cause) => [cause.sourceKey, cause]),
    ).values(),
  ];
  if (!causes.length) return { notifications: 0, deliveries: 0 };
  return database.transaction(async (tx) => {
    const rows = await fanOutCauses(
      tx,
      causes.map((cause, i) => ({
        i,
        fleetId: cause.fleetId,
        bikeId: cause.bikeId,
        vehicleNumber: cause.vehicleNumber,
        zoneId: cause.zone?.id ?? null,
        zoneName: cause.zone?.name ?? null,
        kind: cause.kind,
        severity: NOTIFICATION_SEVERITY[cause.kind],
        rank: severityRank(NOTIFICATION_SEVERITY[cause.kind]),
        alertId: cause.alertId,
        sourceKey: cause.sourceKey,
        occurredAt: cause.occurredAt,
      })),
      instantChannels,
    );
    let written = 0;
    const bells = new Map<string, string[]>();
    const planned: Array<
      { notificationId: string; accountId: string; sourceKey: string } & ReturnType<typeof planFor>
    > = [];
    const instantOnly: NewNotification[] = [];
    for (const row of rows) {
      if (row.what === 'fleet') {
        written += row.written;
        if (row.bell.length) bells.set(row.fleetId, row.bell);
        continue;
      }
      const cause = causes[row.i]!;
      const plan = planFor(row, cause.kind, now);
      if (row.what === 'plan')
        planned.push({
          ...plan,
          notificationId: row.id,
          accountId: row.accountId,
          sourceKey: cause.sourceKey,
        });
      // only pushing or texting rules: a notification (out of the bell) when one of them sends now
      else if (plan.instant.length)
        instantOnly.push({
          fleetId: cause.fleetId,
          accountId: row.accountId,
          kind: cause.kind,
          severity: NOTIFICATION_SEVERITY[cause.kind],
          bikeId: cause.bikeId,
          vehicleNumber: cause.vehicleNumber,
          zoneId: cause.zone?.id ?? null,
          zoneName: cause.zone?.name ?? null,
          alertId: cause.alertId,
          sourceKey: cause.sourceKey,
          occurredAt: cause.occurredAt,
          inApp: false,
        });
    }
    // a replayed job inserts nothing: its notifications and deliveries exist
    const instantOf = new Map(
      rows.flatMap((row) =>
        row.what === 'instant-only'
          ? [
              [
                `${causes[row.i]!.sourceKey}|${row.accountId}`,
                planFor(row, causes[row.i]!.kind, now).instant,
              ] as const,
            ]
          : [],
      ),
    );
    for (const row of await insertNotifications(tx, instantOnly)) {
      written++;
      planned.push({
        inApp: false,
        email: null,
        instant: instantOf.get(`${row.sourceKey}|${row.accountId}`) ?? [],
        notificationId: row.id,
        accountId: row.accountId,
        sourceKey: row.sourceKey,
      });
    }
    const deliveries = await insertDeliveries(
      tx,
      planned.flatMap(({ email, instant, notificationId, accountId, sourceKey }): NewDelivery[] => [
        ...(email
          ? [
              {
                ...email,
                notificationId,
                accountId,
                idempotencyKey: `${sourceKey}:${accountId}:EMAIL`,
              },
            ]
          : []),
        // docs/notifications.md: one push per alert and user, to each of their browsers; one
        // SMS to their phone
        ...instant.map((channel: DeliveryChannelName): NewDelivery => ({
          channel,
          notificationId,
          accountId,
          ruleId: null,
          idempotencyKey: `${sourceKey}:${accountId}:${channel}`,
          status: 'PENDING',
          digest: null,
          heldBy: null,
          dueAt: null,
        })),
      ]),
    );
    // ADR 0118: each channel in a queue of its own (dead push services or an SMS gateway down
    // hold no e-mail back); each job names its fleet (its share of the queue's slots)
    for (const delivery of deliveries)
      if (delivery.status === 'PENDING')
        await jobs.send(tx, CHANNELS[delivery.channel].queue.name, {
          deliveryId: delivery.id,
          fleetId: delivery.fleetId,
        } satisfies DeliveryJobData);
    for (const [fleetId, accounts] of bells) await announceNotifications(tx, fleetId, accounts);
    return { notifications: written, deliveries: deliveries.length };
  });
}

// The scheduled reports' work (ADR 0127): the sweep (queue reports.schedules, every quarter
// hour) makes the deliveries of each schedule whose period has ended — one per recipient, due
// at `hour` of the recipient's time zone — and each delivery is one job of reports.deliver:
// the report built, its file attached, a link to the Reports screen, sent through the mailer;
// retried on its own, so one recipient's failure holds no other back.
import { languageOf, type ReportQuery } from '@vfm/contract';
import type { Database, Queryable } from '../../db/client';
import type { Jobs } from '../../jobs/job-queue';
import type { AppContext } from '../../plugins/context';
import {
  dueSchedules,
  insertDelivery,
  lockSchedule,
  markDelivery,
  recipientTimeZones,
  selectDelivery,
  setNextFrom,
  type ScheduleRow,
} from './queries/schedules';
import { reportBuffer, reportFileName, REPORT_MEDIA_TYPES } from './report-files';
import { buildReport } from './report-service';
import { isoDay } from './rollup';
import { PERIOD_OF, periodFrom, sendMoment } from './schedule-periods';
import { scheduledReportMail } from './schedule-mail';

/** a delivery's attempts: the first and its retries (the queue's retryLimit) */
export const DELIVER_RETRY_LIMIT = 5;

export interface DeliveryJob {
  fleetId: string;
  deliveryId: string;
}

/** One delivery per recipient of a period (none twice), each with its job. */
export async function makeDeliveries(
  tx: Queryable,
  jobs: Jobs,
  schedule: ScheduleRow,
  period: { from: string; to: string },
  trigger: string,
  now: Date | null,
) {
  const zones = new Map(
    (await recipientTimeZones(tx, schedule.fleet_id, schedule.recipients)).map((r) => [r.email, r]),
  );
  let made = 0;
  for (const recipient of schedule.recipients) {
    const zone = zones.get(recipient.toLowerCase())?.time_zone ?? schedule.time_zone;
    const sendAt = now ?? sendMoment(period.to, schedule.hour, zone);
    const id = await insertDelivery(tx, {
      scheduleId: schedule.id,
      fleetId: schedule.fleet_id,
      recipient,
      from: period.from,
      to: period.to,
      trigger,
      sendAt,
    });
    if (!id) continue;
    made++;
    await jobs.send(
      tx,
      'reports.deliver',
      { fleetId: schedule.fleet_id, deliveryId: id } satisfies DeliveryJob,
      {
        startAfter: sendAt,
      },
    );
  }
  return made;
}

/** Every schedule whose period has ended: its deliveries, and its next period. */
export async function sweepSchedules(database: Database, jobs: Jobs, now: Date) {
  const today = isoDay(now.getTime());
  let made = 0;
  for (const schedule of await dueSchedules(database, today)) {
    made += await database.transaction(async (tx) => {
      const nextFrom = await lockSchedule(tx, schedule.id);
      if (nextFrom === null || nextFrom >= today) return 0;
      // the last ended period only: a server stopped for weeks sends no backlog
      let period = periodFrom(schedule.frequency, nextFrom);
      while (periodFrom(schedule.frequency, period.next).to < today)
        period = periodFrom(schedule.frequency, period.next);
      if (period.to >= today) return 0;
      const count = await makeDeliveries(tx, jobs, schedule, period, 'schedule', null);
      await setNextFrom(tx, schedule.id, period.next);
      return count;
    });
  }
  return made;
}

/** One delivery: the report built and mailed; SENT once, never twice. */
export async function deliver(ctx: AppContext, job: DeliveryJob) {
  const delivery = await selectDelivery(ctx.database, job.deliveryId);
  if (!delivery || delivery.status === 'SENT') return;
  try {
    const query: ReportQuery = {
      period: PERIOD_OF[delivery.frequency],
      from: delivery.period_from,
      ...(delivery.group_id ? { groupId: delivery.group_id } : {}),
      ...(delivery.zone_id ? { zoneId: delivery.zone_id } : {}),
    };
    const report = await buildReport(ctx.database, delivery.fleet_id, query, ctx.now());
    const file = await reportBuffer(report, delivery.format);
    const params = new URLSearchParams({ period: query.period!, from: report.from });
    if (delivery.group_id) params.set('scope', 'group');
    if (delivery.zone_id) params.set('scope', 'zone');
    if (delivery.group_id ?? delivery.zone_id)
      params.set('target', (delivery.group_id ?? delivery.zone_id)!);
    const link = `${ctx.config.publicUrl}/reports?${params.toString()}`;
    await ctx.mailer.send({
      ...scheduledReportMail({
        to: delivery.recipient,
        name: delivery.name,
        report,
        link,
        language: languageOf(delivery.language),
      }),
      attachments: [
        {
          filename: reportFileName(report, delivery.format),
          content: file,
          contentType: REPORT_MEDIA_TYPES[delivery.format],
        },
      ],
      idempotencyKey: `report-delivery:${delivery.id}`,
    });
    await markDelivery(ctx.database, delivery.id, { sent: true });
  } catch (error) {
    await markDelivery(ctx.database, delivery.id, {
      sent: false,
      error: error instanceof Error ? error.message : String(error),
      attemptsMax: DELIVER_RETRY_LIMIT + 1,
    });
    throw error;
  }
}

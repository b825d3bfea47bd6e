// The administration's background jobs (ADR 0081): an administrator opens the tab and
// reads the queues of their fleet's jobs by their names with their counts — never the operator's
// (sweeps, housekeeping, the probe: ADR 0120, `npm run admin -- jobs`); the demo's jobs all run, so
// the failed jobs say so (were one to fail meanwhile, its row and the tab's badge show instead).
// On a phone (390 px) the page does not scroll sideways.
import { test, expect, fr, apiLogin, ADMIN } from './fixtures';

interface JobsOverview {
  queues: Array<{ queue: string }>;
  failed: { totalElements: number };
}

const j = fr.administration.jobs;
/** the queues of a fleet's jobs (apps/server/src/jobs/job-scope.ts) as the tab names them */
const QUEUES = [
  j.queues.alertsReconcile,
  j.queues.tasksAutomate,
  j.queues.webhooksFanout,
  j.queues.webhooksDeliver,
  j.queues.notificationsFanout,
  j.queues.notificationsDeliver,
];
/** the operator's queues: not the fleet's */
const OPERATOR_QUEUES = [
  j.queues.alertsSweep,
  j.queues.commandsExpire,
  j.queues.authMaintenance,
  j.queues.telemetryPartitions,
  j.queues.jobsProbe,
];

for (const viewport of [null, { width: 390, height: 844 }]) {
  test(`an administrator reads the background jobs${viewport ? ' on a phone' : ''}`, async ({
    page,
    login,
    request,
  }) => {
    if (viewport) await page.setViewportSize(viewport);
    const admin = await apiLogin(request, ADMIN);
    const overview = await admin.call<JobsOverview>('GET', 'fleet/admin/jobs');
    const names = overview.queues.map((q) => q.queue);
    expect(names).toEqual(expect.arrayContaining(['alerts.reconcile', 'notifications.deliver']));
    expect(names).not.toContain('jobs.probe');

    await login('admin', '/fr/administration');
    await page.getByRole('tab', { name: fr.administration.tabs.jobs }).click();
    await expect(page).toHaveURL(/tab=jobs/);
    const queues = page.getByRole('table', { name: j.queuesLabel });
    for (const name of QUEUES)
      await expect(queues.getByRole('row').filter({ hasText: name })).toHaveCount(1);
    for (const name of OPERATOR_QUEUES)
      await expect(queues.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    await expect(queues.getByRole('columnheader', { name: j.states.failed })).toBeAttached();

    if (overview.failed.totalElements === 0) {
      await expect(page.getByText(j.empty)).toBeVisible();
    } else {
      await expect(page.getByTestId('failed-jobs').getByRole('row').nth(1)).toBeVisible();
      await expect(page.getByRole('tab', { name: fr.administration.tabs.jobs })).toContainText(
        /\d/,
      );
    }
    if (viewport) {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
}

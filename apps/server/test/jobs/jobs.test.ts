// ADR 0081–2 (ADR 0081): the jobs home — a job runs once in a worker, a handler that throws
// is retried with backoff then kept as a dead letter (never lost, never blocking the queue),
// which its fleet's administrator sees and sends again (an operator's job: the admin CLI only,
// ADR 0120); the metrics show throughput and backlog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobsOverviewSchema } from '@vfm/contract';
import { createFleetWithUsers, tokenFor, twoFleets, type FleetCast } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';
import { createFailedJob } from '../helpers/fleet-data';
import { waitFor } from '../helpers/mqtt';
import { listJobs, retryFailedJob } from '../../src/cli/commands';
import { Jobs } from '../../src/jobs/job-queue';
import pino from 'pino';
import type { TestServer } from '../helpers/server';

let t: TestServer, cast: FleetCast, other: FleetCast;
beforeAll(async () => ({ t, cast, other } = await twoFleets(createFleetWithUsers)));
afterAll(() => t.close());

const probeRuns = (token: string) =>
  t.server.database.query<{ runs: number; job_id: string }>(
    'SELECT runs, job_id FROM job_probe WHERE token = $1',
    [token],
  );
const jobState = async (id: string) =>
  (
    await t.server.database.query<{ state: string; retry_count: number }>(
      'SELECT state::text, retry_count FROM pgboss.job WHERE id = $1',
      [id],
    )
  )[0];

describe('the jobs home', () => {
  it('runs a job once, in a worker', async () => {
    await t.server.jobs.send(null, 'jobs.probe', { token: 'once' });
    const [row] = await waitFor(async () => {
      const rows = await probeRuns('once');
      return rows.length > 0 && rows;
    });
    expect(row!.runs).toBe(1);
    expect((await jobState(row!.job_id))?.state).toBe('completed');
  });

  it(
    'gives each job to one worker of several (exactly one claimer)',
    { timeout: 120_000 },
    async () => {
      // a second worker on the same database, as another process would be
      const second = await Jobs.open(t.server.database, pino({ level: 'silent' }), true);
      try {
        await second.work<{ token: string }>('jobs.probe', async ([job]) => {
          await t.server.database.query(
            `INSERT INTO job_probe (job_id, token, process_id) VALUES ($1, $2, -1)
           ON CONFLICT (job_id) DO UPDATE SET runs = job_probe.runs + 1`,
            [job!.id, job!.data.token],
          );
        });
        const tokens = Array.from({ length: 30 }, (_, i) => `many-${i}`);
        for (const token of tokens) await t.server.jobs.send(null, 'jobs.probe', { token });
        const rows = await waitFor(
          async () => {
            const done = await t.server.database.query<{ runs: number; process_id: number }>(
              `SELECT runs, process_id FROM job_probe WHERE token LIKE 'many-%'`,
            );
            return done.length === tokens.length && done;
          },
          90_000,
          'every job done',
        );
        expect(rows.every((row) => row.runs === 1)).toBe(true);
      } finally {
        await second.stop();
      }
    },
  );

  it(
    'retries a failing job with backoff, then keeps it failed without blocking the queue',
    { timeout: 120_000 },
    async () => {
      const failUntil = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
      await t.server.jobs.send(null, 'jobs.probe', { token: 'poison', failUntil });
      // the others keep running meanwhile
      await t.server.jobs.send(null, 'jobs.probe', { token: 'healthy' });
      await waitFor(async () => (await probeRuns('healthy')).length > 0, 60_000, 'the healthy job');
      const [failed] = await waitFor(
        async () => {
          const rows = await t.server.database.query<{ id: string; retry_count: number }>(
            `SELECT id, retry_count FROM pgboss.job
            WHERE name = 'jobs.probe' AND data->>'token' = 'poison' AND state = 'failed'`,
          );
          return rows.length > 0 && rows;
        },
        90_000,
        'the dead letter',
      );
      // retryLimit 3: four attempts, never recorded as done
      expect(failed!.retry_count).toBe(3);
      expect(await probeRuns('poison')).toHaveLength(0);

      // an operator's job (no fleet): no fleet administrator sees it nor sends it again (ADR
      // 0120)…
      const admin = t.api({ token: cast.adminToken });
      const res = await admin.get('fleet/admin/jobs');
      expect(res.status).toBe(200);
      expectShape(JobsOverviewSchema, res.body);
      expect(res.body.failed.content.map((job: { id: string }) => job.id)).not.toContain(
        failed!.id,
      );
      expect(res.body.queues.map((q: { queue: string }) => q.queue)).not.toContain('jobs.probe');
      expect((await admin.post(`fleet/admin/jobs/${failed!.id}/retry`)).status).toBe(404);
      expect((await jobState(failed!.id))?.state).toBe('failed');

      // …the operator does, with its error (admin CLI jobs)…
      const line = (await listJobs(t.server.database)).find((l) => l.startsWith(failed!.id));
      expect(line).toContain('jobs.probe\t(operator)');
      expect(line).toContain('fails until');

      // …and, once the cause is gone, sends it again: it runs
      t.clock.advance(2 * 3_600_000);
      // two hours on the server's clock: everybody signs in again
      for (const c of [cast, other]) {
        c.adminToken = await tokenFor(t, c.admin);
        c.managerToken = await tokenFor(t, c.manager);
      }
      expect(await retryFailedJob(t.server.database, failed!.id)).toEqual([
        `job ${failed!.id} (jobs.probe) sent again`,
      ]);
      // the CLI's update wakes no worker by itself: the next poll (2 s) takes it
      await waitFor(async () => (await probeRuns('poison')).length > 0, 60_000, 'the retried job');
      // completed once its handler returned (the probe's row is written just before)
      await waitFor(
        async () => (await jobState(failed!.id))?.state === 'completed',
        30_000,
        'the retried job completed',
      );
    },
  );

  it('shows a fleet its own dead letters only', async () => {
    const bike = await createBike(t, cast.fleet);
    const job = await createFailedJob(t, bike);
    const stranger = t.api({ token: other.adminToken });
    const list = await stranger.get('fleet/admin/jobs');
    expect(list.body.failed.content.map((j: { id: string }) => j.id)).not.toContain(job.id);
    const retry = await stranger.post(`fleet/admin/jobs/${job.id}/retry`);
    expect(retry.status).toBe(404);
    expect((await jobState(job.id))?.state).toBe('failed');
    // a manager is no administrator
    expect((await t.api({ token: cast.managerToken }).get('fleet/admin/jobs')).status).toBe(403);
    const own = await t.api({ token: cast.adminToken }).get('fleet/admin/jobs');
    const listed = own.body.failed.content.find((j: { id: string }) => j.id === job.id);
    expect(listed).toMatchObject({ event: 'battery.low', vehicleNumber: bike.vehicleNumber });
  });

  it('lists and retries the dead letters for the operator (admin CLI jobs)', async () => {
    const bike = await createBike(t, other.fleet);
    const job = await createFailedJob(t, bike);
    const lines = await listJobs(t.server.database);
    const line = lines.find((l) => l.startsWith(job.id));
    expect(line).toContain('boom');
    // a fleet's job names its fleet
    expect(line).toContain(`alerts.reconcile\tfleet ${other.fleet.name}`);
    expect(lines.some((line) => /^ {2}jobs\.probe\tcompleted\t\d+$/.test(line))).toBe(true);
    expect(await retryFailedJob(t.server.database, job.id)).toEqual([
      `job ${job.id} (alerts.reconcile) sent again`,
    ]);
    await expect(retryFailedJob(t.server.database, job.id)).rejects.toThrow(/No failed job/);
    await expect(retryFailedJob(t.server.database, 'nope')).rejects.toThrow(/not a job id/);
  });

  it('shows throughput and backlog in the metrics', async () => {
    const res = await t.api().get('/metrics');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/vfm_jobs_completed_total\{queue="jobs.probe"\} \d+/);
    expect(res.text).toMatch(/vfm_jobs\{queue="jobs.probe",state="completed"\} \d+/);
    expect(res.text).toMatch(/vfm_jobs_failed_total\{queue="jobs.probe"\} [1-9]/);
  });
});

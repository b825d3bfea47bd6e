// ADR 0118: the fair fetch of the delivery queues. Jobs are taken in turns across fleets, and a
// fleet's jobs already running — in any process: here rows another worker made active — count
// against its share, so the share holds across worker processes. A job whose lease passed is
// taken again by pg-boss's supervision as before (the crash tests). Against a migrated database
// with no worker running; on PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/migrate';
import { fetchFairly } from '../../src/jobs/queries/fair';
import { JOBS_SCHEMA } from '../../src/jobs/queues';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

let db: TestDatabase;
const QUEUE = 'webhooks.deliver';

beforeAll(async () => {
  db = await createTestDatabase();
  await migrate(db.database);
});
afterAll(async () => {
  await db.drop();
});

/** Jobs of a fleet, oldest first (created one millisecond apart), in a state. */
async function addJobs(fleet: string, count: number, state = 'created') {
  for (let i = 0; i < count; i++)
    await db.database.query(
      // ready a minute ago (a job stored this very millisecond is not ready yet: start_after < now())
      `INSERT INTO ${JOBS_SCHEMA}.job (name, data, state, created_on, start_after, started_on)
       VALUES ($1, $2, $3::${JOBS_SCHEMA}.job_state, now() - interval '1 minute' + $4 * interval '1 ms',
               now() - interval '1 minute', CASE WHEN $3 = 'active' THEN now() END)`,
      [QUEUE, { deliveryId: `${fleet}-${state}-${i}`, fleetId: fleet, attempt: 0 }, state, i],
    );
}

const fleetOf = (job: { data: unknown }) => (job.data as { fleetId: string }).fleetId;

describe('the fair fetch', () => {
  it('takes jobs in turns across fleets, each within its share counted in the database', async () => {
    await addJobs('fleet-x', 20);
    await addJobs('fleet-y', 2);
    await addJobs('fleet-z', 1);
    // another worker process runs 4 of fleet x's jobs
    await addJobs('fleet-x', 4, 'active');

    const first = await fetchFairly(db.database, QUEUE, 10, 6);
    // x: 6 − 4 running = 2 more, its oldest; y and z: all theirs
    expect(first.map(fleetOf).sort()).toEqual([
      'fleet-x',
      'fleet-x',
      'fleet-y',
      'fleet-y',
      'fleet-z',
    ]);
    expect(
      first
        .filter((job) => fleetOf(job) === 'fleet-x')
        .map((job) => (job.data as { deliveryId: string }).deliveryId)
        .sort(),
    ).toEqual(['fleet-x-created-0', 'fleet-x-created-1']);
    expect(first.every((job) => job.name === QUEUE && job.expireInSeconds > 0)).toBe(true);
    const [active] = await db.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state = 'active'
          AND data->>'fleetId' = 'fleet-x'`,
      [QUEUE],
    );
    expect(active!.n).toBe(6);

    // x at its share: nothing more of x until one of its jobs ends
    expect(await fetchFairly(db.database, QUEUE, 10, 6)).toEqual([]);
    await db.database.query(
      `UPDATE ${JOBS_SCHEMA}.job SET state = 'completed', completed_on = now()
        WHERE id = $1`,
      [first.find((job) => fleetOf(job) === 'fleet-x')!.id],
    );
    const next = await fetchFairly(db.database, QUEUE, 10, 6);
    expect(next.map(fleetOf)).toEqual(['fleet-x']);
    // the oldest of x's waiting jobs first
    expect((next[0]!.data as { deliveryId: string }).deliveryId).toBe('fleet-x-created-2');
  });

  it('gives a few free slots to the fleets in turns, not to the oldest jobs', async () => {
    await db.database.query(`DELETE FROM ${JOBS_SCHEMA}.job WHERE name = $1`, [QUEUE]);
    await addJobs('fleet-old', 10);
    await addJobs('fleet-new', 1);
    const fetched = await fetchFairly(db.database, QUEUE, 2, 6);
    // the oldest-first fetch would take two of fleet-old's
    expect(fetched.map(fleetOf).sort()).toEqual(['fleet-new', 'fleet-old']);
  });

  it('leaves the jobs that may not start yet', async () => {
    await db.database.query(
      `INSERT INTO ${JOBS_SCHEMA}.job (name, data, start_after)
       VALUES ($1, $2, now() + interval '1 hour')`,
      [QUEUE, { deliveryId: 'later', fleetId: 'fleet-w', attempt: 0 }],
    );
    const fetched = await fetchFairly(db.database, QUEUE, 10, 6);
    expect(fetched.map(fleetOf)).not.toContain('fleet-w');
  });
});

// Telemetry is partitioned by month (DESIGN §2): the partitions of this and next month exist
// from the start; rows that landed in the default partition move into their month's partition.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureTelemetryPartitions,
  partitionName,
} from '../../src/modules/bikes/queries/partitions';
import { createFleetWithUsers } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { startTestServer, type TestServer } from '../helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const monthStart = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
};
const partitionOf = async (ts: Date) => {
  const [row] = await t.server.database.query<{ part: string }>(
    'SELECT tableoid::regclass::text AS part FROM telemetry WHERE ts = $1',
    [ts],
  );
  return row?.part;
};

describe('telemetry partitions', () => {
  it('exist for the current and the next month once the server runs', async () => {
    const names = [partitionName(monthStart(0)), partitionName(monthStart(1))];
    const rows = await t.server.database.query<{ relname: string }>(
      'SELECT relname FROM pg_class WHERE relname = ANY($1::text[])',
      [names],
    );
    expect(rows.map((r) => r.relname).sort()).toEqual(names.sort());
  });

  it('move rows out of the default partition when their month gets its partition', async () => {
    const { fleet } = await createFleetWithUsers(t);
    const bike = await createBike(t, fleet);
    const later = new Date(monthStart(4).getTime() + 3_600_000);
    await t.server.database.query('INSERT INTO telemetry (bike_id, seq, ts) VALUES ($1, 1, $2)', [
      bike.id,
      later,
    ]);
    expect(await partitionOf(later)).toBe('telemetry_default');
    expect(await ensureTelemetryPartitions(t.server.database, later, later)).toEqual([
      partitionName(monthStart(4)),
    ]);
    expect(await partitionOf(later)).toBe(partitionName(monthStart(4)));
    // idempotent
    expect(await ensureTelemetryPartitions(t.server.database, later, later)).toEqual([]);
    // the unique (bike, seq, ts) key works on the new partition too
    await t.server.database.query(
      'INSERT INTO telemetry (bike_id, seq, ts) VALUES ($1, 1, $2) ON CONFLICT DO NOTHING',
      [bike.id, later],
    );
    const [n] = await t.server.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM telemetry WHERE bike_id = $1',
      [bike.id],
    );
    expect(n!.n).toBe(1);
  });
});

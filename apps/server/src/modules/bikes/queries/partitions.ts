// Telemetry is partitioned by month of ts (DESIGN §2): old months are dropped or archived by
// partition. The server creates the partitions of the current and next month at start and
// daily; rows that landed in the default partition meanwhile are moved into the new one.
import type { Database } from '../../../db/client';

const LOCK_KEY = 7_210_004; // "VFM telemetry partitions"

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));

export const partitionName = (start: Date) =>
  `telemetry_y${start.getUTCFullYear()}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;

/** Creates the monthly partitions covering [from, to] (by default this month and the next). */
export async function ensureTelemetryPartitions(
  database: Database,
  from: Date,
  to: Date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1)),
): Promise<string[]> {
  const created: string[] = [];
  let start = monthStart(from.getUTCFullYear(), from.getUTCMonth());
  while (start <= to) {
    const end = monthStart(start.getUTCFullYear(), start.getUTCMonth() + 1);
    if (await createPartition(database, start, end)) created.push(partitionName(start));
    start = end;
  }
  return created;
}

async function createPartition(database: Database, start: Date, end: Date): Promise<boolean> {
  const name = partitionName(start);
  return database.transaction(async (tx) => {
    if (database.kind === 'postgres')
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    const [exists] = await tx.query('SELECT 1 FROM pg_class WHERE relname = $1', [name]);
    if (exists) return false;
    const range = `FROM ('${start.toISOString()}') TO ('${end.toISOString()}')`;
    // rows of that month in the default partition would make ATTACH fail: move them first
    await tx.exec(`
      CREATE TABLE ${name} (LIKE telemetry INCLUDING DEFAULTS);
      INSERT INTO ${name} SELECT * FROM telemetry_default
        WHERE ts >= '${start.toISOString()}' AND ts < '${end.toISOString()}';
      DELETE FROM telemetry_default
        WHERE ts >= '${start.toISOString()}' AND ts < '${end.toISOString()}';
      ALTER TABLE telemetry ATTACH PARTITION ${name} FOR VALUES ${range};
    `);
    return true;
  });
}

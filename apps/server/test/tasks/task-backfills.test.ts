// Migrations 1100 and 1110 give the tasks made before them what is now data of the task: a
// rebalancing move's drop-off (from the recommendation that made it) and the rule that opened a
// task (from its creation's history, the rule's sentence taken out of its notes). Their UPDATEs
// run here again on rows as those migrations found them (docs/tasks.md).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/migrate';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

let testDb: TestDatabase;
let fleetId: string;
let bikeId: number;
beforeAll(async () => {
  testDb = await createTestDatabase();
  const db = testDb.database;
  [{ id: fleetId }] = (await db.query<{ id: string }>(
    `INSERT INTO fleet (name) VALUES ('Backfills') RETURNING id`,
  )) as [{ id: string }];
  [{ id: bikeId }] = (await db.query<{ id: number }>(
    `INSERT INTO bike (fleet_id, vehicle_number, bike_code) VALUES ($1, 'BF-1', 'BFC-1')
     RETURNING id`,
    [fleetId],
  )) as [{ id: number }];
});
afterAll(() => testDb.drop());

/** The data part of a migration: what follows its schema change. */
async function backfillOf(file: string) {
  const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
  return sql.slice(sql.indexOf('UPDATE task'));
}

async function oldTask(kind: string, title: string, notes: string) {
  const [task] = await testDb.database.query<{ id: string }>(
    `INSERT INTO task (fleet_id, bike_id, kind, title, notes) VALUES ($1, $2, $3, $4, $5)
     RETURNING id`,
    [fleetId, bikeId, kind, title, notes],
  );
  return task!.id;
}

const taskRow = async (id: string) =>
  (
    await testDb.database.query<Record<string, unknown>>(
      `SELECT title, notes, drop_off_latitude, drop_off_longitude, rule_id, rule_name,
              rule_builtin FROM task WHERE id = $1`,
      [id],
    )
  )[0];

describe('the tasks made before their drop-off and rule were data', () => {
  it("gives an accepted move's tasks the recommendation's destination", async () => {
    const move = await oldTask('REBALANCE', 'Move to 881f', 'Pick up in cell 881e; leave at …');
    const other = await oldTask('REBALANCE', '', 'by hand');
    await testDb.database.query(
      `INSERT INTO rebalancing_recommendation (fleet_id, from_cell, to_cell, from_lon, from_lat,
         to_lon, to_lat, bike_ids, due_at, extra_rides, state, task_ids, created_at)
       VALUES ($1, '881e', '881f', 4.83, 45.76, 4.81213, 45.77151, $2, now(), 1, 'ACCEPTED', $3,
         now())`,
      [fleetId, [bikeId], [move]],
    );
    await testDb.database.query(await backfillOf('1100_task_drop_off.sql'));
    expect(await taskRow(move)).toMatchObject({
      drop_off_latitude: 45.77151,
      drop_off_longitude: 4.81213,
    });
    expect(await taskRow(other)).toMatchObject({
      drop_off_latitude: null,
      notes: 'by hand',
    });
  });

  it('names the rule that opened a task and takes its sentence out of the notes', async () => {
    const [rule] = await testDb.database.query<{ id: string }>(
      `INSERT INTO rule (fleet_id, builtin, alert_kind, name, severity, condition, actions)
       VALUES ($1, 'BATTERY_REMOVED', 'BATTERY_REMOVED', 'Battery removed', 'MAJOR',
               '{"all": []}', '[]') RETURNING id`,
      [fleetId],
    );
    const opened = await oldTask(
      'BATTERY_SWAP',
      'Battery removed',
      'Opened by the rule “Battery removed”.',
    );
    const edited = await oldTask('REPAIR', 'Battery removed', 'Check the lock too');
    const byHand = await oldTask('INSPECT', '', 'Opened by the rule “nothing”.');
    for (const taskId of [opened, edited])
      await testDb.database.query(
        `INSERT INTO task_history (task_id, at, action, data)
         VALUES ($1, now(), 'CREATED', jsonb_build_object('ruleId', $2::text))`,
        [taskId, rule!.id],
      );
    await testDb.database.query(
      `INSERT INTO task_history (task_id, at, action) VALUES ($1, now(), 'CREATED')`,
      [byHand],
    );
    await testDb.database.query(await backfillOf('1110_task_rule.sql'));
    const named = {
      rule_id: rule!.id,
      rule_name: 'Battery removed',
      rule_builtin: 'BATTERY_REMOVED',
    };
    expect(await taskRow(opened)).toMatchObject({ ...named, notes: '' });
    // notes somebody wrote stay
    expect(await taskRow(edited)).toMatchObject({ ...named, notes: 'Check the lock too' });
    expect(await taskRow(byHand)).toMatchObject({
      rule_id: null,
      notes: 'Opened by the rule “nothing”.',
    });
  });
});

// ADR 0090: the tasks resource — created by hand for one bike or a selection,
// the status flow with who and when, the checklist of each kind, the history and the audit
// trail, two technicians taking one task, and bad input refused with nothing changed. On
// PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProblemSchema,
  TaskCreatedSchema,
  TaskDetailSchema,
  TaskPageSchema,
  TaskSchema,
  type Task,
} from '@vfm/contract';
import type { TestServer } from '../helpers/server';
import {
  createAccount,
  createFleetWithTechnician,
  tokenFor,
  twoFleets,
  type TechnicianCast,
} from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';

let t: TestServer, cast: TechnicianCast, other: TechnicianCast;
beforeAll(async () => ({ t, cast, other } = await twoFleets(createFleetWithTechnician)));
afterAll(() => t.close());

const manager = () => t.api({ token: cast.managerToken });
const technician = () => t.api({ token: cast.technicianToken });

async function countTasks(fleetId = cast.fleet.id) {
  const [row] = await t.server.database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM task WHERE fleet_id = $1',
    [fleetId],
  );
  return row!.n;
}

async function newTask(body: Record<string, unknown> = {}, bike?: BikeRow): Promise<Task> {
  const target = bike ?? (await createBike(t, cast.fleet));
  const res = await manager().post('tasks', {
    kind: 'BATTERY_SWAP',
    vehicleNumbers: [target.vehicleNumber],
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.tasks[0];
}

describe('creating tasks', () => {
  it('creates a task for one bike with its checklist, history and audit event', async () => {
    const bike = await createBike(t, cast.fleet);
    const dueAt = '2026-12-01T10:00:00.000Z';
    const res = await manager().post('tasks', {
      kind: 'BATTERY_SWAP',
      vehicleNumbers: [bike.vehicleNumber],
      priority: 'HIGH',
      dueAt,
      assigneeId: cast.technician.id,
      notes: 'Behind the station',
    });
    expect(res.status, res.text).toBe(201);
    expectShape(TaskCreatedSchema, res.body);
    const [task] = res.body.tasks as Task[];
    expect(task).toMatchObject({
      kind: 'BATTERY_SWAP',
      vehicleNumber: bike.vehicleNumber,
      status: 'OPEN',
      priority: 'HIGH',
      dueAt,
      assignee: { id: cast.technician.id, email: cast.technician.email },
      notes: 'Behind the station',
      cause: null,
      createdBy: { id: cast.manager.id },
      position: { latitude: 48.8566, longitude: 2.3522 },
    });
    expect(task!.checklist.map((c) => c.item)).toEqual([
      'removeBattery',
      'fitChargedBattery',
      'checkChargeShown',
      'closeCompartment',
    ]);
    const detail = await manager().get(`tasks/${task!.id}`);
    expect(detail.status).toBe(200);
    expectShape(TaskDetailSchema, detail.body);
    expect(detail.body.history).toMatchObject([{ action: 'CREATED', by: { id: cast.manager.id } }]);
    const audit = await t.server.database.query<{ name: string; user_email: string }>(
      `SELECT name, user_email FROM event WHERE bike_id = $1 AND name LIKE 'TASK_%'`,
      [bike.id],
    );
    expect(audit).toEqual([{ name: 'TASK_CREATED', user_email: cast.manager.email }]);
  });

  it('creates one task per bike of a selection', async () => {
    const bikes = await Promise.all([1, 2, 3].map(() => createBike(t, cast.fleet)));
    const res = await manager().post('tasks', {
      kind: 'REBALANCE',
      vehicleNumbers: bikes.map((b) => b.vehicleNumber),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.tasks.map((task: Task) => task.vehicleNumber).sort()).toEqual(
      bikes.map((b) => b.vehicleNumber).sort(),
    );
  });

  it('refuses a selection of more than 100 bikes', async () => {
    const before = await countTasks();
    const res = await manager().post('tasks', {
      kind: 'INSPECT',
      vehicleNumbers: Array.from({ length: 101 }, (_, i) => `VN-${i}`),
    });
    expect(res.status).toBe(400);
    expectShape(ProblemSchema, res.body);
    expect(await countTasks()).toBe(before);
  });

  it("refuses another fleet's bike, naming it, and creates nothing", async () => {
    const mine = await createBike(t, cast.fleet);
    const theirs = await createBike(t, other.fleet);
    const before = await countTasks();
    const res = await manager().post('tasks', {
      kind: 'INSPECT',
      vehicleNumbers: [mine.vehicleNumber, theirs.vehicleNumber],
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect(res.body).toMatchObject({ code: 'BIKE_NOT_FOUND', missing: [theirs.vehicleNumber] });
    expect(await countTasks()).toBe(before);
  });

  it('refuses an assignee outside the fleet and creates nothing', async () => {
    const bike = await createBike(t, cast.fleet);
    const before = await countTasks();
    const res = await manager().post('tasks', {
      kind: 'REPAIR',
      vehicleNumbers: [bike.vehicleNumber],
      assigneeId: other.technician.id,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'assigneeId', message: 'not an active user of your fleet' },
    ]);
    expect(await countTasks()).toBe(before);
  });

  it('needs a title for a custom task', async () => {
    const bike = await createBike(t, cast.fleet);
    const res = await manager().post('tasks', {
      kind: 'CUSTOM',
      vehicleNumbers: [bike.vehicleNumber],
      title: '  ',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'title', message: 'required' }]);
    const ok = await newTask({ kind: 'CUSTOM', title: 'Clean the basket' }, bike);
    expect(ok).toMatchObject({ kind: 'CUSTOM', title: 'Clean the basket', checklist: [] });
  });

  it('is for managers: a technician cannot create a task', async () => {
    const bike = await createBike(t, cast.fleet);
    const res = await technician().post('tasks', {
      kind: 'INSPECT',
      vehicleNumbers: [bike.vehicleNumber],
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('TASK_MANAGERS_ONLY');
  });
});

describe('the status flow', () => {
  it('goes open → in progress → done with who and when, and back only by a reopen', async () => {
    const task = await newTask();
    const early = await technician().post(`tasks/${task.id}/finish`, {});
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('TASK_STATUS_FLOW');

    t.clock.advance(60_000);
    const before = t.clock.now().getTime();
    const started = await technician().post(`tasks/${task.id}/start`);
    expect(started.status, started.text).toBe(200);
    expectShape(TaskSchema, started.body);
    expect(started.body).toMatchObject({
      status: 'IN_PROGRESS',
      assignee: { id: cast.technician.id },
      startedBy: { id: cast.technician.id },
    });
    const startedAt = Date.parse(started.body.startedAt);
    expect(startedAt).toBeGreaterThanOrEqual(before);
    expect(startedAt).toBeLessThanOrEqual(t.clock.now().getTime());

    const done = await technician().post(`tasks/${task.id}/finish`, { comment: 'Swapped' });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ status: 'DONE', closedBy: { id: cast.technician.id } });

    // done → open without a reopen: refused, nothing changed
    const again = await technician().post(`tasks/${task.id}/start`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TASK_STATUS_FLOW');
    expect(again.body.detail).toMatch(/Reopen/);
    const cancel = await manager().post(`tasks/${task.id}/cancel`, {});
    expect(cancel.status).toBe(409);

    expect((await technician().post(`tasks/${task.id}/reopen`, {})).status).toBe(403);
    const reopened = await manager().post(`tasks/${task.id}/reopen`, { comment: 'Flat again' });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'OPEN', closedAt: null, startedAt: null });

    const detail = await manager().get(`tasks/${task.id}`);
    expect(detail.body.history.map((h: { action: string }) => h.action)).toEqual([
      'CREATED',
      'STARTED',
      'DONE',
      'REOPENED',
    ]);
    expect(detail.body.history[2]).toMatchObject({ data: { comment: 'Swapped' } });
  });

  it('lets two technicians race for one task: one wins, the other is told who has it', async () => {
    const task = await newTask();
    const second = await createAccount(t, cast.fleet, {
      technician: true,
      fullName: 'Theo Second',
    });
    const secondApi = t.api({ token: await tokenFor(t, second) });
    const answers = await Promise.all([
      technician().post(`tasks/${task.id}/start`),
      secondApi.post(`tasks/${task.id}/start`),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.headers.get('content-type')).toMatch(/problem\+json/);
    expectShape(ProblemSchema, loser.body);
    expect(loser.body.code).toBe('TASK_TAKEN');
    expect(loser.body.holder).toEqual(winner.body.assignee);
    expect(loser.body.detail).toContain(winner.body.assignee.email);
    const history = await manager().get(`tasks/${task.id}`);
    expect(
      history.body.history.filter((h: { action: string }) => h.action === 'STARTED'),
    ).toHaveLength(1);
  });

  it("refuses a technician acting on another's task", async () => {
    const task = await newTask({ assigneeId: cast.manager.id });
    const res = await technician().post(`tasks/${task.id}/start`);
    expect(res.status).toBe(409);
    expect(res.body.holder).toMatchObject({ id: cast.manager.id });
  });

  it('lets a manager cancel an open task, not a technician', async () => {
    const task = await newTask();
    expect((await technician().post(`tasks/${task.id}/cancel`, {})).status).toBe(403);
    const res = await manager().post(`tasks/${task.id}/cancel`, { comment: 'Duplicate' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'CANCELLED', closedBy: { id: cast.manager.id } });
  });
});

describe('the checklist, notes and edits', () => {
  it("checks the items of the task's kind and refuses any other", async () => {
    const task = await newTask();
    await technician().post(`tasks/${task.id}/start`);
    const unknown = await technician().put(`tasks/${task.id}/checklist/checkBrakes`, {
      checked: true,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('TASK_CHECKLIST_ITEM_UNKNOWN');
    const res = await technician().put(`tasks/${task.id}/checklist/removeBattery`, {
      checked: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.checklist[0]).toEqual({ item: 'removeBattery', checked: true });
    const [row] = await t.server.database.query<{ checked: string[] }>(
      'SELECT checked FROM task WHERE id = $1',
      [task.id],
    );
    expect(row!.checked).toEqual(['removeBattery']);
  });

  it('lets a technician write notes but not change the priority or assignee', async () => {
    const task = await newTask();
    const notes = await technician().patch(`tasks/${task.id}`, { notes: 'Wheel lock stuck' });
    expect(notes.status, notes.text).toBe(200);
    expect(notes.body.notes).toBe('Wheel lock stuck');
    const priority = await technician().patch(`tasks/${task.id}`, { priority: 'URGENT' });
    expect(priority.status).toBe(403);
    const assign = await manager().patch(`tasks/${task.id}`, { assigneeId: other.manager.id });
    expect(assign.status).toBe(400);
    const ok = await manager().patch(`tasks/${task.id}`, {
      priority: 'URGENT',
      assigneeId: cast.technician.id,
    });
    expect(ok.body).toMatchObject({ priority: 'URGENT', assignee: { id: cast.technician.id } });
  });
});

describe('reading tasks', () => {
  it("lists the technician's tasks, nearest first from a position", async () => {
    const far = await createBike(t, cast.fleet, { latitude: 45.764, longitude: 4.8357 });
    const near = await createBike(t, cast.fleet, { latitude: 48.86, longitude: 2.35 });
    const noPosition = await createBike(t, cast.fleet, { latitude: null, longitude: null });
    const tech = await createAccount(t, cast.fleet, { technician: true });
    const api = t.api({ token: await tokenFor(t, tech) });
    for (const bike of [far, noPosition, near]) await newTask({ assigneeId: tech.id }, bike);
    const res = await api.get('tasks', {
      query: { mine: true, near: '48.8566,2.3522', sort: 'distance' },
    });
    expect(res.status, res.text).toBe(200);
    expectShape(TaskPageSchema, res.body);
    expect(res.body.content.map((task: Task) => task.vehicleNumber)).toEqual([
      near.vehicleNumber,
      far.vehicleNumber,
      noPosition.vehicleNumber,
    ]);
    const [first, second] = res.body.content as Task[];
    expect(first!.distanceMeters).toBeLessThan(1000);
    expect(second!.distanceMeters).toBeGreaterThan(390_000);
    expect(second!.distanceMeters).toBeLessThan(400_000);
  });

  it("is scoped to the fleet: another fleet's task is not found", async () => {
    const task = await newTask();
    const foreign = t.api({ token: other.managerToken });
    expect((await foreign.get(`tasks/${task.id}`)).status).toBe(404);
    expect((await foreign.post(`tasks/${task.id}/cancel`, {})).status).toBe(404);
    const list = await foreign.get('tasks', { query: { status: 'all' } });
    expect(list.body.content.some((x: Task) => x.id === task.id)).toBe(false);
  });
});

describe('the field technician role (docs/tasks.md)', () => {
  it('sends the assistance lock and the alarm, reads the bikes, manages nothing', async () => {
    const bike = await createBike(t, cast.fleet);
    const lock = await technician().post(`commands/lockControl/${bike.vehicleNumber}`, undefined, {
      query: { active: true },
    });
    expect(lock.status, lock.text).toBe(202);
    const alarm = await technician().post(`commands/alarm/${bike.vehicleNumber}`, undefined, {
      query: { active: true },
    });
    expect(alarm.status, alarm.text).toBe(202);
    expect((await technician().get(`products/details/${bike.vehicleNumber}`)).status).toBe(200);
    expect((await technician().get('fleet/list')).status).toBe(200);
    const mode = await technician().post(`commands/mode/${bike.vehicleNumber}`, undefined, {
      query: { mode: 'PERMANENT' },
    });
    expect(mode.status).toBe(403);
    expect(mode.body.code).toBe('TECHNICIAN_FORBIDDEN');
    expect((await technician().get('accounts')).status).toBe(403);
    expect((await technician().get('fleet/settings')).status).toBe(403);
    expect((await technician().get('accounts/me')).status).toBe(200);
  });

  it('is offered by account creation, never with the administrator role', async () => {
    const admin = t.api({ token: cast.adminToken });
    const created = await admin.post('accounts', {
      email: `tech-${Date.now()}@example.com`,
      fullName: 'New Tech',
      technician: true,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.roles).toEqual(['ROLE_VFM', 'ROLE_VFM_TECHNICIAN']);
    const both = await admin.post('accounts', {
      email: `both-${Date.now()}@example.com`,
      fullName: 'Both',
      technician: true,
      admin: true,
    });
    expect(both.status).toBe(400);
    const promoted = await admin.put(`accounts/${created.body.id}`, { admin: true });
    expect(promoted.body.roles).toEqual(['ROLE_VFM', 'ROLE_VFM_ADMIN']);
  });
});

describe('the list', () => {
  it('counts the matching tasks again once the fleet’s tasks changed, not before', async () => {
    // a page smaller than the list: the count is read (and kept until a task changes)
    for (let i = 0; i < 3; i++) await newTask();
    const total = async () => {
      const res = await manager().get('tasks', { query: { size: 1, status: 'all' } });
      expect(res.status, res.text).toBe(200);
      expectShape(TaskPageSchema, res.body);
      return res.body.totalElements as number;
    };
    const before = await total();
    expect(before).toBe(await countTasks());
    expect(await total()).toBe(before);
    const added = await newTask();
    expect(await total()).toBe(before + 1);
    const cancelled = await manager().post(`tasks/${added.id}/cancel`, { comment: 'not needed' });
    expect(cancelled.status, cancelled.text).toBeLessThan(300);
    const open = await manager().get('tasks', { query: { size: 1, status: 'OPEN' } });
    const [row] = await t.server.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM task WHERE fleet_id = $1 AND status = 'OPEN'`,
      [cast.fleet.id],
    );
    expect(open.body.totalElements).toBe(row!.n);
  });
});

describe('keyset pages (ADR 0105)', () => {
  let fleet: Awaited<ReturnType<typeof createFleetWithTechnician>>;
  const api = () => t.api({ token: fleet.managerToken });

  beforeAll(async () => {
    // ties everywhere: bulk creations share their creation time, due times and priorities repeat,
    // some tasks have no due time and one bike no position
    fleet = await createFleetWithTechnician(t);
    const bikes = [
      ...(await Promise.all(
        Array.from({ length: 11 }, (_, i) =>
          createBike(t, fleet.fleet, { latitude: 48.85 + (i % 4) * 0.01, longitude: 2.35 }),
        ),
      )),
      await createBike(t, fleet.fleet, { latitude: null, longitude: null }),
    ];
    const batches: Array<Record<string, unknown>> = [
      { kind: 'BATTERY_SWAP', priority: 'HIGH', dueAt: '2026-12-01T10:00:00.000Z' },
      { kind: 'REPAIR', priority: 'NORMAL' },
      { kind: 'BATTERY_SWAP', priority: 'URGENT', dueAt: '2026-12-01T10:00:00.000Z' },
      { kind: 'INSPECT', priority: 'HIGH', dueAt: '2026-11-30T08:00:00.000Z' },
    ];
    for (const [i, batch] of batches.entries()) {
      const res = await api().post('tasks', {
        ...batch,
        vehicleNumbers: bikes.filter((_, j) => j % 4 === i).map((bike) => bike.vehicleNumber),
      });
      expect(res.status, res.text).toBe(201);
    }
    // a closed one: listed with status=all only
    const [open] = (await api().get('tasks', { query: { size: 1 } })).body.content as Task[];
    expect((await api().post(`tasks/${open!.id}/cancel`, {})).status).toBe(200);
  });

  /** every page of the query by `next`, `size` tasks a page */
  async function walk(query: Record<string, unknown>, size: number) {
    const ids: string[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const res = await api().get('tasks', { query: { ...query, size, ...(after && { after }) } });
      expect(res.status, res.text).toBe(200);
      expectShape(TaskPageSchema, res.body);
      ids.push(...(res.body.content as Task[]).map((task) => task.id));
      if (res.body.next === null) {
        expect(res.body.content.length).toBeLessThanOrEqual(size);
        return { ids, total: res.body.totalElements as number };
      }
      expect(res.body.content).toHaveLength(size);
      after = res.body.next;
    }
    throw new Error('no last page');
  }

  it.each([
    { sort: 'due' },
    { sort: 'priority' },
    { sort: 'created' },
    { sort: 'distance', near: '48.85,2.35' },
    { sort: 'due', status: 'all' },
    { sort: 'priority', kind: 'BATTERY_SWAP' },
    { sort: 'due', status: 'OPEN', kind: 'REPAIR' },
  ])('walks every task once, in the order of one whole page: %o', async (query) => {
    const whole = await api().get('tasks', { query: { ...query, size: 100 } });
    expect(whole.status, whole.text).toBe(200);
    expect(whole.body.next).toBeNull();
    const expected = (whole.body.content as Task[]).map((task) => task.id);
    expect(expected.length).toBeGreaterThan(2);
    for (const size of [1, 2, 5]) {
      const { ids, total } = await walk(query, size);
      expect(ids).toEqual(expected);
      expect(total).toBe(expected.length);
    }
    // the offset pages agree
    const second = await api().get('tasks', { query: { ...query, size: 2, page: 1 } });
    expect((second.body.content as Task[]).map((task) => task.id)).toEqual(expected.slice(2, 4));
  });

  it('keeps its place when a task is added before it (an offset page would repeat a task)', async () => {
    const first = await api().get('tasks', { query: { sort: 'created', size: 3 } });
    const seen = (first.body.content as Task[]).map((task) => task.id);
    const bike = await createBike(t, fleet.fleet);
    const added = await api().post('tasks', {
      kind: 'INSPECT',
      vehicleNumbers: [bike.vehicleNumber],
    });
    expect(added.status, added.text).toBe(201);
    const next = await api().get('tasks', {
      query: { sort: 'created', size: 3, after: first.body.next },
    });
    const byOffset = await api().get('tasks', { query: { sort: 'created', size: 3, page: 1 } });
    const nextIds = (next.body.content as Task[]).map((task) => task.id);
    expect(nextIds.some((id) => seen.includes(id))).toBe(false);
    expect(nextIds).not.toContain(added.body.tasks[0].id);
    // the offset page starts one row earlier: the last task already seen comes again
    expect((byOffset.body.content as Task[])[0]!.id).toBe(seen[2]);
  });

  it('refuses a cursor that is not one of VFM or of another sort, and changes nothing', async () => {
    const page = await api().get('tasks', { query: { sort: 'due', size: 1 } });
    const forged = Buffer.from(JSON.stringify(['due', "'; DROP TABLE task; --", 1])).toString(
      'base64url',
    );
    const badDate = Buffer.from(
      JSON.stringify(['due', '2026-13-45T99:99:99Z', -1, '2026-11-26T00:00:00Z', cast.fleet.id]),
    ).toString('base64url');
    for (const [after, sort] of [
      ['bm90LWpzb24', 'due'],
      [forged, 'due'],
      [badDate, 'due'],
      [page.body.next, 'priority'],
      [page.body.next, 'created'],
    ] as const) {
      const res = await api().get('tasks', { query: { sort, size: 1, after } });
      expect(res.status, res.text).toBe(400);
      expectShape(ProblemSchema, res.body);
      expect(res.body.errors?.[0]?.field ?? res.text).toContain('after');
    }
    // a distance cursor without a position reads as a due one: the list said so by its order
    const byDue = await api().get('tasks', {
      query: { sort: 'distance', size: 1, after: page.body.next },
    });
    expect(byDue.status, byDue.text).toBe(200);
  });
});

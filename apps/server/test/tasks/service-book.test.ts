// ADR 0100: the service book — a task finished with the parts used and their cost
// keeps them (the bike page's Tasks tab lists them with who and when); bad parts or cost are
// refused with a problem and nothing changes; a reopen clears them. On PGlite and, with
// DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema, TaskPageSchema, type Task } from '@vfm/contract';
import type { TestServer } from '../helpers/server';
import { createFleetWithTechnician, oneFleet, type TechnicianCast } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';

let t: TestServer, cast: TechnicianCast;
beforeAll(async () => ({ t, cast } = await oneFleet(createFleetWithTechnician)));
afterAll(() => t.close());

const manager = () => t.api({ token: cast.managerToken });
const technician = () => t.api({ token: cast.technicianToken });

async function startedRepair(): Promise<{ task: Task; vehicleNumber: string }> {
  const bike = await createBike(t, cast.fleet);
  const created = await manager().post('tasks', {
    kind: 'REPAIR',
    vehicleNumbers: [bike.vehicleNumber],
  });
  expect(created.status, created.text).toBe(201);
  const started = await technician().post(`tasks/${created.body.tasks[0].id}/start`);
  expect(started.status, started.text).toBe(200);
  return { task: started.body, vehicleNumber: bike.vehicleNumber };
}

describe('the service book', () => {
  it('keeps the parts and the cost of a done task, with who and when', async () => {
    const { task, vehicleNumber } = await startedRepair();
    const res = await technician().post(`tasks/${task.id}/finish`, {
      parts: '  Brake pads (front), chain  ',
      cost: { amount: 42.456, currency: 'EUR' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      status: 'DONE',
      parts: 'Brake pads (front), chain',
      cost: { amount: 42.46, currency: 'EUR' },
      closedBy: { id: cast.technician.id },
      batterySwap: null,
    });
    const book = await manager().get('tasks', { query: { vehicleNumber, status: 'DONE' } });
    expectShape(TaskPageSchema, book.body);
    expect(book.body.content[0]).toMatchObject({ parts: 'Brake pads (front), chain' });
    const detail = await manager().get(`tasks/${task.id}`);
    expect(detail.body.history.at(-1)).toMatchObject({
      action: 'DONE',
      data: { parts: 'Brake pads (front), chain', cost: { amount: 42.456, currency: 'EUR' } },
    });
    // a reopen clears them: the next finish records again
    const reopened = await manager().post(`tasks/${task.id}/reopen`, {});
    expect(reopened.body).toMatchObject({ status: 'OPEN', parts: '', cost: null });
  });

  it('refuses bad parts or cost with a problem, and nothing changes', async () => {
    const { task } = await startedRepair();
    for (const body of [
      { cost: { amount: -1, currency: 'EUR' } },
      { cost: { amount: 10, currency: 'eur' } },
      { cost: { amount: 10, currency: 'EURO' } },
      { cost: { amount: 10 } },
      { cost: { amount: 2_000_000, currency: 'EUR' } },
      { cost: { amount: '10', currency: 'EUR', extra: 1 } },
      { parts: 'x'.repeat(501) },
      { parts: 'bad\u0000byte' },
    ]) {
      const res = await technician().post(`tasks/${task.id}/finish`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectShape(ProblemSchema, res.body);
    }
    const detail = await manager().get(`tasks/${task.id}`);
    expect(detail.body.task).toMatchObject({ status: 'IN_PROGRESS', parts: '', cost: null });
  });
});

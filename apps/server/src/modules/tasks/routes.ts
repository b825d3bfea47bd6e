// The fleet's tasks (ADR 0090): list, read with its history, create (one bike or
// a selection), edit, start (take), finish, cancel, reopen, check a checklist item. Open to
// field technicians (`auth: 'field'`); the service says who may do what. Thin: the service
// owns the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BatteryQueueQuerySchema,
  BatteryQueueSchema,
  TaskCheckSchema,
  TaskChecklistParamsSchema,
  TaskCreateSchema,
  TaskCreatedSchema,
  TaskDetailSchema,
  TaskFinishSchema,
  TaskPageSchema,
  TaskParamsSchema,
  TaskQuerySchema,
  TaskSchema,
  TaskTransitionSchema,
  TaskUpdateSchema,
} from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { getBatteryQueue } from './battery-queue';
import { routeDoc } from '../../lib/route-schema';
import {
  cancelTask,
  checkItem,
  createTasks,
  finishTask,
  getTask,
  listTasks,
  reopenTask,
  startTask,
  updateTask,
} from './service';

const route = routeDoc(['tasks']);
/** a task's change: the task as it is now, 409 when its state forbids the change */
const changed = { params: TaskParamsSchema, ok: TaskSchema, problems: [409] } as const;

const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tasks',
    route.field("The fleet's tasks (active ones by default), soonest due first", {
      querystring: TaskQuerySchema,
      ok: TaskPageSchema,
    }),
    async (request) => listTasks(scopeOf(request), request.query),
  );

  app.post(
    '/tasks',
    route.field('Create a task for one bike, or one per bike of a selection (managers)', {
      body: TaskCreateSchema,
      response: { 201: TaskCreatedSchema },
      problems: [404],
    }),
    async (request, reply) =>
      reply.code(201).send(await createTasks(scopeOf(request), request.body)),
  );

  // docs/tasks.md: a static path, matched before /tasks/:id
  app.get(
    '/tasks/battery-queue',
    route.field(
      'The bikes that need a battery, by charge and range left, grouped into stops to follow',
      { querystring: BatteryQueueQuerySchema, ok: BatteryQueueSchema },
    ),
    async (request) => getBatteryQueue(scopeOf(request), request.query),
  );

  app.get(
    '/tasks/:id',
    route.field('One task with its history', { params: TaskParamsSchema, ok: TaskDetailSchema }),
    async (request) => getTask(scopeOf(request), request.params.id),
  );

  app.patch(
    '/tasks/:id',
    route.field('Change a task: priority, due time, assignee, title (managers); notes (anyone)', {
      ...changed,
      body: TaskUpdateSchema,
    }),
    async (request) => updateTask(scopeOf(request), request.params.id, request.body),
  );

  app.post(
    '/tasks/:id/start',
    route.field(
      'Take and start an open task; 409 naming who has it when somebody else does',
      changed,
    ),
    async (request) => startTask(scopeOf(request), request.params.id),
  );

  app.post(
    '/tasks/:id/finish',
    route.field(
      "Finish a task in progress (its holder, or a manager): a battery swap records the battery fitted (the bike's battery record), any task its parts and cost",
      { ...changed, body: TaskFinishSchema },
    ),
    async (request) => finishTask(scopeOf(request), request.params.id, request.body),
  );

  const transition = (path: string, summary: string, run: typeof cancelTask) =>
    app.post(
      path,
      route.field(summary, { ...changed, body: TaskTransitionSchema }),
      async (request) => run(scopeOf(request), request.params.id, request.body),
    );
  transition('/tasks/:id/cancel', 'Cancel an open task or one in progress (managers)', cancelTask);
  transition('/tasks/:id/reopen', 'Reopen a done or cancelled task (managers)', reopenTask);

  app.put(
    '/tasks/:id/checklist/:item',
    route.field("Check or uncheck an item of the task's checklist (an item of its kind)", {
      ...changed,
      params: TaskChecklistParamsSchema,
      body: TaskCheckSchema,
    }),
    async (request) =>
      checkItem(scopeOf(request), request.params.id, request.params.item, request.body),
  );
};

export default taskRoutes;
